import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import {
  isPostSection,
  messages,
  type AdminPost,
  type AdminPostCount,
  type AdminPostSummary,
  type ListPage,
  type Post as PostResponse,
  type PostPage,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { VersionedCache } from '../../core/cache/versioned-cache.js';
import { CachedPublicly, publicAnswerCacheControl } from '../../core/http/public-cache.js';
import { sendStoredBody, storedJson, type StoredBody } from '../../core/http/stored-body.js';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { allowSharedCache, contentKeys, postListKeys } from '../../core/http/cdn-cache.js';
import { AuthService } from '../auth/auth.service.js';
import { CurrentUser } from '../auth/decorators/current-user.decorator.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { Access, Public } from '../auth/decorators/access.decorator.js';
import { AdminPostsSearchDto, ListAdminPostsQueryDto, ListPostsQueryDto } from './dto/list-posts-query.dto.js';
import { SavePostDto } from './dto/save-post.dto.js';
import { PostsService } from './posts.service.js';

/** The section a list query names, when it is a section (the query's validation answers 400 otherwise). */
function sectionOf(value: unknown): string | undefined {
  return typeof value === 'string' && isPostSection(value) ? value : undefined;
}

/** Public reading calls. */
@Public()
@Controller('posts')
export class PostsController {
  /**
   * Each section's full list as JSON bytes with ETag and compressed copies, made once per content
   * version: thousands of posts are read, serialised and compressed again only after a post changes,
   * on any instance. Kept as bytes: a string of megabytes would be copied and encoded on every request.
   */
  private readonly lists = new VersionedCache<string, Promise<{ stored: StoredBody; keys: string[] }>>({
    maxEntries: 8,
  });

  constructor(
    private readonly postsService: PostsService,
    private readonly authService: AuthService,
    private readonly contentVersion: ContentVersionService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get()
  @CachedPublicly((page: PostPage, request: Request) => postListKeys(sectionOf(request.query.section), page.items))
  page(@Query() query: ListPostsQueryDto): Promise<PostPage> {
    return this.postsService.publishedPage(query);
  }

  /** Every published post of the section (the public list call): stored per content version as JSON bytes. */
  @Get(':section')
  async list(@Param('section') section: string, @Req() request: Request, @Res() response: Response): Promise<void> {
    // An unknown section is answered before the cache, so that made-up names cannot push real lists out.
    if (!isPostSection(section)) throw new ApiError(HttpStatus.NOT_FOUND, messages.notFound);
    const version = await this.contentVersion.current();
    const list = await this.lists.memo(section, version, () =>
      this.postsService
        .listPublished(section)
        .then((posts) => ({ stored: storedJson(posts), keys: postListKeys(section, posts) })),
    );
    response.type('application/json');
    response.setHeader('Cache-Control', publicAnswerCacheControl(request, this.config));
    allowSharedCache(response, this.config, list.keys);
    sendStoredBody(request, response, list.stored);
  }

  @Get(':section/:slug')
  @CachedPublicly((post: PostResponse) => [contentKeys.post(post.id)])
  async findOne(
    @Param('section') section: string,
    @Param('slug') slug: string,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<PostResponse> {
    const staff = request.session?.userId ? await this.authService.currentUser(request) : null;
    const post = await this.postsService.findForReader(section, slug, staff);
    // A draft preview must never land in a shared cache.
    if (post.status !== 'published') response.setHeader('Cache-Control', 'private, no-store');
    return post;
  }
}

/** Staff calls: any signed-in role; the service applies the consultant limits. */
@Controller('admin/posts')
export class AdminPostsController {
  constructor(private readonly postsService: PostsService) {}

  /** One page of every post, newest first, without bodies (docs/product.md#posts-in-the-back-office). */
  @Get()
  @Access('posts', 'read')
  list(@Query() query: ListAdminPostsQueryDto, @CurrentUser() user: StaffUser): Promise<ListPage<AdminPostSummary>> {
    return this.postsService.staffPage(query, user);
  }

  /** Declared before `:id`, so that `counts` is not read as a post id. */
  @Get('counts')
  @Access('posts', 'read')
  counts(@Query() query: AdminPostsSearchDto): Promise<AdminPostCount[]> {
    return this.postsService.staffCounts(query);
  }

  @Get(':id')
  @Access('posts', 'read')
  findOne(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<AdminPost> {
    return this.postsService.findForStaff(id, user);
  }

  @Post()
  @Access('posts', 'own')
  create(@Body() dto: SavePostDto, @CurrentUser() user: StaffUser): Promise<AdminPost> {
    return this.postsService.create(dto, user);
  }

  @Put(':id')
  @Access('posts', 'own')
  update(@Param('id') id: string, @Body() dto: SavePostDto, @CurrentUser() user: StaffUser): Promise<AdminPost> {
    return this.postsService.update(id, dto, user);
  }

  @Delete(':id')
  @Access('posts', 'own')
  @HttpCode(HttpStatus.NO_CONTENT)
  async delete(@Param('id') id: string, @CurrentUser() user: StaffUser): Promise<void> {
    await this.postsService.delete(id, user);
  }
}
