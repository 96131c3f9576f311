import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { etagOf } from '../../core/http/etag.js';

/** Bytes kept under a key, with their type and a strong ETag. */
export interface StoredMediaObject {
  body: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Where the media library keeps bytes: originals (`{id}/original`) and variants
 * (`{id}/{width}.{extension}`). PostgreSQL by default, so that every replica serves every file; an
 * S3-compatible bucket can implement the same three calls.
 */
export abstract class MediaStorage {
  /** Stores the bytes under `key`; a key that exists already keeps its first bytes (variants are made once). */
  abstract put(key: string, body: Buffer, contentType: string): Promise<StoredMediaObject>;
  abstract get(key: string): Promise<StoredMediaObject | null>;
  /** Removes every object whose key starts with `prefix`. */
  abstract removePrefix(prefix: string): Promise<void>;
}

/** The media storage in the `media_objects` table (bytea). */
@Injectable()
export class PostgresMediaStorage extends MediaStorage {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async put(key: string, body: Buffer, contentType: string): Promise<StoredMediaObject> {
    const etag = etagOf(body);
    await this.dataSource.query(
      `INSERT INTO "media_objects" ("key", "content_type", "etag", "body") VALUES ($1, $2, $3, $4)
        ON CONFLICT ("key") DO NOTHING`,
      [key, contentType, etag, body],
    );
    return (await this.get(key)) ?? { body, contentType, etag };
  }

  async get(key: string): Promise<StoredMediaObject | null> {
    const rows = await this.dataSource.query<{ body: Buffer; content_type: string; etag: string }[]>(
      `SELECT "body", "content_type", "etag" FROM "media_objects" WHERE "key" = $1`,
      [key],
    );
    const row = rows[0];
    return row ? { body: Buffer.from(row.body), contentType: row.content_type, etag: row.etag } : null;
  }

  async removePrefix(prefix: string): Promise<void> {
    const pattern = `${prefix.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
    await this.dataSource.query(`DELETE FROM "media_objects" WHERE "key" LIKE $1 ESCAPE '\\'`, [pattern]);
  }
}
