import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { mediaUploadHeader, type MediaItem } from '@northbeam/common';
import type { Response } from 'superagent';
import { createStaff, signedInAgent } from '../factories/staff.js';
import { createTestApp, type TestApp } from './test-app.js';

/** The suites of the site export (docs/export-format.md): a seeded site to export, and its download. */
export type Agent = Awaited<ReturnType<typeof signedInAgent>>;

export const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Reads a response body as bytes (supertest's `.parse`). */
function binary(response: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

/** GET /api/admin/exports/site, answered 200, its body the ZIP's bytes. */
export async function downloadSiteExport(agent: Agent): Promise<Response> {
  const response = await agent.get('/api/admin/exports/site').buffer(true).parse(binary);
  expect(response.status).toBe(200);
  return response;
}

/**
 * An application over a database seeded with content, an admin signed in, and one image uploaded
 * through the media library (a PNG of one colour, with its alternative text).
 */
export async function seededSiteWithImage(image: {
  width: number;
  height: number;
  background: string;
  alt: string;
  fileName: string;
}): Promise<{ app: TestApp; admin: Agent; image: MediaItem }> {
  const app = await createTestApp({ config: { seedContent: true } });
  await createStaff(app, 'admin');
  const admin = await signedInAgent(app, 'admin@northbeam.example');
  const png = await sharp({
    create: { width: image.width, height: image.height, channels: 3, background: image.background },
  })
    .png()
    .toBuffer();
  const upload = await admin
    .post('/api/admin/media')
    .set(mediaUploadHeader.name, mediaUploadHeader.value)
    .field('alt', image.alt)
    .attach('file', png, image.fileName);
  expect(upload.status).toBe(201);
  return { app, admin, image: upload.body as MediaItem };
}
