import { HttpStatus, Injectable } from '@nestjs/common';
import {
  mediaIdOfUrl,
  messages,
  teamLimits,
  teamMemberActions,
  teamMessages,
  type ActivityAction,
  type TeamMemberAction,
  type AdminTeamMember,
  type ListPage,
  type StaffUser,
  type TeamMember,
  type TeamProfile,
} from '@northbeam/common';
import type { EntityManager } from 'typeorm';
import { ApiError } from '../../core/http/api-error.js';
import { teamChangeKeys } from '../../core/http/cdn-cache.js';
import { isUniqueViolation } from '../../core/sql/unique-violation.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { MediaService } from '../media/media.service.js';
import type { ListTeamQueryDto, TeamMemberFieldsDto } from './dto/team-member.dto.js';
import type { TeamMemberEntity } from './entities/team-member.entity.js';
import { TeamRepository, type TeamMemberValues } from './team.repository.js';
import { Transactions } from '../../database/transactions.js';

/** The public reading of a member. */
export function publicTeamMember(row: TeamMemberEntity): TeamMember {
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    role: row.role,
    stripRole: row.stripRole || row.role,
    bio: row.bio,
    fullBio: row.fullBio,
    linkedin: row.linkedin,
    avatar: row.avatar,
    expertise: row.expertise,
    inStrip: row.inStrip,
  };
}

interface PublicTeam {
  /** The shown members, in order. */
  members: TeamMember[];
  /** Former slug → current slug of a shown member. */
  redirects: Map<string, string>;
}

/**
 * The team (docs/product.md#team): records staff edit on /admin/team, read by /about, the "Talk to
 * the Team" strips, /team/{slug}, the post editor's author list, structured data and the sitemap.
 * Public readers get the shown members from one read per content version (every change bumps it, on
 * any instance), and the page renders read them through the public-data memo. Every change is
 * logged and bumps the content version with the team's cache keys.
 */
@Injectable()
export class TeamService {
  private cache: { version: number; team: Promise<PublicTeam> } | undefined;

  constructor(
    private readonly teamRepository: TeamRepository,
    private readonly contentVersion: ContentVersionService,
    private readonly activity: ActivityService,
    private readonly media: MediaService,
    private readonly transactions: Transactions,
  ) {}

  /** The shown members, in order (`GET /api/team`). */
  async list(): Promise<TeamMember[]> {
    return (await this.publicTeam()).members;
  }

  /** A shown member by slug. */
  async findShown(slug: string): Promise<TeamMember | undefined> {
    return (await this.publicTeam()).members.find((member) => member.slug === slug);
  }

  /** The current slug for a slug a shown member had before, or undefined. */
  async redirectFor(slug: string): Promise<string | undefined> {
    return (await this.publicTeam()).redirects.get(slug);
  }

  /** `GET /api/team/:slug`: a shown member and their newest published articles. */
  async profile(slug: string): Promise<TeamProfile> {
    const member = await this.findShown(slug.toLowerCase());
    if (!member) throw new ApiError(HttpStatus.NOT_FOUND, teamMessages.notFound);
    const rows = await this.teamRepository.articles(member.id, teamLimits.profileArticles);
    return {
      member,
      articles: rows.map((row) => ({
        id: row.id,
        section: row.section,
        slug: row.slug,
        title: row.title,
        excerpt: row.excerpt,
        publishedAt: row.published_at ? new Date(row.published_at).toISOString() : null,
        readingTime: Number(row.reading_time),
      })),
    };
  }

  private async publicTeam(): Promise<PublicTeam> {
    const version = await this.contentVersion.current();
    if (this.cache?.version !== version) {
      const team = this.teamRepository.findAll().then((rows) => {
        const shown = rows.filter((row) => !row.hidden);
        const redirects = new Map<string, string>();
        for (const row of shown) for (const former of row.formerSlugs) redirects.set(former, row.slug);
        // A slug in use is never redirected away from its member.
        for (const row of rows) redirects.delete(row.slug);
        return { members: shown.map(publicTeamMember), redirects };
      });
      // A failed read is not kept: the next request tries again.
      team.catch(() => (this.cache = undefined));
      this.cache = { version, team };
    }
    return this.cache.team;
  }

  /** The admin list: everyone for the team's editors; for a staff member with `own`, only their own member. */
  async listForStaff(query: ListTeamQueryDto, user: StaffUser): Promise<ListPage<AdminTeamMember>> {
    const page = query.page ?? 1;
    const pageSize = teamLimits.listPageSize;
    const onlyOwn = user.permissions.team !== 'all';
    const [rows, total] = await this.teamRepository.findPage(
      (page - 1) * pageSize,
      pageSize,
      onlyOwn ? user.teamMemberId : undefined,
    );
    const staff = await this.teamRepository.linkedStaff(rows.map((row) => row.id));
    return {
      items: rows.map((row) => adminTeamMember(row, staff.get(row.id) ?? [], user)),
      total,
      page,
      pageSize,
    };
  }

  /** Every member, shown or hidden, in order: the post editor's author list. */
  async authors(): Promise<TeamMember[]> {
    return (await this.teamRepository.findAll()).map(publicTeamMember);
  }

  async findForStaff(id: string, user: StaffUser): Promise<AdminTeamMember> {
    const row = await this.require(id);
    this.assertMay(row, user, 'edit');
    const staff = await this.teamRepository.linkedStaff([row.id]);
    return adminTeamMember(row, staff.get(row.id) ?? [], user);
  }

  async create(dto: TeamMemberFieldsDto, user: StaffUser): Promise<AdminTeamMember> {
    this.assertMay(null, user, 'edit');
    await this.assertSlugFree(dto.slug);
    await this.assertLibraryAvatar(dto);
    const row = await this.write(
      async (manager) => {
        await this.teamRepository.lockTeam(manager);
        const position = await this.teamRepository.nextPosition(manager);
        const created = await this.teamRepository.create(manager, { ...fieldValues(dto), position, formerSlugs: [] });
        await this.log(manager, user, 'team.member_created', created);
        return created;
      },
      (created) => teamChangeKeys([created.slug]),
    );
    return adminTeamMember(row, [], user);
  }

  /**
   * Saves every field. A changed slug keeps the old one as a redirect (docs/product.md#team); a
   * changed name is also the author name of the member's posts.
   */
  async update(id: string, dto: TeamMemberFieldsDto, user: StaffUser): Promise<AdminTeamMember> {
    const existing = await this.require(id);
    this.assertMay(existing, user, 'edit');
    if (dto.slug !== existing.slug) await this.assertSlugFree(dto.slug, existing.id);
    await this.assertLibraryAvatar(dto);
    const { updated: row } = await this.write(
      async (manager) => {
        await this.teamRepository.lockTeam(manager);
        const locked = await this.teamRepository.findById(existing.id, manager);
        if (!locked) throw new ApiError(HttpStatus.NOT_FOUND, teamMessages.notFound);
        const values = fieldValues(dto);
        // Only the team's editors hide a member or take them out of the strips.
        if (!teamMemberActions(locked, user).includes('show_or_hide'))
          Object.assign(values, { hidden: locked.hidden, inStrip: locked.inStrip });
        const formerSlugs =
          values.slug === locked.slug
            ? locked.formerSlugs
            : [...locked.formerSlugs.filter((slug) => slug !== values.slug), locked.slug];
        const updated = await this.teamRepository.update(manager, locked.id, { ...values, formerSlugs });
        const renamedPosts =
          updated.name !== locked.name ? await this.teamRepository.renameAuthor(manager, locked.id, updated.name) : [];
        await this.log(manager, user, 'team.member_updated', updated);
        return { updated, renamedPosts };
      },
      ({ updated, renamedPosts }) => teamChangeKeys([existing.slug, updated.slug], renamedPosts),
    );
    const staff = await this.teamRepository.linkedStaff([row.id]);
    return adminTeamMember(row, staff.get(row.id) ?? [], user);
  }

  /** Puts the members in the order given, which must name every member exactly once. */
  async reorder(ids: string[], user: StaffUser): Promise<void> {
    await this.write(
      async (manager) => {
        await this.teamRepository.lockTeam(manager);
        const rows = await this.teamRepository.findAll(manager);
        for (const row of rows) this.assertMay(row, user, 'reorder');
        const known = new Set(rows.map((row) => row.id));
        if (ids.length !== known.size || new Set(ids).size !== ids.length || ids.some((id) => !known.has(id)))
          throw new ApiError(HttpStatus.BAD_REQUEST, teamMessages.orderInvalid);
        for (const [position, id] of ids.entries()) await this.teamRepository.setPosition(manager, id, position);
        // The target is the member now first; the label is the new order.
        const names = new Map(rows.map((row) => [row.id, row.name]));
        await this.activity.record(manager, {
          actor: user,
          action: 'team.reordered',
          target: { type: 'team_member', id: ids[0] ?? '', label: ids.map((id) => names.get(id)).join(', ') },
        });
      },
      () => teamChangeKeys([]),
    );
  }

  /** Removes a member; the posts they wrote keep their author text (and are no longer linked to a profile). */
  async delete(id: string, user: StaffUser): Promise<void> {
    const existing = await this.require(id);
    this.assertMay(existing, user, 'remove');
    await this.write(
      async (manager) => {
        await this.teamRepository.lockTeam(manager);
        await this.teamRepository.delete(manager, existing.id);
        await this.log(manager, user, 'team.member_deleted', existing);
      },
      () => teamChangeKeys([existing.slug]),
    );
  }

  /** A change and its activity line in one transaction; then the content version moves on (see CaseStudiesService). */
  private async write<T>(work: (manager: EntityManager) => Promise<T>, changed: (result: T) => string[]): Promise<T> {
    let result: T;
    try {
      result = await this.transactions.run(work);
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError(HttpStatus.CONFLICT, teamMessages.slugTaken);
      throw error;
    }
    await this.contentVersion.bump(changed(result));
    return result;
  }

  private log(manager: EntityManager, user: StaffUser, action: ActivityAction, row: TeamMemberEntity) {
    return this.activity.record(manager, {
      actor: user,
      action,
      target: { type: 'team_member', id: row.id, label: row.name },
    });
  }

  private async require(id: string): Promise<TeamMemberEntity> {
    const row = id.length <= 100 ? await this.teamRepository.findById(id) : null;
    if (!row) throw new ApiError(HttpStatus.NOT_FOUND, teamMessages.notFound);
    return row;
  }

  /**
   * Refuses what `teamMemberActions` does not offer: editing a member other than one's own is "your own
   * team profile only"; adding, moving or removing members without managing the team, the general refusal.
   */
  private assertMay(row: TeamMemberEntity | null, user: StaffUser, action: TeamMemberAction): void {
    if (teamMemberActions(row, user).includes(action)) return;
    const ownOnly = action === 'edit' && row !== null && user.permissions.team === 'own';
    throw new ApiError(HttpStatus.FORBIDDEN, ownOnly ? teamMessages.ownMemberOnly : messages.forbidden);
  }

  private async assertSlugFree(slug: string, exceptId?: string): Promise<void> {
    const clash = await this.teamRepository.findBySlug(slug);
    if (clash && clash.id !== exceptId) throw new ApiError(HttpStatus.CONFLICT, teamMessages.slugTaken);
  }

  private async assertLibraryAvatar(dto: TeamMemberFieldsDto): Promise<void> {
    const mediaId = dto.avatar ? mediaIdOfUrl(dto.avatar) : undefined;
    if (mediaId && !(await this.media.exists(mediaId)))
      throw new ApiError(HttpStatus.BAD_REQUEST, messages.validationFailed, {
        avatar: [teamMessages.avatarNotInLibrary],
      });
  }
}

function fieldValues(dto: TeamMemberFieldsDto): Omit<TeamMemberValues, 'position' | 'formerSlugs'> {
  return {
    name: dto.name,
    slug: dto.slug,
    role: dto.role,
    stripRole: dto.stripRole || dto.role,
    bio: dto.bio,
    fullBio: dto.fullBio,
    linkedin: dto.linkedin,
    avatar: dto.avatar ?? null,
    expertise: dto.expertise,
    inStrip: dto.inStrip,
    hidden: dto.hidden,
  };
}

function adminTeamMember(
  row: TeamMemberEntity,
  staff: { id: string; name: string }[],
  user: StaffUser,
): AdminTeamMember {
  return {
    ...publicTeamMember(row),
    position: row.position,
    hidden: row.hidden,
    staff: staff.map(({ id, name }) => ({ id, name })),
    updatedAt: row.updatedAt.toISOString(),
    actions: teamMemberActions(row, user),
  };
}
