import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { webhookLimits, webhookMessages } from '@northbeam/common';

/**
 * Never a door inward (docs/webhooks.md#addresses): a webhook goes only to a public address unless
 * WEBHOOK_ALLOW_PRIVATE says otherwise. Checked when an endpoint is saved (a literal address) and
 * again before every attempt, after DNS resolution, on every address the name resolves to; the
 * attempt then connects to the address that was checked, so a second resolution cannot swap it.
 */
const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", the unspecified address
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['::', 96], // IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The 8 groups of an IPv6 address as numbers (`::` expanded, a dotted IPv4 tail converted). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number);
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const missing = tail === undefined ? 0 : 8 - left.length - right.length;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((group) => parseInt(group, 16));
}

/** The IPv4 address an IPv6 one carries (IPv4-mapped `::ffff:a.b.c.d`, NAT64 `64:ff9b::a.b.c.d`), if any. */
function embeddedIpv4(address: string): string | undefined {
  const groups = ipv6Groups(address);
  if (groups.length !== 8 || groups.some((group) => Number.isNaN(group))) return undefined;
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (!mapped && !nat64) return undefined;
  return [groups[6] >> 8, groups[6] & 0xff, groups[7] >> 8, groups[7] & 0xff].join('.');
}

/** Whether an IP address is private, loopback, link-local, unique-local, multicast, unspecified or reserved. */
export function isBlockedAddress(address: string): boolean {
  const version = isIP(address.replace(/%.*$/, ''));
  if (version === 4) return blocked.check(address, 'ipv4');
  if (version !== 6) return true;
  const inner = embeddedIpv4(address);
  if (inner !== undefined) return blocked.check(inner, 'ipv4');
  return blocked.check(address.replace(/%.*$/, ''), 'ipv6');
}

/** The host of a URL as DNS and `isIP` read it (IPv6 without its brackets). */
export function urlHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, '$1');
}

/**
 * The problem with an endpoint's address as typed, or undefined: it must be http(s), carry no user
 * name or password, and (unless private targets are allowed) not be a literal private address or a
 * name that is loopback by definition (`localhost`). Names are checked again at each attempt.
 */
export function endpointUrlProblem(value: string, allowPrivate: boolean): string | undefined {
  if (value.length > webhookLimits.urlMax) return webhookMessages.urlTooLong;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return webhookMessages.urlInvalid;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return webhookMessages.urlInvalid;
  if (!url.hostname) return webhookMessages.urlInvalid;
  if (url.username || url.password) return webhookMessages.urlCredentials;
  if (allowPrivate) return undefined;
  const host = urlHost(url).toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return webhookMessages.urlPrivate;
  if (isIP(host) && isBlockedAddress(host)) return webhookMessages.urlPrivate;
  return undefined;
}

export type ResolvedTarget = { ok: true; address: string; family: 4 | 6 } | { ok: false; reason: string };

export type Resolver = (host: string) => Promise<{ address: string; family: number }[]>;

const systemResolver: Resolver = (host) => lookup(host, { all: true, verbatim: true });

/**
 * Resolves the URL's host to every address it has and answers the one to connect to, or why not:
 * any address in a blocked range refuses the whole name (unless private targets are allowed).
 */
export async function resolveTarget(
  url: URL,
  allowPrivate: boolean,
  resolver: Resolver = systemResolver,
): Promise<ResolvedTarget> {
  const host = urlHost(url);
  let addresses: { address: string; family: number }[];
  const literal = isIP(host);
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolver(host);
    } catch (error) {
      return {
        ok: false,
        reason: `Could not resolve ${host}: ${error instanceof Error ? error.message : String(error)}`,
      };
    }
  }
  if (addresses.length === 0) return { ok: false, reason: `Could not resolve ${host}` };
  if (!allowPrivate && addresses.some(({ address }) => isBlockedAddress(address)))
    return { ok: false, reason: webhookMessages.refusedAddress(host) };
  const chosen = addresses[0];
  return { ok: true, address: chosen.address, family: chosen.family === 6 ? 6 : 4 };
}
