import { VersionedCache } from '../core/cache/versioned-cache.js';

/** API answers that depend on nothing but the path and the public content. */
const memoisablePath = /^\/api\/(?:posts|case-studies|team|site-settings)(?:[/?]|$)/;

export interface MemoisedAnswer {
  status: number;
  /** The JSON text: each reader parses its own copy, so no page can change another's data. */
  text: string;
  /** Its content keys for a shared cache (cdn-cache.ts). */
  keys: string[];
}

/**
 * The public API answers that server-side loaders read for anonymous visitors, kept per content
 * version (at most 500): a page rendered without the HTML cache (a first visit, a new query string)
 * does not reach the database again for data that has not changed. Any content change starts
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
