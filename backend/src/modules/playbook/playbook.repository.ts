import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { EntityManager, Repository } from 'typeorm';
import { PlaybookDownloadEntity } from './entities/playbook-download.entity.js';

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
