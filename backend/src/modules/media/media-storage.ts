/** Bytes kept under a key, with their type and a strong ETag. */
export interface StoredMediaObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Where the media library keeps bytes: originals (`{id}/original`) and variants
 * (`{id}/{width}.{extension}`). PostgreSQL by default, so that every replica serves every file; an
 * S3-compatible bucket can implement the same three calls. The PostgreSQL one is
 * `PostgresMediaStorage` (media-storage.repository.ts).
 */
export abstract class MediaStorage {
  /** Stores the bytes under `key`; a key that exists already keeps its first bytes (variants are made once). */
  abstract put(key: string, body: Buffer, contentType: string): Promise<StoredMediaObject>;
  abstract get(key: string): Promise<StoredMediaObject | null>;
  /** Removes every object whose key starts with `prefix`. */
  abstract removePrefix(prefix: string): Promise<void>;
}
