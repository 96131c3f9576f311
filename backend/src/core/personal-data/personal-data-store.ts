import { describePeriod, retentionPeriods, type RetentionKey, type RetentionPeriod } from '@northbeam/common';
import type { PersonalDataStatements } from '../../database/personal-data-rows.js';

/**
 * A table that holds personal data, declared by the module that owns it (docs/product.md#retention,
 * #data-deletion). The privacy module orchestrates the declarations: erasure of an address, the
 * export of everything held about it (right of access), the daily purge, and the data map. A module
 * that adds a table of personal data adds one declaration and lists it in
 * `modules/privacy/personal-data-stores.ts`. The declaration holds no SQL: its `erase`, `collect`,
 * `purge` and `count` are named methods of its module's repository (`PersonalDataStatements`).
 */
export interface PersonalDataStore extends PersonalDataStatements {
  /** The table. */
  name: string;
  /** What it holds, in words (the data map). */
  holds: string;
  /** Its retention: the key of its period in `retentionPeriods`, and the rule in words around it. */
  retention?: { key: RetentionKey; rule: (period: string) => string };
  /** What is kept without a period (e.g. a confirmed subscriber until they unsubscribe). */
  keptWhile?: string;
  /**
   * With `collect`: how the requester's letter (the readable page of the export) names this kind of
   * record and each field `collect` answers, in words; `words` turns stored codes into words.
   */
  letter?: PersonalDataLetter;
  /**
   * With `collect`: why every record of this kind may be about someone other than the requester (a
   * note between staff, a notification about a colleague's action). Each is then flagged for review
   * and left out of the export unless the reviewer includes it (docs/product.md#privacy-review).
   */
  review?: string;
  /**
   * With `collect`, for a record whose state moves on (a mail sent, a notification read): the fields
   * that name it for its whole life, so that the review's decision about it still holds at approval.
   * Without it a record is named by its `id` or `requestId`, else by all its fields.
   */
  identity?: string[];
  /** With `collect`: the records are visits to the site, shown as a summary by day rather than row by row. */
  visits?: true;
}

/** How the access export's letter presents one store's records. */
export interface PersonalDataLetter {
  /** The kind of record, as a heading ("Messages you sent us"). */
  title: string;
  /**
   * Every field `collect` answers, labelled in the order shown; null leaves a field to the JSON copy
   * only (an internal code that another field already says in words). A field missing here reads
   * "Other detail".
   */
  fields: Record<string, string | null>;
  /** Stored codes of a field in words (a status, a source). */
  words?: Record<string, (value: string) => string>;
}

/** `now` less a period, in UTC calendar terms (a year back from 29 February is 28 February). */
export function cutoffBefore(now: Date, period: RetentionPeriod): Date {
  const cutoff = new Date(now.getTime());
  if (period.years || period.months) {
    const day = cutoff.getUTCDate();
    cutoff.setUTCDate(1);
    cutoff.setUTCFullYear(cutoff.getUTCFullYear() - (period.years ?? 0), cutoff.getUTCMonth() - (period.months ?? 0));
    const lastDay = new Date(Date.UTC(cutoff.getUTCFullYear(), cutoff.getUTCMonth() + 1, 0)).getUTCDate();
    cutoff.setUTCDate(Math.min(day, lastDay));
  }
  if (period.days) cutoff.setTime(cutoff.getTime() - period.days * 24 * 60 * 60 * 1000);
  return cutoff;
}

/** The store's retention rule in words, from the current period ("analytics_events older than 2 years"). */
export function retentionRuleText(store: PersonalDataStore): string | null {
  if (!store.retention) return null;
  return store.retention.rule(describePeriod(retentionPeriods[store.retention.key]));
}
