import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { etagOf } from '../../core/http/etag.js';
import { MediaStorage, type StoredMediaObject } from './media-storage.js';

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
