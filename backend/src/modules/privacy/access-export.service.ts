import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { strToU8, zipSync } from 'fflate';
import type { EntityManager } from 'typeorm';
import { formatDate, messages, retentionPeriods, site } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import type { PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { escapeHtml } from '../mail/mail-layout.js';
import type { DeletionRequest } from './entities/deletion-request.entity.js';
import { PERSONAL_DATA_STORES } from './personal-data-stores.js';
import { newToken, sha256 } from './privacy-rules.js';
import { PrivacyRepository } from './privacy.repository.js';

const dayMs = 24 * 60 * 60 * 1000;

/** The names of the two files inside the ZIP a requester downloads. */
export const exportFileNames = { json: 'your-data.json', html: 'your-data.html' } as const;

interface StoreExport {
  holds: string;
  rows: Record<string, unknown>[];
}

/**
 * The right of access (docs/product.md#privacy-requests): every record held for an address, from every
 * store that declares how to collect it, as JSON and as a readable page in one ZIP. The ZIP waits in
 * `privacy_exports` behind a one-use link (its token only as a hash) and is deleted when taken or
 * when its period ends (the daily purge).
 */
@Injectable()
export class AccessExportService {
  constructor(
    private readonly repository: PrivacyRepository,
    @Inject(PERSONAL_DATA_STORES) private readonly stores: PersonalDataStore[],
  ) {}

  /** Builds and stores the export of an approved access request; answers the link's token and end. */
  async build(
    manager: EntityManager,
    request: DeletionRequest,
    now: Date,
  ): Promise<{ token: string; expiresAt: Date }> {
    const email = request.email!.trim().toLowerCase();
    const stores: Record<string, StoreExport> = {};
    for (const store of this.stores) {
      if (store.collect) stores[store.name] = { holds: store.holds, rows: await store.collect(manager, email) };
    }
    const generated = {
      generatedAt: now.toISOString(),
      requestId: request.requestId,
      email,
      controller: site.legalName,
      stores,
    };
    const archive = zipSync(
      {
        [exportFileNames.json]: strToU8(JSON.stringify(generated, null, 2)),
        [exportFileNames.html]: strToU8(readablePage(generated)),
      },
      { level: 6, mtime: now },
    );
    const token = newToken();
    const expiresAt = new Date(now.getTime() + (retentionPeriods.accessExports.days ?? 7) * dayMs);
    await this.repository.addExport(manager, {
      requestId: request.requestId,
      tokenHash: sha256(token),
      archive,
      expiresAt,
      createdAt: now,
    });
    await this.repository.addAudit(manager, {
      requestId: request.requestId,
      emailHash: request.emailHash,
      action: 'export_ready',
      actor: 'system',
      details: {
        rows: Object.fromEntries(Object.entries(stores).map(([name, entry]) => [name, entry.rows.length])),
        expiresAt: expiresAt.toISOString(),
      },
    });
    return { token, expiresAt };
  }

  /** The ZIP behind a mailed link, once; 400 with a sentence when used, unknown or expired. */
  async download(token: string, now = new Date()): Promise<{ fileName: string; archive: Buffer }> {
    const taken = token && token.length <= 100 ? await this.repository.takeExport(sha256(token), now) : null;
    if (!taken) throw new ApiError(HttpStatus.BAD_REQUEST, messages.accessDownloadInvalid);
    const request = await this.repository.findByRequestId(taken.requestId);
    if (request) {
      await this.repository.transaction((manager) =>
        this.repository.addAudit(manager, {
          requestId: request.requestId,
          emailHash: request.emailHash,
          action: 'export_downloaded',
          actor: null,
          details: {},
        }),
      );
    }
    return { fileName: `${taken.requestId.toLowerCase()}-your-data.zip`, archive: taken.archive };
  }
}

function cell(value: unknown): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>';
  if (value instanceof Date) return escapeHtml(formatDate(value, 'd MMM yyyy, HH:mm'));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
    return escapeHtml(String(value));
  return `<code>${escapeHtml(JSON.stringify(value))}</code>`;
}

/** The same data as a page a person can read in any browser (no script, every value escaped). */
function readablePage(data: {
  generatedAt: string;
  requestId: string;
  email: string;
  stores: Record<string, StoreExport>;
}): string {
  const sections = Object.entries(data.stores).map(([name, entry]) => {
    const columns = [...new Set(entry.rows.flatMap((row) => Object.keys(row)))];
    const body =
      entry.rows.length === 0
        ? '<p class="none">We hold nothing of this kind about you.</p>'
        : `<div class="scroll"><table><thead><tr>${columns.map((column) => `<th>${escapeHtml(column)}</th>`).join('')}</tr></thead><tbody>${entry.rows
            .map((row) => `<tr>${columns.map((column) => `<td>${cell(row[column])}</td>`).join('')}</tr>`)
            .join('')}</tbody></table></div>`;
    return `<section><h2>${escapeHtml(name)} <small>(${entry.rows.length})</small></h2><p>${escapeHtml(entry.holds)}</p>${body}</section>`;
  });
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Your data held by ${escapeHtml(site.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#0b1020;line-height:1.5}table{border-collapse:collapse;width:100%;font-size:.875rem}th,td{border:1px solid #e3e6ee;padding:.4rem .6rem;text-align:left;vertical-align:top;white-space:pre-wrap;word-break:break-word}th{background:#f4f5f8}.scroll{overflow-x:auto}.none{color:#5b6275}small{color:#5b6275;font-weight:normal}</style>
</head><body><h1>Your data held by ${escapeHtml(site.name)}</h1>
<p>Every record ${escapeHtml(site.legalName)} held about <strong>${escapeHtml(data.email)}</strong> on ${escapeHtml(formatDate(data.generatedAt, 'd MMMM yyyy'))}, for request ${escapeHtml(data.requestId)}. The file <code>${exportFileNames.json}</code> beside this page holds the same data in a machine-readable form.</p>
${sections.join('\n')}
</body></html>`;
}
