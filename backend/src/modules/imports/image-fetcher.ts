import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import path from 'node:path';
import { importLimits, mediaLimits } from '@northbeam/common';

/** An image that could not be fetched, with why in words ("its server did not answer"). */
export class ImageFetchError extends Error {}

/** Addresses an import never fetches from unless IMPORT_ALLOW_PRIVATE is set: this machine, its networks, link-local. */
const privateAddresses = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  privateAddresses.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  privateAddresses.addSubnet(network, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return privateAddresses.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return privateAddresses.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const refusedPrivate = 'its address is on a private network, which an import does not fetch from';

/** DNS lookup that refuses private answers: the check happens on the address actually connected to. */
function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((entry) => allowPrivate || !isPrivateAddress(entry.address));
      if (allowed.length === 0) return callback(new ImageFetchError(refusedPrivate), '', 4);
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, allowed);
      callback(null, allowed[0].address, allowed[0].family);
    });
  };
}

export interface FetchedImage {
  bytes: Buffer;
  filename: string;
}

const maxRedirects = 3;

/**
 * Fetches an image of an imported post (outbound: never inside a transaction). http(s) only, no
 * private, loopback or link-local address (after DNS, on every redirect) unless `allowPrivate`,
 * `importLimits.imageTimeoutMs` in all, at most the media library's upload size.
 */
export async function fetchImage(address: string, options: { allowPrivate: boolean }): Promise<FetchedImage> {
  const deadline = Date.now() + importLimits.imageTimeoutMs;
  let current = address.startsWith('//') ? `https:${address}` : address;
  for (let hop = 0; hop <= maxRedirects; hop++) {
    let url: URL;
    try {
      url = new URL(current);
    } catch {
      throw new ImageFetchError('its address is not a web address');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new ImageFetchError('its address is not a web address');
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !options.allowPrivate && isPrivateAddress(host)) throw new ImageFetchError(refusedPrivate);
    const answer = await get(url, options.allowPrivate, deadline);
    if ('redirect' in answer) {
      current = new URL(answer.redirect, url).toString();
      continue;
    }
    return { bytes: answer.bytes, filename: path.posix.basename(url.pathname) || 'image' };
  }
  throw new ImageFetchError('it redirects too many times');
}

function get(url: URL, allowPrivate: boolean, deadline: number): Promise<{ bytes: Buffer } | { redirect: string }> {
  return new Promise((resolve, reject) => {
    const remaining = deadline - Date.now();
    if (remaining <= 0) return reject(new ImageFetchError(`it took more than ${importLimits.imageTimeoutMs / 1000} s`));
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: guardedLookup(allowPrivate), headers: { accept: 'image/*', 'user-agent': 'Northbeam importer' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status !== 200) {
          response.resume();
          return reject(new ImageFetchError(`its server answered ${status}`));
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > mediaLimits.uploadMaxBytes) {
          request.destroy();
          return reject(new ImageFetchError('it is over the media library’s 20 MB limit'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > mediaLimits.uploadMaxBytes) {
            request.destroy();
            reject(new ImageFetchError('it is over the media library’s 20 MB limit'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', () => reject(new ImageFetchError('its server stopped answering')));
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      reject(new ImageFetchError(`it took more than ${importLimits.imageTimeoutMs / 1000} s`));
    }, remaining);
    request.on('close', () => clearTimeout(timer));
    request.on('error', (error) => {
      clearTimeout(timer);
      reject(error instanceof ImageFetchError ? error : new ImageFetchError('its server could not be reached'));
    });
  });
}
