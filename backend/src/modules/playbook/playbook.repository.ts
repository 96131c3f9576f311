import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { EntityManager, Repository } from 'typeorm';
import { PlaybookDownloadEntity } from './entities/playbook-download.entity.js';
import { tableStatements } from '../../database/personal-data-rows.js';

@Injectable()
export class PlaybookRepository {
  constructor(
    @InjectRepository(PlaybookDownloadEntity) private readonly downloads: Repository<PlaybookDownloadEntity>,
  ) {}

  async insert(manager: EntityManager, download: { email: string; page: string | null }): Promise<void> {
    await manager.insert(PlaybookDownloadEntity, { id: randomUUID(), ...download });
  }

  findAllNewestFirst(): Promise<PlaybookDownloadEntity[]> {
    return this.downloads.find({ order: { createdAt: 'DESC', id: 'ASC' } });
  }
}

const downloadOfAddress = `lower(trim("email")) = $1`;

/** The playbook requests' statements for their personal-data declaration. */
export const playbookDownloadsPersonalData = tableStatements('playbook_downloads', {
  erase: downloadOfAddress,
  collect: {
    where: downloadOfAddress,
    columns: `"email", "page", "created_at" AS "requestedAt"`,
    orderBy: `"created_at"`,
  },
  expired: `"created_at" < $1`,
});
