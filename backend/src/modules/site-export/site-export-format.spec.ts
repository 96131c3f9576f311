import { createHash } from 'node:crypto';
import { unzipSync, zipSync } from 'fflate';
import {
  buildSiteExport,
  readSiteExport,
  siteExportFormat,
  SiteExportError,
  type SiteExportData,
} from './site-export-format.js';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function sample(): SiteExportData {
  return {
    exportedAt: '2026-11-28T09:00:00.000Z',
    site: { name: 'Northbeam', url: 'https://www.example.com' },
    schema: 'PostsLivePathIndex1764830000000',
    posts: [
      {
        id: 'p1',
        slug: 'hello',
        title: 'Hello, "world"',
        tags: ['AI', 'Ops'],
        published_at: '2026-01-02T03:04:05.678+00:00',
      },
    ],
    caseStudies: [{ id: 'c1', slug: 'harbour', metrics: [{ label: 'Speed', value: '2x' }] }],
    teamMembers: [{ id: 't1', name: 'Helena Marsh' }],
    settings: { id: 1, data: { contactEmail: 'hello@example.com' } },
    redirects: [{ id: 'r1', from_path: '/old', to_path: '/new' }],
    postRedirects: [{ id: 'pr1', section: 'labs', slug: 'old-hello', post_id: 'p1' }],
    tags: [{ name: 'AI', slug: 'ai', posts: 1 }],
    media: [
      {
        record: { id: 'm1', filename: 'harbour.png', alt: 'Harbour' },
        objects: [
          { key: 'm1/original', contentType: 'image/png', bytes: Uint8Array.from([0, 1, 2, 255, 254]) },
          { key: 'm1/320.webp', contentType: 'image/webp', bytes: Uint8Array.from([9, 8, 7]) },
        ],
      },
    ],
    otherObjects: [
      { key: 'playbook/guide.pdf', contentType: 'application/pdf', bytes: Uint8Array.from([37, 80, 68, 70]) },
    ],
  };
}

describe('site export format', () => {
  it('reads back exactly what it wrote, bytes included', () => {
    const data = sample();
    const read = readSiteExport(buildSiteExport(data));
    expect(read).toEqual(data);
    expect(sha(read.media[0].objects[0].bytes)).toBe(sha(data.media[0].objects[0].bytes));
  });

  it('writes a manifest that names the format, version, counts and every file with its SHA-256', () => {
    const files = unzipSync(buildSiteExport(sample()));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as {
      format: string;
      version: number;
      counts: Record<string, number>;
      files: Record<string, { sha256: string }>;
    };
    expect(manifest.format).toBe(siteExportFormat);
    expect(manifest.version).toBe(1);
    expect(manifest.counts).toMatchObject({
      posts: 1,
      caseStudies: 1,
      media: 1,
      mediaObjects: 3,
      tags: 1,
      redirects: 1,
    });
    expect(manifest.files['media/m1/original'].sha256).toBe(sha(Uint8Array.from([0, 1, 2, 255, 254])));
    expect(Object.keys(files).sort()).toEqual(['manifest.json', ...Object.keys(manifest.files)].sort());
  });

  it('refuses a file that is not a ZIP, a ZIP without a manifest, and a newer version', () => {
    expect(() => readSiteExport(new TextEncoder().encode('<?xml version="1.0"?><rss/>'))).toThrow(
      'The file is not a ZIP archive (or it is cut short): it is not a site export.',
    );
    expect(() => readSiteExport(zipSync({ 'posts.json': new TextEncoder().encode('[]') }))).toThrow(
      'The export has no manifest.json: it is incomplete.',
    );
    const files = unzipSync(buildSiteExport(sample()));
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json'])) as Record<string, unknown>;
    files['manifest.json'] = new TextEncoder().encode(JSON.stringify({ ...manifest, version: 2 }));
    expect(() => readSiteExport(zipSync(files))).toThrow(/format version 2, newer than this site reads/);
    files['manifest.json'] = new TextEncoder().encode(JSON.stringify({ ...manifest, format: 'ghost' }));
    expect(() => readSiteExport(zipSync(files))).toThrow(SiteExportError);
  });

  it('refuses a damaged or incomplete export', () => {
    const whole = buildSiteExport(sample());
    expect(() => readSiteExport(whole.subarray(0, Math.floor(whole.length / 2)))).toThrow(/not a ZIP archive/);
    const files = unzipSync(whole);
    files['media/m1/original'] = Uint8Array.from([0, 1, 2, 255, 253]);
    expect(() => readSiteExport(zipSync(files))).toThrow(
      "media/m1/original in the export is damaged (its SHA-256 differs from the manifest's).",
    );
    const missing = unzipSync(whole);
    delete missing['posts.json'];
    expect(() => readSiteExport(zipSync(missing))).toThrow(
      'The export has no posts.json, which its manifest lists: it is incomplete.',
    );
  });
});
