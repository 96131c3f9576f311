import { HttpStatus, Inject, Injectable, Optional } from '@nestjs/common';
import { strToU8, zipSync } from 'fflate';
import type { EntityManager } from 'typeorm';
import { formatDate, isDate, messages, retentionPeriods, site, type AccessDownloadState } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import type { PersonalDataLetter, PersonalDataStore } from '../../core/personal-data/personal-data-store.js';
import { escapeHtml } from '../mail/mail-layout.js';
import type { DeletionRequest } from './entities/deletion-request.entity.js';
import { reviewFindings, type FoundKind, type ReviewedFinding } from './access-review.js';
import { PERSONAL_DATA_STORES } from './personal-data-stores.js';
import { newToken, sha256 } from './privacy-rules.js';
import { PrivacyRepository } from './privacy.repository.js';
import { SiteSettingsService } from '../site-settings/site-settings.service.js';
import { Transactions } from '../../database/transactions.js';

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
 * `privacy_exports` behind a one-use link (its token only as a hash); the file is dropped when taken
 * and the row deleted when its period ends (the daily purge).
 */
@Injectable()
export class AccessExportService {
  constructor(
    private readonly repository: PrivacyRepository,
    @Inject(PERSONAL_DATA_STORES) private readonly stores: PersonalDataStore[],
    private readonly transactions: Transactions,
    /** The privacy address the letter names; the brand facts' where there are no settings (unit tests). */
    @Optional() private readonly siteSettings: SiteSettingsService | null = null,
  ) {}

  /**
   * Everything held about the request's address, kind by kind, each record a finding for the review
   * before disclosure (docs/product.md#privacy-review).
   */
  async findings(manager: EntityManager, request: DeletionRequest): Promise<FoundKind[]> {
    const email = request.email!.trim().toLowerCase();
    const collected: { store: PersonalDataStore; rows: Record<string, unknown>[] }[] = [];
    for (const store of this.stores) {
      if (!store.collect) continue;
      collected.push({ store, rows: await store.collect(manager, email) });
    }
    const staff = (await this.repository.staffPeople(manager)).filter(
      (person) => person.email.trim().toLowerCase() !== email,
    );
    const settings = await this.siteSettings?.publicSettings(manager);
    const ownDomains = [site.email, site.privacyEmail, settings?.privacyEmail ?? site.privacyEmail]
      .map((address) => address.split('@')[1]?.toLowerCase())
      .filter((domain): domain is string => Boolean(domain));
    return reviewFindings(collected, email, staff, [...new Set(ownDomains)]);
  }

  /**
   * Builds and stores the export of an approved access request from the records the review kept;
   * answers the link's token and end.
   */
  async build(
    manager: EntityManager,
    request: DeletionRequest,
    now: Date,
    kinds: FoundKind[],
    kept: ReviewedFinding[],
  ): Promise<{ token: string; expiresAt: Date }> {
    const email = request.email!.trim().toLowerCase();
    const keptIds = new Set(kept.map((finding) => finding.id));
    const stores: Record<string, StoreExport> = {};
    const letters: LetterSection[] = [];
    for (const kind of kinds) {
      const findings = kind.findings.filter((finding) => keptIds.has(finding.id));
      const rows = findings.flatMap((finding) => finding.rows);
      stores[kind.store.name] = { holds: kind.store.holds, rows };
      letters.push({
        holds: kind.store.holds,
        title: kind.title,
        letter: kind.store.letter,
        rows,
        // Visits read as a summary a day, not as the rows behind it.
        days: kind.store.visits ? findings.map((finding) => finding.preview) : undefined,
      });
    }
    const withheld = kinds.reduce((sum, kind) => sum + kind.findings.length, 0) - keptIds.size;
    const generated = {
      generatedAt: now.toISOString(),
      requestId: request.requestId,
      email,
      controller: site.legalName,
      /** Records left out after review (about other people as well); said in the letter too. */
      withheldRecords: withheld,
      stores,
    };
    const archive = zipSync(
      {
        [exportFileNames.json]: strToU8(JSON.stringify(generated, null, 2)),
        [exportFileNames.html]: strToU8(
          letterPage({
            ...generated,
            receivedAt: request.receivedAt,
            sections: letters,
            privacyEmail: (await this.siteSettings?.publicSettings(manager))?.privacyEmail ?? site.privacyEmail,
          }),
        ),
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

  /**
   * What the download page shows for a link, without taking anything (mail scanners open links): the
   * file still waits, or it was downloaded (when), or it has expired (or the link is unknown).
   */
  async state(token: string, now = new Date()): Promise<AccessDownloadState> {
    const found = token && token.length <= 100 ? await this.repository.exportState(sha256(token)) : null;
    if (found?.downloadedAt) return { state: 'used', downloadedAt: found.downloadedAt.toISOString() };
    if (!found || !found.ready || found.expiresAt <= now) return { state: 'expired' };
    return { state: 'ready', expiresAt: found.expiresAt.toISOString() };
  }

  /** The ZIP behind a mailed link, once; 400 with a sentence when used, unknown or expired. */
  async download(token: string, now = new Date()): Promise<{ fileName: string; archive: Buffer }> {
    const taken = token && token.length <= 100 ? await this.repository.takeExport(sha256(token), now) : null;
    if (!taken) throw new ApiError(HttpStatus.BAD_REQUEST, messages.accessDownloadInvalid);
    const request = await this.repository.findByRequestId(taken.requestId);
    if (request) {
      await this.transactions.run((manager) =>
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

interface LetterSection {
  holds: string;
  title: string;
  letter?: PersonalDataLetter;
  rows: Record<string, unknown>[];
  /** Visits: one summary a day (day, pages, counts) instead of the rows. */
  days?: { label: string; value: string }[][];
}

const ukDateTime = (value: Date | string) => formatDate(value, 'd MMM yyyy, HH:mm');

/** One value in words: dates in UK time, codes through the store's words, details as a list. */
function valueInWords(value: unknown, words?: (value: string) => string): string {
  if (value === null || value === undefined || value === '') return '<span class="none">—</span>';
  if (value instanceof Date) return escapeHtml(ukDateTime(value));
  if (typeof value === 'string') {
    if (words) return escapeHtml(words(value));
    return escapeHtml(/^\d{4}-\d{2}-\d{2}T/.test(value) && isDate(value) ? ukDateTime(value) : value);
  }
  if (typeof value === 'number') return escapeHtml(String(value));
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== null && item !== '');
    if (entries.length === 0) return '<span class="none">—</span>';
    return `<ul>${entries.map(([key, item]) => `<li>${escapeHtml(key.replace(/_/g, ' '))}: ${valueInWords(item)}</li>`).join('')}</ul>`;
  }
  return typeof value === 'bigint' ? value.toString() : '';
}

/** One record as a list of labelled fields, in the store's order; a field without a label reads as "Other detail". */
function record(row: Record<string, unknown>, letter: PersonalDataLetter | undefined): string {
  const fields = letter?.fields ?? {};
  const labelled = Object.keys(fields).filter((field) => field in row && fields[field] !== null);
  const others = Object.keys(row).filter((field) => !(field in fields));
  const items = [
    ...labelled.map((field) => [fields[field]!, valueInWords(row[field], letter?.words?.[field])]),
    ...others.map((field) => ['Other detail', valueInWords(row[field])]),
  ];
  return `<dl>${items.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

/**
 * The same data as a letter to the requester, readable in any browser (no script, every value
 * escaped): a section per kind of record we hold about them, each record as labelled fields with
 * UK dates, then the kinds we hold nothing of. No table or field name of ours appears in it.
 */
function letterPage(data: {
  generatedAt: string;
  requestId: string;
  email: string;
  receivedAt: Date;
  sections: LetterSection[];
  privacyEmail: string;
  withheldRecords: number;
}): string {
  const held = data.sections.filter((section) => section.rows.length > 0);
  const empty = data.sections.filter((section) => section.rows.length === 0);
  const title = (section: LetterSection) => section.title;
  const sections = held.map((section) =>
    section.days
      ? `<section><h2>${escapeHtml(title(section))} <small>(${section.rows.length} on ${section.days.length} day${section.days.length === 1 ? '' : 's'})</small></h2><ol>${section.days
          .map(
            (fields) =>
              `<li><dl>${fields.map((field) => `<dt>${escapeHtml(field.label)}</dt><dd>${escapeHtml(field.value)}</dd>`).join('')}</dl></li>`,
          )
          .join(
            '',
          )}</ol><p>The file <code>${exportFileNames.json}</code> holds each of these records in full.</p></section>`
      : `<section><h2>${escapeHtml(title(section))} <small>(${section.rows.length})</small></h2><ol>${section.rows
          .map((row) => `<li>${record(row, section.letter)}</li>`)
          .join('')}</ol></section>`,
  );
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Your data held by ${escapeHtml(site.name)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:44rem;padding:0 1rem;color:#0b1020;line-height:1.55}h2{margin-top:2.5rem;font-size:1.2rem}ol{padding-left:1.25rem}li{margin:0 0 1.25rem}dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.35rem 1rem;margin:0}dt{color:#5b6275}dd{margin:0;white-space:pre-wrap;word-break:break-word}dd ul{margin:0;padding-left:1rem}.none{color:#5b6275}small{color:#5b6275;font-weight:normal}@media (max-width:30rem){dl{grid-template-columns:1fr}dd{margin-bottom:.5rem}}</style>
</head><body><h1>Your data held by ${escapeHtml(site.name)}</h1>
<p>Hello,</p>
<p>On ${escapeHtml(formatDate(data.receivedAt, 'd MMMM yyyy'))} you asked for a copy of the personal data ${escapeHtml(site.legalName)} holds about <strong>${escapeHtml(data.email)}</strong> (request ${escapeHtml(data.requestId)}). This is the personal data we held about you on ${escapeHtml(formatDate(data.generatedAt, 'd MMMM yyyy'))}, kind by kind. Times are UK times.</p>
${
  data.withheldRecords > 0
    ? `<p><strong>What we left out.</strong> We left out ${data.withheldRecords} record${data.withheldRecords === 1 ? '' : 's'} that would also tell you about other people (for example notes between members of our staff), as the law allows where disclosing them would not be fair to those people. If you want to ask about them, write to <a href="mailto:${escapeHtml(data.privacyEmail)}">${escapeHtml(data.privacyEmail)}</a>. You may also complain to the Information Commissioner's Office (ico.org.uk).</p>`
    : ''
}
${sections.join('\n')}
${empty.length > 0 ? `<section><h2>What we hold nothing of</h2><p>We hold none of these about you:</p><ul>${empty.map((section) => `<li>${escapeHtml(title(section))}</li>`).join('')}</ul></section>` : ''}
<p>The file <code>${exportFileNames.json}</code> beside this letter holds the same data for other programs. If anything here is wrong or you want it deleted, write to <a href="mailto:${escapeHtml(data.privacyEmail)}">${escapeHtml(data.privacyEmail)}</a>.</p>
<p>The ${escapeHtml(site.name)} privacy team</p>
</body></html>`;
}
