import { mediaUploadHeader, type ImportJob } from '@northbeam/common';
import type { TestApp } from '../helpers/test-app.js';
import type { signedInAgent } from './staff.js';

type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** Uploads an export to POST /api/admin/imports (multipart, with the upload header the cross-site guard asks for). */
export function postImport(
  agent: Agent,
  file: Buffer,
  filename: string,
  fields: { dryRun?: boolean; sections?: Record<string, string> } = {},
) {
  const request = agent.post('/api/admin/imports').set(mediaUploadHeader.name, mediaUploadHeader.value);
  if (fields.dryRun) void request.field('dryRun', 'true');
  if (fields.sections) void request.field('sections', JSON.stringify(fields.sections));
  return request.attach('file', file, filename);
}

/** Polls GET /api/admin/imports/{id} until the job has ended. */
export async function importFinished(agent: Agent, id: string, timeoutMs = 120_000): Promise<ImportJob> {
  const started = Date.now();
  for (;;) {
    const response = await agent.get(`/api/admin/imports/${id}`);
    if (response.status !== 200) throw new Error(`GET import answered ${response.status}`);
    const job = response.body as ImportJob;
    if (job.state === 'done' || job.state === 'failed') return job;
    if (Date.now() - started > timeoutMs) throw new Error(`Import ${id} still ${job.state}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A one-post Ghost export: the smallest file the importer takes. */
export function smallGhostExport(options: { slug?: string; featureImage?: string; html?: string } = {}): Buffer {
  const slug = options.slug ?? 'a-small-import';
  return Buffer.from(
    JSON.stringify({
      db: [
        {
          meta: { version: '5.130.6' },
          data: {
            posts: [
              {
                id: `id-${slug}`,
                uuid: `uuid-${slug}`,
                title: `Post ${slug}`,
                slug,
                html: options.html ?? '<p>Some text.</p>',
                type: 'post',
                status: 'published',
                published_at: '2024-05-01T10:00:00.000Z',
                feature_image: options.featureImage ?? null,
                custom_excerpt: 'An excerpt.',
              },
            ],
            tags: [],
            users: [],
            posts_tags: [],
            posts_authors: [],
          },
        },
      ],
    }),
  );
}

export type { TestApp };
