import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post, Put, Query } from '@nestjs/common';
import type { AdminTeamMember, ListPage, StaffUser, TeamMember, TeamProfile } from '@northbeam/common';
import { contentKeys } from '../../core/http/cdn-cache.js';
import { CachedPublicly } from '../../core/http/public-cache.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ListTeamQueryDto, TeamMemberFieldsDto, TeamOrderDto } from './dto/team-member.dto.js';
import { TeamService } from './team.service.js';

/** The public team (docs/product.md#team): the shown members in order, and one member's profile. */
@Public()
@Controller('team')
export class TeamController {
  constructor(private readonly teamService: TeamService) {}

  @Get()
  @CachedPublicly(() => [contentKeys.team])
  list(): Promise<TeamMember[]> {
    return this.teamService.list();
  }

  @Get(':slug')
  @CachedPublicly((profile: TeamProfile) => [
    contentKeys.team,
    contentKeys.teamMember(profile.member.slug),
    // The member's articles: the list (a post published or credited to them enters it) and each one shown.
    contentKeys.posts,
    ...profile.articles.map((article) => contentKeys.post(article.id)),
  ])
  profile(@Param('slug') slug: string): Promise<TeamProfile> {
    return this.teamService.profile(slug);
  }
}

/**
 * The team in the admin (docs/product.md#team): super admins and admins add, edit, reorder, hide and
 * remove members; a consultant reads and edits the member linked to their own account.
 */
@Controller('admin/team')
export class AdminTeamController {
  constructor(private readonly teamService: TeamService) {}

  @Get()
  @Access('team', 'read')
  list(@Query() query: ListTeamQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<AdminTeamMember>> {
    return this.teamService.listForStaff(query, user);
  }

  /** Every member, hidden ones too: who a post may be credited to (the post editor's author list). */
  @Get('authors')
  @Access('posts', 'own')
  authors(): Promise<TeamMember[]> {
    return this.teamService.authors();
  }

  @Put('order')
  @Access('team', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async reorder(@Body() dto: TeamOrderDto, @CurrentUser() user: StaffUser): Promise<void> {
    await this.teamService.reorder(dto.ids, user);
  }

  @Get(':id')
  @Access('team', 'own')
  findOne(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<AdminTeamMember> {
    return this.teamService.findForStaff(id, user);
  }

  @Post()
  @Access('team', 'all')
  create(@Body() dto: TeamMemberFieldsDto, @CurrentUser() user: StaffUser): Promise<AdminTeamMember> {
    return this.teamService.create(dto, user);
  }

  @Put(':id')
  @Access('team', 'own')
  update(
    @Param('id') id: string,
    @Body() dto: TeamMemberFieldsDto,
    @CurrentUser() user: StaffUser,
  ): Promise<AdminTeamMember> {
    return this.teamService.update(id, dto, user);
  }

  @Delete(':id')
  @Access('team', 'all')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.teamService.delete(id, user);
  }
}
