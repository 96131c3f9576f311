import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import type { NextFunction, Request, Response } from 'express';
import { answerNotModified, encodedEtag, etagOf } from '../core/http/etag.js';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.jpg': 'image/jpeg',
  '.avif': 'image/avif',
};
/** Types worth compressing (fonts and images are compressed already). */
const textTypes = new Set(['.js', '.mjs', '.css', '.json', '.svg']);

interface Asset {
  type: string;
  etag: string;
  raw: Buffer;
  /** The compressed copies with their own ETags (text files over 1 KiB only). */
  br?: { body: Buffer; etag: string };
  gzip?: { body: Buffer; etag: string };
}

/**
 * Fingerprinted build assets (`/assets/*`) from memory, each compressed once with brotli at its best
 * level and gzip: a file name never changes content, so the work is never repeated, and a request
 * costs no more than a cached page. Unknown files are 404s; nothing outside the folder is served.
 */
export function fingerprintedAssets(directory: string) {
  const root = path.resolve(directory);
  const loaded = new Map<string, Promise<Asset | null>>();

  async function load(file: string): Promise<Asset | null> {
    const extension = path.extname(file).toLowerCase();
    const type = contentTypes[extension];
    if (!type) return null;
    try {
      if (!(await stat(file)).isFile()) return null;
    } catch {
      return null;
    }
    const raw = await readFile(file);
    const asset: Asset = { type, etag: etagOf(raw), raw };
    if (textTypes.has(extension) && raw.length > 1024) {
      const [br, gzip] = await Promise.all([
        brotli(raw, {
          params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        }),
        gzipAsync(raw, { level: 9 }),
      ]);
      asset.br = { body: br, etag: encodedEtag(asset.etag, 'br') };
      asset.gzip = { body: gzip, etag: encodedEtag(asset.etag, 'gzip') };
    }
    return asset;
  }

  const handler = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    let relative: string;
    try {
      relative = decodeURIComponent(request.path);
    } catch {
      response.status(404).end();
      return;
    }
    // Keyed by the file the path names (`./`, `../` and repeated slashes resolved), and only files
    // that exist are remembered: however a path is spelled, the store holds at most one entry per
    // file of the build, each compressed once.
    const file = path.resolve(root, `.${relative}`);
    if (!file.startsWith(`${root}${path.sep}`)) {
      response.status(404).type('text/plain').send('Not found');
      return;
    }
    let pending = loaded.get(file);
    if (!pending) {
      pending = load(file);
      void pending.then((asset) => {
        if (!asset) loaded.delete(file);
      });
      loaded.set(file, pending);
    }
    pending
      .then((asset) => {
        if (!asset) {
          response.status(404).type('text/plain').send('Not found');
          return;
        }
        response.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
        response.setHeader('Content-Type', asset.type);
        response.setHeader('Vary', 'Accept-Encoding');
        let copy = { body: asset.raw, etag: asset.etag };
        let coding: string | undefined;
        if (asset.br && request.acceptsEncodings('br') === 'br') [copy, coding] = [asset.br, 'br'];
        else if (asset.gzip && request.acceptsEncodings('gzip') === 'gzip') [copy, coding] = [asset.gzip, 'gzip'];
        if (answerNotModified(request, response, copy.etag)) return;
        if (coding) response.setHeader('Content-Encoding', coding);
        const body = copy.body;
        response.setHeader('Content-Length', String(body.length));
        if (request.method === 'HEAD') response.end();
        else response.end(body);
      })
      .catch(next);
  };
  /** How many files the store holds (each once, however its path was spelled). */
  return Object.assign(handler, { storedFiles: () => loaded.size });
}
