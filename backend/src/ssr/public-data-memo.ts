/** API answers that depend on nothing but the path and the public content. */
const memoisablePath = /^\/api\/(?:posts|case-studies)(?:[/?]|$)/;
const maxEntries = 500;

export interface MemoisedAnswer {
  status: number;
  /** The JSON text: each reader parses its own copy, so no page can change another's data. */
  text: string;
}

/**
 * The public API answers that server-side loaders read for anonymous visitors, kept per content
 * version: a page rendered without the HTML cache (a first visit, a new query string) does not
 * reach the database again for data that has not changed. Any content change starts afresh.
 * Only 200 and 404 answers are kept; signed-in staff always read through the API.
 */
export class PublicDataMemo {
  private readonly entries = new Map<string, MemoisedAnswer>();
  private version = Number.NaN;

  static handles(apiPath: string): boolean {
    return memoisablePath.test(apiPath);
  }

  get(apiPath: string, version: number): MemoisedAnswer | undefined {
    if (version !== this.version) return undefined;
    const entry = this.entries.get(apiPath);
    if (entry) {
      this.entries.delete(apiPath);
      this.entries.set(apiPath, entry);
    }
    return entry;
  }

  set(apiPath: string, version: number, answer: MemoisedAnswer): void {
    if (answer.status !== 200 && answer.status !== 404) return;
    if (version !== this.version) {
      this.entries.clear();
      this.version = version;
    }
    this.entries.set(apiPath, answer);
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}
