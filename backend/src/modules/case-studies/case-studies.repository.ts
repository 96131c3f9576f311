import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Brackets, type EntityManager, type Repository } from 'typeorm';
import type { CaseStudyStatus } from '@northbeam/common';
import { CaseStudyEntity } from './entities/case-study.entity.js';

/** The columns staff write. */
export type CaseStudyValues = Omit<CaseStudyEntity, 'id' | 'createdAt' | 'updatedAt'>;

export interface CaseStudyFilter {
  status?: CaseStudyStatus;
  /** Matched case-insensitively anywhere in title, client, sector, slug or summary. */
  search?: string;
}

/** `%`, `_` and `\` typed in a search are matched literally. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

@Injectable()
export class CaseStudiesRepository {
  constructor(@InjectRepository(CaseStudyEntity) private readonly repository: Repository<CaseStudyEntity>) {}

  /** Index columns of the published case studies only, newest engagement first. */
  findPublishedForIndex(): Promise<CaseStudyEntity[]> {
    return this.repository.find({
      select: {
        slug: true,
        title: true,
        summary: true,
        hero_image: true,
        client: true,
        sector: true,
        services: true,
        date: true,
      },
      where: { status: 'published' },
      order: { date: 'DESC', title: 'ASC' },
    });
  }

  findBySlug(slug: string): Promise<CaseStudyEntity | null> {
    return this.repository.findOne({ where: { slug } });
  }

  findById(id: string, manager?: EntityManager): Promise<CaseStudyEntity | null> {
    return (manager?.getRepository(CaseStudyEntity) ?? this.repository).findOne({ where: { id } });
  }

  /** A page of the admin list: newest engagement first, then title. */
  findPage(filter: CaseStudyFilter, offset: number, limit: number): Promise<[CaseStudyEntity[], number]> {
    const query = this.repository
      .createQueryBuilder('c')
      .select([
        'c.id',
        'c.slug',
        'c.title',
        'c.client',
        'c.sector',
        'c.hero_image',
        'c.date',
        'c.status',
        'c.updatedAt',
      ])
      .orderBy('c.date', 'DESC')
      .addOrderBy('c.title', 'ASC')
      .addOrderBy('c.id', 'ASC')
      .offset(offset)
      .limit(limit);
    if (filter.status) query.andWhere('c.status = :status', { status: filter.status });
    if (filter.search) {
      const pattern = likePattern(filter.search);
      query.andWhere(
        new Brackets((where) => {
          for (const column of ['title', 'client', 'sector', 'slug', 'summary'])
            where.orWhere(`lower(c.${column}) LIKE :pattern ESCAPE '\\'`, { pattern });
        }),
      );
    }
    return query.getManyAndCount();
  }

  /** The row, locked until the caller's transaction ends (two saves of one case study run one after the other). */
  async lockById(manager: EntityManager, id: string): Promise<CaseStudyEntity | null> {
    await manager.query(`SELECT 1 FROM "case_studies" WHERE "id" = $1 FOR UPDATE`, [id]);
    return this.findById(id, manager);
  }

  create(manager: EntityManager, values: CaseStudyValues): Promise<CaseStudyEntity> {
    const rows = manager.getRepository(CaseStudyEntity);
    return rows.save(rows.create(values));
  }

  async update(manager: EntityManager, id: string, values: Partial<CaseStudyValues>): Promise<CaseStudyEntity> {
    const rows = manager.getRepository(CaseStudyEntity);
    // Through the query builder: TypeORM's `update` reads a jsonb array value as a list of columns.
    await rows.createQueryBuilder().update().set(values).where('id = :id', { id }).execute();
    return (await rows.findOneBy({ id }))!;
  }

  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.getRepository(CaseStudyEntity).delete({ id });
  }
}
