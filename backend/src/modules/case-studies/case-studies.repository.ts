import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { CaseStudyEntity } from './entities/case-study.entity.js';

@Injectable()
export class CaseStudiesRepository {
  constructor(@InjectRepository(CaseStudyEntity) private readonly repository: Repository<CaseStudyEntity>) {}

  /** Index columns only, newest engagement first. */
  findAllForIndex(): Promise<CaseStudyEntity[]> {
    return this.repository.find({
      select: { slug: true, title: true, summary: true, hero_image: true, client: true, sector: true, services: true, date: true },
      order: { date: 'DESC', title: 'ASC' },
    });
  }

  findBySlug(slug: string): Promise<CaseStudyEntity | null> {
    return this.repository.findOne({ where: { slug } });
  }

  count(): Promise<number> {
    return this.repository.count();
  }

  /** Inserts the given rows, skipping any slug that already exists (safe when instances start together). */
  async insertMissing(rows: Omit<CaseStudyEntity, 'id' | 'createdAt' | 'updatedAt'>[]): Promise<void> {
    if (rows.length === 0) return;
    await this.repository.createQueryBuilder().insert().values(rows).orIgnore().execute();
  }
}
