import type { MediaItem } from '@northbeam/common';
import type { Response } from 'superagent';
import { readSiteExport, type SiteExportData } from '../src/modules/site-export/site-export-format.js';
import { downloadSiteExport, seededSiteWithImage, sha, type Agent } from './helpers/site-export.js';
import type { TestApp } from './helpers/test-app.js';

/**
 * GET /api/admin/exports/site (docs/export-format.md): a seeded site with an uploaded image, exported
 * and read back with the importer's reader, equals the database record for record and byte for byte.
 * Who may call it is in access.e2e-spec.ts; its activity line in activity.e2e-spec.ts.
 */
const hookTimeoutMs = 120_000;

describe('Site export', () => {
  let testApp: TestApp;
  let admin: Agent;
  let image: MediaItem;

  beforeAll(async () => {
    const seeded = await seededSiteWithImage({
      width: 700,
      height: 400,
      background: '#236',
      alt: 'Harbour at dawn',
      fileName: 'harbour.png',
    });
    ({ app: testApp, admin, image } = seeded);
    await testApp.dataSource.query(`INSERT INTO redirects (from_path, to_path) VALUES ('/old-page', '/about')`);
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  async function exported(): Promise<{ data: SiteExportData; response: Response }> {
    const response = await downloadSiteExport(admin);
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
