import { VersionedCache } from '../core/cache/versioned-cache.js';

/** API answers that depend on nothing but the path and the public content. */
const memoisablePath = /^\/api\/(?:posts|case-studies|team|site-settings)(?:[/?]|$)/;

export interface MemoisedAnswer {
  status: number;
  /**
   * The answer's JSON, parsed once and deeply frozen: every page of this content version reads the
   * same objects, and none can change them for another (a write throws in the front end's strict
   * mode code).
   */
  body: unknown;
  /** Its content keys for a shared cache (cdn-cache.ts). */
  keys: string[];
}

/** Freezes a parsed JSON value and everything in it. */
export function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

/**
 * The public API answers that server-side loaders read for anonymous visitors, kept per content
 * version (at most 500), parsed: a page rendered without the HTML cache (a first visit, a new query
 * string) neither reaches the database nor parses JSON again for data that has not changed. Any content change starts
 * afresh. Only 200 and 404 answers are kept; signed-in staff always read through the API.
 */
export class PublicDataMemo {
  private readonly answers = new VersionedCache<string, MemoisedAnswer>({ maxEntries: 500 });

  static handles(apiPath: string): boolean {
    return memoisablePath.test(apiPath);
  }

  get(apiPath: string, version: number): MemoisedAnswer | undefined {
    return this.answers.get(apiPath, version);
  }

  set(apiPath: string, version: number, answer: MemoisedAnswer): void {
    if (answer.status !== 200 && answer.status !== 404) return;
    this.answers.set(apiPath, version, answer);
  }
}
