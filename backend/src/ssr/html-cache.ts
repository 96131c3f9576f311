import { createHash } from 'node:crypto';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: string;
  etag: string;
  version: number;
}

const maxEntries = 1000;
const maxBytes = 64 * 1024 * 1024;

/** Strong ETag of a rendered page. */
export function etagOf(body: string): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Rendered pages for anonymous visitors, least recently used first out. An entry is only served
 * while its content version is current, so one change invalidates every page at once.
 */
export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;

  get(key: string, version: number): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, page: CachedPage): void {
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += page.body.length;
    while (this.entries.size > maxEntries || this.bytes > maxBytes) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.body.length;
    this.entries.delete(key);
  }
}
