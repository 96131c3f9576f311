import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import express from 'express';
import request from 'supertest';
import { fingerprintedAssets } from './static-assets.js';

describe('fingerprintedAssets', () => {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'assets-'));
  const script = `export const words = ${JSON.stringify('the same words compress well '.repeat(200))};\n`;
  mkdirSync(path.join(directory, 'chunks'));
  writeFileSync(path.join(directory, 'chunks/app.Ab12.js'), script);
  writeFileSync(path.join(directory, 'font.woff2'), Buffer.alloc(2048, 7));
  writeFileSync(path.join(os.tmpdir(), 'secret.js'), 'outside');
  const app = express();
  const assets = fingerprintedAssets(directory);
  app.use('/assets', assets);
  let server: Server;
  let port = 0;
  /** The bytes as sent (supertest would decompress them). */
  const raw = (url: string, acceptEncoding: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http
        .get({ host: '127.0.0.1', port, path: url, headers: { 'accept-encoding': acceptEncoding } }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
          );
        })
        .on('error', reject);
    });

  beforeAll(async () => {
    server = http.createServer(app);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  it('serves brotli, gzip or plain bytes as the client accepts, cached for a year as immutable', async () => {
    const br = await raw('/assets/chunks/app.Ab12.js', 'gzip, br');
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(brotliDecompressSync(br.body).toString()).toBe(script);
    expect(br.body.length).toBeLessThan(script.length / 10);

    const gz = await raw('/assets/chunks/app.Ab12.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(script);

    const plain = await raw('/assets/chunks/app.Ab12.js', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
  });

  it('answers 304 to a matching ETag and leaves fonts uncompressed', async () => {
    const first = await request(app).get('/assets/chunks/app.Ab12.js');
    const again = await request(app).get('/assets/chunks/app.Ab12.js').set('If-None-Match', first.headers.etag);
    expect(again.status).toBe(304);
    const font = await request(app).get('/assets/font.woff2').set('Accept-Encoding', 'br');
    expect(font.headers['content-type']).toBe('font/woff2');
    expect(font.headers['content-encoding']).toBeUndefined();
  });

  it('gives the brotli, gzip and plain bytes ETags of their own, and answers 304 to a weak tag, a list or *', async () => {
    const br = await raw('/assets/chunks/app.Ab12.js', 'br');
    const gz = await raw('/assets/chunks/app.Ab12.js', 'gzip');
    const plain = await raw('/assets/chunks/app.Ab12.js', 'identity');
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    for (const ifNoneMatch of [`W/${br.headers.etag}`, `"something-else", ${br.headers.etag}`, '*']) {
      const again = await request(app)
        .get('/assets/chunks/app.Ab12.js')
        .set('Accept-Encoding', 'br')
        .set('If-None-Match', ifNoneMatch);
      expect(again.status).toBe(304);
    }
    // The gzip copy's tag does not stand for the brotli bytes.
    const other = await request(app)
      .get('/assets/chunks/app.Ab12.js')
      .set('Accept-Encoding', 'br')
      .set('If-None-Match', gz.headers.etag!);
    expect(other.status).toBe(200);
  });

  it('answers 404 for unknown files and never serves a file outside the folder', async () => {
    expect((await request(app).get('/assets/chunks/missing.js')).status).toBe(404);
    expect((await request(app).get('/assets/..%2Fsecret.js')).status).toBe(404);
    expect((await request(app).get('/assets/%E0%A4%A')).status).toBe(404);
    expect((await request(app).get('/assets/chunks')).status).toBe(404);
  });

  it('stores a file once however its path is spelled, and nothing for paths that name no file', async () => {
    expect((await raw('/assets/chunks/app.Ab12.js', 'br')).status).toBe(200);
    const stored = assets.storedFiles();
    const spellings = [
      '/assets/chunks/app.Ab12.js',
      '/assets/./chunks/app.Ab12.js',
      '/assets/chunks/./app.Ab12.js',
      '/assets//chunks//app.Ab12.js',
      '/assets/chunks/../chunks/app.Ab12.js',
      '/assets/other/../chunks/./app.Ab12.js',
      '/assets/%2E/chunks/%2e/app.Ab12.js',
    ];
    for (const spelling of spellings) {
      const answer = await raw(spelling, 'br');
      expect(answer.status).toBe(200);
      expect(brotliDecompressSync(answer.body).toString()).toBe(script);
    }
    for (let index = 0; index < 50; index += 1) {
      expect((await raw(`/assets/${'./'.repeat(index)}chunks/missing-${index}.js`, 'br')).status).toBe(404);
      expect((await raw(`/assets/chunks/%00${index}.js`, 'br')).status).toBe(404);
    }
    expect(assets.storedFiles()).toBe(stored);
  });
});
