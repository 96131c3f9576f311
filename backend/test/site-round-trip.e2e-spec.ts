import { randomUUID } from 'node:crypto';
import { mediaLimits, type ImportJob, type ImportPreview } from '@northbeam/common';
import {
  buildSiteExport,
  readSiteExport,
  type ExportRecord,
  type SiteExportData,
} from '../src/modules/site-export/site-export-format.js';
import { importFinished, postImport } from './factories/imports.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { downloadSiteExport, seededSiteWithImage, sha, type Agent } from './helpers/site-export.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * The round trip of docs/export-format.md: a seeded site (posts, case studies, team members,
 * settings, redirects, tags, media with their bytes) is exported, the file is imported into a
 * second application on its own empty database, that one is exported, and every record and every
 * stored byte is the same. Only what the format documents as not carried is left out of the
 * comparison: references to staff accounts (`*_by_id`, the accounts are not in the export).
 */
const hookTimeoutMs = 180_000;
async function exportOf(agent: Agent): Promise<Buffer> {
  return (await downloadSiteExport(agent)).body as Buffer;
}

/** A record without its references to staff accounts, which the export does not carry. */
const comparable = (record: ExportRecord) =>
  Object.fromEntries(Object.entries(record).filter(([key]) => !key.endsWith('_by_id')));
const byId = (list: ExportRecord[]) =>
  [...list].map(comparable).sort((a, b) => String(a.id).localeCompare(String(b.id)));

/** Everything of an export that must survive the trip: records and the hash of every stored object. */
function content(data: SiteExportData) {
  return {
    posts: byId(data.posts),
    caseStudies: byId(data.caseStudies),
    teamMembers: byId(data.teamMembers),
    settings: data.settings,
    redirects: byId(data.redirects),
    postRedirects: byId(data.postRedirects),
    tags: data.tags,
    media: byId(data.media.map((item) => item.record)),
    objects: Object.fromEntries(
      [...data.media.flatMap((item) => item.objects), ...data.otherObjects].map((object) => [
        object.key,
        `${object.contentType} ${sha(object.bytes)}`,
      ]),
    ),
  };
}

describe('Site export and import: the round trip', () => {
  let source: TestApp;
  let target: TestApp;
  let sourceAdmin: Agent;
  let targetAdmin: Agent;
  let file: Buffer;
  let original: SiteExportData;

  async function importInto(agent: Agent, bytes: Buffer | Uint8Array, name = 'northbeam-site.zip'): Promise<ImportJob> {
    const started = await postImport(agent, Buffer.from(bytes), name);
    expect(started.status).toBe(202);
    return importFinished(agent, started.body.id as string);
  }

  const targetCounts = async () => {
    const [row] = await target.dataSource.query<Record<string, string>[]>(
      `SELECT (SELECT count(*) FROM posts) AS posts, (SELECT count(*) FROM case_studies) AS case_studies,
              (SELECT count(*) FROM team_members) AS team_members, (SELECT count(*) FROM media) AS media,
              (SELECT count(*) FROM media_objects) AS objects, (SELECT count(*) FROM redirects) AS redirects,
              (SELECT count(*) FROM post_redirects) AS post_redirects, (SELECT count(*) FROM site_settings) AS settings`,
    );
    return row;
  };

  beforeAll(async () => {
    const seeded = await seededSiteWithImage({
      width: 900,
      height: 500,
      background: '#357',
      alt: 'Quay in fog',
      fileName: 'quay.png',
    });
    ({ app: source, admin: sourceAdmin } = seeded);
    const { image } = seeded;
    // A variant is made on its first request and stored beside the original.
    expect((await source.request().get(`/media/${image.id}/${mediaLimits.variantWidths[0]}.webp`)).status).toBe(200);
    const settings = await sourceAdmin.get('/api/admin/settings');
    expect(settings.status).toBe(200);
    expect((await sourceAdmin.put('/api/admin/settings').send(settings.body as object)).status).toBe(200);
    expect(
      (await sourceAdmin.post('/api/admin/redirects').send({ fromPath: '/old-page', toPath: '/about' })).status,
    ).toBe(201);
    // A post with the image as its feature image, and an old address kept for it.
    const [post] = await source.dataSource.query<Array<{ id: string; section: string }>>(
      `SELECT id, section FROM posts WHERE status = 'published' ORDER BY created_at LIMIT 1`,
    );
    await source.dataSource.query(
      `UPDATE posts SET feature_image_id = $1, tags = '["Round trip", "Harbours"]'::jsonb WHERE id = $2`,
      [image.id, post.id],
    );
    await source.dataSource.query(
      `INSERT INTO post_redirects (section, slug, post_id) VALUES ($1, 'its-old-slug', $2)`,
      [post.section, post.id],
    );
    await source.dataSource.query(
      `INSERT INTO media_objects (key, content_type, etag, body) VALUES ('playbook/guide.pdf', 'application/pdf', '"x"', $1)`,
      [Buffer.from('%PDF-1.4 round trip')],
    );
    file = await exportOf(sourceAdmin);
    original = readSiteExport(new Uint8Array(file));

    target = await createTestApp({ config: { seedContent: false } });
    // A new database holds the team members and case studies migrations seed (docs/import.md):
    // emptied, so that the site is empty of content.
    await target.dataSource.query(`DELETE FROM case_studies`);
    await target.dataSource.query(`DELETE FROM team_members`);
    await createStaff(target, 'admin');
    targetAdmin = await signedInAgent(target, 'admin@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await source?.close();
    await target?.close();
  }, hookTimeoutMs);

  it('exports a site with every kind of record and media bytes', () => {
    expect(original.posts.length).toBeGreaterThan(1);
    expect(original.caseStudies.length).toBeGreaterThan(0);
    expect(original.teamMembers.length).toBeGreaterThan(0);
    expect(original.settings).not.toBeNull();
    expect(original.redirects.length).toBeGreaterThan(0);
    expect(original.postRedirects.length).toBeGreaterThan(0);
    expect(original.tags.map((tag) => tag.name)).toContain('Round trip');
    expect(original.media).toHaveLength(1);
    expect(original.media[0].objects.length).toBeGreaterThan(1);
    expect(original.otherObjects.map((object) => object.key)).toEqual(['playbook/guide.pdf']);
  });

  it('previews the file on a dry run as the site export, and writes nothing', async () => {
    const before = await targetCounts();
    expect(before).toMatchObject({ posts: '0', case_studies: '0', team_members: '0', media: '0', redirects: '0' });
    const response = await postImport(targetAdmin, file, 'northbeam-site.zip', { dryRun: true });
    expect(response.status).toBe(200);
    const preview = response.body as ImportPreview;
    expect(preview.kind).toBe('northbeam');
    expect(preview.counts.posts).toEqual({ imported: original.posts.length, skipped: 0, failed: 0 });
    expect(preview.counts.caseStudies).toEqual({ imported: original.caseStudies.length, skipped: 0, failed: 0 });
    expect(preview.counts.images).toEqual({ imported: 1, skipped: 0, failed: 0 });
    expect(preview.counts.settings).toEqual({ imported: 1, skipped: 0, failed: 0 });
    expect(preview.counts.redirects.imported).toBe(original.redirects.length + original.postRedirects.length);
    expect(await targetCounts()).toEqual(before);
  });

  it('imports the export into an empty site, whose own export then has the same records and bytes', async () => {
    const job = await importInto(targetAdmin, file);
    expect(job.problems).toEqual([]);
    expect(job.state).toBe('done');
    expect(job.kind).toBe('northbeam');
    expect(job.counts.posts).toEqual({ imported: original.posts.length, skipped: 0, failed: 0 });
    const again = readSiteExport(new Uint8Array(await exportOf(targetAdmin)));
    expect(content(again)).toEqual(content(original));
    // The imported site serves what it imported: a post, and an image's bytes.
    const post = original.posts.find((record) => record.status === 'published')!;
    const page = await target.request().get(`/api/posts/${String(post.section)}/${String(post.slug)}`);
    expect(page.status).toBe(200);
    expect(await target.request().get('/old-page')).toMatchObject({ status: 301 });
  });

  it('creates nothing new when the same file is imported again', async () => {
    const before = await targetCounts();
    const job = await importInto(targetAdmin, file);
    expect(job.state).toBe('done');
    expect(job.counts.posts).toEqual({ imported: 0, skipped: original.posts.length, failed: 0 });
    expect(job.counts.images).toEqual({ imported: 0, skipped: 1, failed: 0 });
    expect(await targetCounts()).toEqual(before);
  });

  it('reports a record whose address is taken by another one here, and changes nothing already in the site', async () => {
    const post = original.posts[0];
    const clashing: SiteExportData = {
      ...original,
      posts: [{ ...post, id: randomUUID(), title: 'A newcomer with a taken address' }],
      postRedirects: [],
    };
    const before = await target.dataSource.query<ExportRecord[]>(`SELECT to_jsonb(p) AS r FROM posts p ORDER BY id`);
    const job = await importInto(targetAdmin, buildSiteExport(clashing));
    expect(job.state).toBe('done');
    expect(job.counts.posts).toEqual({ imported: 0, skipped: 0, failed: 1 });
    expect(job.problems).toContain(
      `“A newcomer with a taken address”: its address /blog/${String(post.section)}/${String(post.slug)} is taken by another post: it was not imported.`,
    );
    expect(await target.dataSource.query(`SELECT to_jsonb(p) AS r FROM posts p ORDER BY id`)).toEqual(before);
  });

  it('leaves the site as it was when an import fails part of the way', async () => {
    const before = await targetCounts();
    const broken: SiteExportData = {
      ...original,
      teamMembers: [{ ...original.teamMembers[0], id: 'a-new-member', slug: 'a-new-member', name: 'New Member' }],
      // A post without a title cannot be written: the run stops after the team member was written.
      posts: [{ ...original.posts[0], id: randomUUID(), slug: 'no-title-here', title: null }],
    };
    const job = await importInto(targetAdmin, buildSiteExport(broken));
    expect(job.state).toBe('failed');
    expect(job.problems.at(-1)).toMatch(/^The import stopped: /);
    expect(await targetCounts()).toEqual(before);
  });

  it('refuses a site export cut short with the reader’s sentence', async () => {
    const cut = await postImport(targetAdmin, file.subarray(0, file.length / 2), 'cut.zip', { dryRun: true });
    expect(cut.status).toBe(422);
    expect(cut.body.error).toBe('The file is not a ZIP archive (or it is cut short): it is not a site export.');
  });
});
