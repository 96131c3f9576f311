import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { mediaUploadHeader, type MediaItem } from '@northbeam/common';
import type { Response } from 'superagent';
import { readSiteExport, type SiteExportData } from '../src/modules/site-export/site-export-format.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * GET /api/admin/exports/site (docs/export-format.md): a seeded site with an uploaded image, exported
 * and read back with the importer's reader, equals the database record for record and byte for byte.
 * Who may call it is in access.e2e-spec.ts; its activity line in activity.e2e-spec.ts.
 */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function binary(response: Response, callback: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  response.on('data', (chunk: Buffer) => chunks.push(chunk));
  response.on('end', () => callback(null, Buffer.concat(chunks)));
}

describe('Site export', () => {
  let testApp: TestApp;
  let admin: Agent;
  let image: MediaItem;

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: true } });
    await createStaff(testApp, 'admin');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    const png = await sharp({ create: { width: 700, height: 400, channels: 3, background: '#236' } })
      .png()
      .toBuffer();
    const upload = await admin
      .post('/api/admin/media')
      .set(mediaUploadHeader.name, mediaUploadHeader.value)
      .field('alt', 'Harbour at dawn')
      .attach('file', png, 'harbour.png');
    expect(upload.status).toBe(201);
    image = upload.body as MediaItem;
    await testApp.dataSource.query(`INSERT INTO redirects (from_path, to_path) VALUES ('/old-page', '/about')`);
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  async function exported(): Promise<{ data: SiteExportData; response: Response }> {
    const response = await admin.get('/api/admin/exports/site').buffer(true).parse(binary);
    expect(response.status).toBe(200);
    return { data: readSiteExport(new Uint8Array(response.body as Buffer)), response };
  }

  const records = async (table: string) =>
    (
      await testApp.dataSource.query<Array<{ record: Record<string, unknown> }>>(
        `SELECT to_jsonb(t) AS record FROM "${table}" t ORDER BY t."id"`,
      )
    ).map((row) => row.record);
  const byId = (list: Array<Record<string, unknown>>) =>
    [...list].sort((a, b) => String(a.id).localeCompare(String(b.id)));

  it('answers one ZIP download of every post, case study, team member, setting, redirect, tag and media object', async () => {
    const { data, response } = await exported();
    expect(response.headers['content-type']).toBe('application/zip');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="northbeam-site-\d{4}-\d{2}-\d{2}\.zip"$/,
    );
    expect(response.headers['cache-control']).toBe('no-store');

    expect(data.posts.length).toBeGreaterThan(0);
    expect(byId(data.posts)).toEqual(byId(await records('posts')));
    expect(byId(data.caseStudies)).toEqual(byId(await records('case_studies')));
    expect(byId(data.teamMembers)).toEqual(byId(await records('team_members')));
    expect(byId(data.redirects)).toEqual(byId(await records('redirects')));
    expect(byId(data.postRedirects)).toEqual(byId(await records('post_redirects')));
    expect(data.settings).toEqual((await records('site_settings'))[0] ?? null);
    const tags = await testApp.dataSource.query<Array<{ tag: string }>>(
      `SELECT DISTINCT jsonb_array_elements_text(tags) AS tag FROM posts ORDER BY 1`,
    );
    expect(data.tags.map((tag) => tag.name).sort()).toEqual(tags.map((row) => row.tag).sort());

    // Every stored object, byte for byte.
    const objects = await testApp.dataSource.query<Array<{ key: string; body: Buffer }>>(
      `SELECT key, body FROM media_objects ORDER BY key`,
    );
    const exportedObjects = [...data.media.flatMap((item) => item.objects), ...data.otherObjects];
    expect(Object.fromEntries(exportedObjects.map((object) => [object.key, sha(object.bytes)]))).toEqual(
      Object.fromEntries(objects.map((object) => [object.key, sha(object.body)])),
    );
    const item = data.media.find((entry) => entry.record.id === image.id);
    expect(item?.record).toMatchObject({ id: image.id, alt: 'Harbour at dawn', filename: 'harbour.png' });
    expect(item?.objects[0]?.key).toBe(`${image.id}/original`);
  });
});
