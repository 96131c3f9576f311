import { createHash } from 'node:crypto';
import {
  accessReviewLimits,
  formatDate,
  isDate,
  type AccessFinding,
  type AccessFindingKind,
  type AccessFindings,
} from '@northbeam/common';
import type { PersonalDataLetter, PersonalDataStore } from '../../core/personal-data/personal-data-store.js';

/**
 * Review before disclosure (docs/product.md#privacy-review): every record found for an access
 * request becomes a finding with a readable preview. A finding is flagged when it may be about someone
 * other than the requester: its kind says so (`store.review`: notes and notifications between staff),
 * or it names another person (a member of staff by name or address, or any other person's e-mail
 * address). Visits to the site are one finding a day, with the pages and counts, never raw rows.
 */

/** Another person the review looks for in a record: a member of staff by name and address. */
export interface OtherPerson {
  name: string;
  email: string;
}

export interface ReviewedFinding extends AccessFinding {
  store: string;
  /** The rows this finding stands for (one, or a day of visits). */
  rows: Record<string, unknown>[];
}

export interface FoundKind {
  store: PersonalDataStore;
  title: string;
  summary: string | null;
  findings: ReviewedFinding[];
}

const emailPattern = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;

/** Every string inside a value (nested objects included). */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.values(value as Record<string, unknown>).flatMap(textsOf);
  return [];
}

function escapeRegExp(value: string): string {
  return value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The other people a record names: members of staff by full name or address, and e-mail addresses
 * other than the requester's and the site's own (`ownDomains`). Names in the order found, once each.
 */
export function namedPeople(
  row: Record<string, unknown>,
  requesterEmail: string,
  others: OtherPerson[],
  ownDomains: string[],
): string[] {
  const text = textsOf(row).join('\n');
  const found = new Set<string>();
  for (const person of others) {
    const byName =
      person.name.trim().length > 2 &&
      new RegExp(`(^|[^\\p{L}])${escapeRegExp(person.name.trim())}($|[^\\p{L}])`, 'iu');
    if ((byName && byName.test(text)) || text.toLowerCase().includes(person.email.toLowerCase()))
      found.add(person.name);
  }
  const staffEmails = new Set(others.map((person) => person.email.toLowerCase()));
  for (const address of text.match(emailPattern) ?? []) {
    const lower = address.toLowerCase();
    const domain = lower.split('@')[1];
    if (lower === requesterEmail || staffEmails.has(lower) || ownDomains.includes(domain)) continue;
    found.add(lower);
  }
  return [...found];
}

function shortText(value: string): string {
  const flat = value.replace(/\s+/g, ' ').trim();
  return flat.length > accessReviewLimits.previewChars
    ? `${flat.slice(0, accessReviewLimits.previewChars - 1)}…`
    : flat;
}

const ukDateTime = (value: Date | string) => formatDate(value, 'd MMM yyyy, HH:mm');

/** One value as plain words for the preview: dates in UK time, codes through the store's words. */
export function plainValue(value: unknown, words?: (value: string) => string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (value instanceof Date) return ukDateTime(value);
  if (typeof value === 'string') {
    if (words) return words(value);
    return /^\d{4}-\d{2}-\d{2}T/.test(value) && isDate(value) ? ukDateTime(value) : value;
  }
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, item]) => item !== null && item !== '');
    return entries.length
      ? entries.map(([key, item]) => `${key.replace(/_/g, ' ')}: ${plainValue(item)}`).join('; ')
      : '—';
  }
  return '';
}

/** A record's labelled fields, in the store's order, for the preview. */
function previewOf(row: Record<string, unknown>, letter: PersonalDataLetter | undefined) {
  const fields = letter?.fields ?? {};
  const labelled = Object.keys(fields).filter((field) => field in row && fields[field] !== null);
  const others = Object.keys(row).filter((field) => !(field in fields));
  return [
    ...labelled.map((field) => ({
      label: fields[field]!,
      value: shortText(plainValue(row[field], letter?.words?.[field])),
    })),
    ...others.map((field) => ({ label: 'Other detail', value: shortText(plainValue(row[field])) })),
  ];
}

/** The first date among a row's values, for the record's short name. */
function firstDate(row: Record<string, unknown>): string | null {
  for (const value of Object.values(row)) {
    if (value instanceof Date) return formatDate(value, 'd MMM yyyy');
    if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value) && isDate(value))
      return formatDate(value, 'd MMM yyyy');
  }
  return null;
}

/**
 * A record's id: from its own key where it has one (a reference, a request id, a day of visits), so
 * that a record whose state moves on (a request being approved) keeps its id and its decision; from
 * its content otherwise.
 */
function idOf(
  store: string,
  rows: Record<string, unknown>[] | string,
  taken: Set<string>,
  identity?: string[],
): string {
  const key =
    typeof rows === 'string'
      ? rows
      : rows.length === 1 && (typeof rows[0].requestId === 'string' || typeof rows[0].id === 'string')
        ? `key:${String(rows[0].requestId ?? rows[0].id)}`
        : rows.length === 1 && identity
          ? JSON.stringify(identity.map((field) => rows[0][field] ?? null))
          : JSON.stringify(rows);
  const base = createHash('sha256').update(`${store}\u0000${key}`).digest('hex').slice(0, 20);
  let id = base;
  for (let n = 2; taken.has(id); n += 1) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/** Visits as one finding a UK day: the pages read and how often, and how many other events. */
function visitDays(store: PersonalDataStore, rows: Record<string, unknown>[], taken: Set<string>): FoundKind {
  const days = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const at = row.at instanceof Date || typeof row.at === 'string' ? row.at : null;
    const day = at ? formatDate(at, 'yyyy-MM-dd') : 'unknown';
    days.set(day, [...(days.get(day) ?? []), row]);
  }
  const findings: ReviewedFinding[] = [...days.entries()].map(([day, dayRows]) => {
    const pages = new Map<string, number>();
    for (const row of dayRows) {
      if (typeof row.path === 'string' && row.path) pages.set(row.path, (pages.get(row.path) ?? 0) + 1);
    }
    const date = day === 'unknown' ? 'Date unknown' : formatDate(`${day}T12:00:00Z`, 'd MMMM yyyy');
    return {
      id: idOf(store.name, `day:${day}`, taken),
      store: store.name,
      label: `Visit of ${date}`,
      preview: [
        { label: 'Day', value: date },
        {
          label: 'Pages',
          value: shortText(
            [...pages.entries()].map(([path, count]) => (count > 1 ? `${path} (${count} times)` : path)).join(', ') ||
              '—',
          ),
        },
        { label: 'Things recorded', value: String(dayRows.length) },
      ],
      review: null,
      rows: dayRows,
    };
  });
  const dates = [...days.keys()].filter((day) => day !== 'unknown').sort();
  const span =
    dates.length === 0
      ? ''
      : dates.length === 1
        ? ` on ${formatDate(`${dates[0]}T12:00:00Z`, 'd MMM yyyy')}`
        : ` between ${formatDate(`${dates[0]}T12:00:00Z`, 'd MMM yyyy')} and ${formatDate(`${dates[dates.length - 1]}T12:00:00Z`, 'd MMM yyyy')}`;
  return {
    store,
    title: store.letter?.title ?? store.holds,
    summary: `${rows.length} thing${rows.length === 1 ? '' : 's'} recorded on ${days.size} day${days.size === 1 ? '' : 's'}${span}`,
    findings,
  };
}

/** The findings of every store that collects, kind by kind, in the stores' order; visits last. */
export function reviewFindings(
  collected: { store: PersonalDataStore; rows: Record<string, unknown>[] }[],
  requesterEmail: string,
  others: OtherPerson[],
  ownDomains: string[],
): FoundKind[] {
  const taken = new Set<string>();
  const kinds = collected.map(({ store, rows }): FoundKind => {
    if (store.visits) return visitDays(store, rows, taken);
    const title = store.letter?.title ?? store.holds;
    return {
      store,
      title,
      summary: null,
      findings: rows.map((row) => {
        const named = namedPeople(row, requesterEmail, others, ownDomains);
        const reasons = [
          ...(store.review ? [store.review] : []),
          ...(named.length ? [`Names someone other than the requester: ${named.join(', ')}`] : []),
        ];
        const date = firstDate(row);
        return {
          id: idOf(store.name, [row], taken, store.identity),
          store: store.name,
          label: `${title}${date ? `, ${date}` : ''}`,
          preview: previewOf(row, store.letter),
          review: reasons.length ? reasons.join('. ') : null,
          rows: [row],
        };
      }),
    };
  });
  return [...kinds.filter((kind) => !kind.store.visits), ...kinds.filter((kind) => kind.store.visits)];
}

/** Changes whenever any record found changes, appears or goes. */
export function findingsDigest(kinds: FoundKind[]): string {
  const ids = kinds.flatMap((kind) => kind.findings.map((finding) => finding.id));
  return createHash('sha256').update(ids.join('\n')).digest('hex').slice(0, 32);
}

/** The findings as the reviewer sees them. */
export function mapFindings(kinds: FoundKind[]): AccessFindings {
  const all = kinds.flatMap((kind) => kind.findings);
  return {
    digest: findingsDigest(kinds),
    total: all.length,
    flagged: all.filter((finding) => finding.review !== null).length,
    kinds: kinds.map((kind): AccessFindingKind => ({
      store: kind.store.name,
      title: kind.title,
      count: kind.findings.length,
      summary: kind.summary,
      records: kind.findings.map(({ id, label, preview, review }) => ({ id, label, preview, review })),
    })),
  };
}

export interface ReviewOutcome {
  included: ReviewedFinding[];
  /** Flagged records the reviewer chose to disclose. */
  includedFlagged: ReviewedFinding[];
  excluded: { finding: ReviewedFinding; reason: string }[];
}

/**
 * Applies the reviewer's decisions: a flagged record is left out unless included; any record may be
 * left out with a reason. Answers null with the id of a decision that names no record found.
 */
export function applyDecisions(
  kinds: FoundKind[],
  decisions: { include: string[]; exclude: { id: string; reason: string }[] },
): ReviewOutcome | { unknown: string } {
  const all = kinds.flatMap((kind) => kind.findings);
  const known = new Set(all.map((finding) => finding.id));
  const unknown = [...decisions.include, ...decisions.exclude.map((item) => item.id)].find((id) => !known.has(id));
  if (unknown !== undefined) return { unknown };
  const include = new Set(decisions.include);
  const exclude = new Map(decisions.exclude.map((item) => [item.id, item.reason]));
  const outcome: ReviewOutcome = { included: [], includedFlagged: [], excluded: [] };
  for (const finding of all) {
    const reason = exclude.get(finding.id);
    if (reason !== undefined) outcome.excluded.push({ finding, reason });
    else if (finding.review === null) outcome.included.push(finding);
    else if (include.has(finding.id)) {
      outcome.included.push(finding);
      outcome.includedFlagged.push(finding);
    } else outcome.excluded.push({ finding, reason: `Not included after review: ${finding.review}` });
  }
  return outcome;
}
