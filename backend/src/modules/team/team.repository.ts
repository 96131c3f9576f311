import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import { TeamMemberEntity } from './entities/team-member.entity.js';
import { returnedRows } from '../../database/query-result.js';

/** The columns staff write. */
export type TeamMemberValues = Omit<TeamMemberEntity, 'id' | 'createdAt' | 'updatedAt'>;

export interface TeamArticleRow {
  id: string;
  section: 'labs' | 'consulting';
  slug: string;
  title: string;
  excerpt: string;
  published_at: Date | null;
  reading_time: number;
}

@Injectable()
export class TeamRepository {
  constructor(@InjectRepository(TeamMemberEntity) private readonly repository: Repository<TeamMemberEntity>) {}

  /** Every member in order (there are tens, not thousands: the public pages read them all at once). */
  findAll(manager?: EntityManager): Promise<TeamMemberEntity[]> {
    return (manager?.getRepository(TeamMemberEntity) ?? this.repository).find({
      order: { position: 'ASC', name: 'ASC', id: 'ASC' },
    });
  }

  findPage(offset: number, limit: number, onlyId?: string | null): Promise<[TeamMemberEntity[], number]> {
    const query = this.repository
      .createQueryBuilder('t')
      .orderBy('t.position', 'ASC')
      .addOrderBy('t.name', 'ASC')
      .addOrderBy('t.id', 'ASC')
      .offset(offset)
      .limit(limit);
    if (onlyId !== undefined) query.where('t.id = :id', { id: onlyId ?? '' });
    return query.getManyAndCount();
  }

  findById(id: string, manager?: EntityManager): Promise<TeamMemberEntity | null> {
    return (manager?.getRepository(TeamMemberEntity) ?? this.repository).findOneBy({ id });
  }

  findBySlug(slug: string): Promise<TeamMemberEntity | null> {
    return this.repository.findOneBy({ slug });
  }

  /** The staff accounts linked to each of these members. */
  async linkedStaff(ids: string[]): Promise<Map<string, { id: string; name: string }[]>> {
    const linked = new Map<string, { id: string; name: string }[]>();
    if (ids.length === 0) return linked;
    const rows = await this.repository.manager.query<{ id: string; name: string; team_member_id: string }[]>(
      `SELECT "id", "name", "team_member_id" FROM "users" WHERE "team_member_id" = ANY($1) ORDER BY "name"`,
      [ids],
    );
    for (const row of rows) linked.set(row.team_member_id, [...(linked.get(row.team_member_id) ?? []), row]);
    return linked;
  }

  /** A member's newest published articles. */
  articles(memberId: string, limit: number): Promise<TeamArticleRow[]> {
    return this.repository.manager.query<TeamArticleRow[]>(
      `SELECT "id", "section", "slug", "title", "excerpt", "published_at", "reading_time"
         FROM "posts" WHERE "author_id" = $1 AND "status" = 'published'
        ORDER BY "published_at" DESC NULLS LAST, "id" LIMIT $2`,
      [memberId, limit],
    );
  }

  /** Serialises writes to the team (the order spans every row). */
  async lockTeam(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT 1 FROM "team_members" ORDER BY "id" FOR UPDATE`);
  }

  async nextPosition(manager: EntityManager): Promise<number> {
    const [row] = await manager.query<{ next: number | string }[]>(
      `SELECT COALESCE(MAX("position") + 1, 0) AS next FROM "team_members"`,
    );
    return Number(row.next);
  }

  create(manager: EntityManager, values: TeamMemberValues): Promise<TeamMemberEntity> {
    const rows = manager.getRepository(TeamMemberEntity);
    return rows.save(rows.create(values));
  }

  async update(manager: EntityManager, id: string, values: Partial<TeamMemberValues>): Promise<TeamMemberEntity> {
    const rows = manager.getRepository(TeamMemberEntity);
    // Through the query builder: TypeORM's `update` reads a jsonb array value as a list of columns.
    await rows.createQueryBuilder().update().set(values).where('id = :id', { id }).execute();
    return (await rows.findOneBy({ id }))!;
  }

  async setPosition(manager: EntityManager, id: string, position: number): Promise<void> {
    await manager.query(`UPDATE "team_members" SET "position" = $2 WHERE "id" = $1`, [id, position]);
  }

  /**
   * The posts credited to a member keep the name they show; a renamed member's posts show the new
   * name. Returns the ids of the published ones among them (what the public sees change).
   */
  async renameAuthor(manager: EntityManager, id: string, name: string): Promise<string[]> {
    const rows = returnedRows<{ id: string; status: string }>(
      await manager.query(`UPDATE "posts" SET "author_name" = $2 WHERE "author_id" = $1 RETURNING "id", "status"`, [
        id,
        name,
      ]),
    );
    return rows.filter((row) => row.status === 'published').map((row) => row.id);
  }

  /** Removes a member: their posts keep the author text (name, credentials, bio) but no longer link to them. */
  async delete(manager: EntityManager, id: string): Promise<void> {
    await manager.query(`UPDATE "posts" SET "author_id" = NULL WHERE "author_id" = $1`, [id]);
    await manager.getRepository(TeamMemberEntity).delete({ id });
  }
}
