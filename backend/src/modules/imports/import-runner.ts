import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { SchedulerRegistry } from '@nestjs/schedule';
import {
  countWords,
  emptyImportCounts,
  importCountKinds,
  mediaLimits,
  mediaMarkdown,
  permissionsFor,
  readingTimeMinutes,
  redirectMessages,
  type ImportCounts,
  type StaffUser,
} from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { globalSurrogateKey } from '../../core/http/cdn-cache.js';
import { Transactions } from '../../database/transactions.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { MediaService } from '../media/media.service.js';
import { PostRedirectsService } from '../posts/post-redirects.js';
import { PostsRepository } from '../posts/posts.repository.js';
import { RedirectsService } from '../site-settings/redirects.service.js';
import { sectionFor, type PlannedPost } from './formats/import-plan.js';
import { replaceImage } from './formats/html-to-markdown.js';
import { parseUpload } from './formats/parse-upload.js';
import { fetchImage, ImageFetchError } from './image-fetcher.js';
import { addProblem } from './import-problems.js';
import { NorthbeamImport } from './northbeam-import.js';
import { ImportsRepository, type ImportJobRow, type ImportSeen } from './imports.repository.js';

const intervalName = 'import-jobs';

/** A sentence about a post: its title first. */
const about = (post: PlannedPost, sentence: string) => `“${post.title}”: ${sentence}.`;

export { addProblem };

/** The job's author as the services it calls expect a signed-in staff member. */
function actingUser(job: ImportJobRow): StaffUser {
  return {
    id: job.createdById ?? '',
    name: job.createdByName,
    email: '',
    role: job.createdByRole,
    twoFactorEnabled: false,
    twoFactorSetupRequired: false,
    permissions: permissionsFor(job.createdByRole),
    teamMemberId: null,
  };
}

/**
 * Runs import jobs (docs/import.md): each instance looks every few seconds and right after an upload;
 * one takes a job (a claim with SKIP LOCKED and a lease, so a job is taken once and a job whose
 * runner stopped, after a restart, is taken over), then works post by post: images fetched first
 * (never inside a transaction), then the post and the job's progress in one transaction, then the
 * old address's redirect. A post already imported from the same source is skipped, so a resumed
 * or repeated run creates nothing twice.
 */
@Injectable()
export class ImportRunner implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Imports');
  private running: Promise<void> | undefined;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly schedulerRegistry: SchedulerRegistry,
    private readonly repository: ImportsRepository,
    private readonly transactions: Transactions,
    private readonly posts: PostsRepository,
    private readonly postRedirects: PostRedirectsService,
    private readonly redirects: RedirectsService,
    private readonly media: MediaService,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
    private readonly northbeam: NorthbeamImport,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.importRunIntervalMs <= 0) return;
    const interval = setInterval(() => this.kick(), this.config.importRunIntervalMs);
    interval.unref();
    this.schedulerRegistry.addInterval(intervalName, interval);
    this.kick();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.schedulerRegistry.doesExist('interval', intervalName)) this.schedulerRegistry.deleteInterval(intervalName);
    // The post in hand is finished; the job stays claimed and is taken over when its lease runs out.
    await this.running?.catch(() => undefined);
  }

  /** Starts a run now unless one is going on in this process or the schedule is off. */
  kick(): void {
    if (this.config.importRunIntervalMs <= 0 || this.running || this.stopping) return;
    this.running = this.runPending()
      .catch((error: unknown) =>
        this.logger.error(`Import run failed: ${error instanceof Error ? error.message : String(error)}`),
      )
      .finally(() => (this.running = undefined));
  }

  /** Runs every job waiting, one after another. */
  async runPending(): Promise<void> {
    while (!this.stopping && (await this.repository.hasPending())) {
      const job = await this.repository.claimNext();
      if (!job) return;
      await this.run(job);
    }
  }

  /** Runs a claimed job to its end; an error outside any one post ends it as failed, with the sentence. */
  private async run(job: ImportJobRow): Promise<void> {
    try {
      await this.work(job);
    } catch (error) {
      if (this.stopping) return;
      addProblem(job.problems, `The import stopped: ${error instanceof Error ? error.message : String(error)}.`);
      await this.end(job, 'failed', job.counts, job.problems);
    }
  }

  private async work(job: ImportJobRow): Promise<void> {
    const user = actingUser(job);
    // A job counted before case studies, team members and settings were counted has zeros for them.
    job.counts = { ...emptyImportCounts(), ...job.counts };
    const counts = job.counts;
    const problems = job.problems;
    if (job.kind === 'northbeam') return this.workNorthbeam(job);
    const seen: Required<ImportSeen> = { tags: [], authors: [], images: {}, posts: [], ...job.seen };
    const posts = job.payload?.posts;
    if (!posts)
      return this.end(job, 'failed', counts, [
        ...problems,
        'The uploaded file was lost before the run: upload it again.',
      ]);
    const members = await this.repository.teamMembersByName();
    for (let index = job.cursor; index < posts.length; index++) {
      if (this.stopping) return;
      const post = posts[index];
      try {
        await this.importPost(job, index, post, user, { counts, problems, seen, members });
      } catch (error) {
        counts.posts.failed += 1;
        addProblem(
          problems,
          about(post, `could not be imported (${error instanceof Error ? error.message : String(error)})`),
        );
        await this.repository.saveProgress(undefined, job.id, { cursor: index + 1, counts, problems, seen });
      }
    }
    await this.end(job, 'done', counts, problems);
  }

  /** This site's own export: read from the stored file, written whole in one transaction (or not at all). */
  private async workNorthbeam(job: ImportJobRow): Promise<void> {
    if (!job.file)
      return this.end(job, 'failed', job.counts, [
        ...job.problems,
        'The uploaded file was lost before the run: upload it again.',
      ]);
    const plan = await parseUpload(job.file);
    if (plan.kind !== 'northbeam') throw new Error('the stored file is not a site export');
    const problems = [...job.problems];
    const counts = await this.northbeam.run(job.id, plan.site, problems);
    await this.end(job, 'done', counts, problems);
  }

  private async importPost(
    job: ImportJobRow,
    index: number,
    post: PlannedPost,
    user: StaffUser,
    state: {
      counts: ImportCounts;
      problems: string[];
      seen: Required<ImportSeen>;
      members: Map<string, { id: string; name: string; role: string; bio: string }>;
    },
  ): Promise<void> {
    const { counts, problems, seen, members } = state;
    const existing = (await this.repository.findImportedPost(job.kind, [post.sourceId])).get(post.sourceId);
    if (existing) {
      // Imported before (by an earlier run, or by this one before a restart): nothing is created again.
      const thisRun = seen.posts.includes(post.sourceId);
      if (!thisRun) counts.posts.skipped += 1;
      if (existing.status === 'published')
        await this.redirect(post, existing.section, existing.slug, user, counts, problems, thisRun);
      await this.repository.saveProgress(undefined, job.id, { cursor: index + 1, counts, problems, seen });
      return;
    }
    if (!post.markdown.trim()) {
      counts.posts.failed += 1;
      addProblem(problems, about(post, 'has no text, and a post here needs one: it was not imported'));
      await this.repository.saveProgress(undefined, job.id, { cursor: index + 1, counts, problems, seen });
      return;
    }

    // Images first, outside any transaction: each fetched once per run, the library's copy used after.
    let markdown = post.markdown;
    const images = [...(post.featureImage ? [post.featureImage] : []), ...post.images];
    for (const image of images) {
      if (!(image.url in seen.images)) {
        seen.images[image.url] = await this.fetchIntoLibrary(post, image, user, counts, problems);
        await this.repository.renewLease(job.id);
      }
    }
    for (const image of post.images) {
      const id = seen.images[image.url];
      if (id) markdown = replaceImage(markdown, image.url, mediaMarkdown({ id, alt: image.alt || post.title }));
    }
    const featureImageId = post.featureImage ? (seen.images[post.featureImage.url] ?? null) : null;

    const section = sectionFor(job.mapping, post.category);
    const member = post.authorName ? members.get(post.authorName.trim().toLowerCase()) : undefined;
    const wordCount = countWords(markdown);
    const created = await this.transactions.run(async (manager) => {
      const taken = await this.repository.takenSlugs(manager, section, post.slug);
      let slug = post.slug;
      for (let suffix = 2; taken.has(slug); suffix++) slug = `${post.slug.slice(0, 95)}-${suffix}`;
      if (slug !== post.slug)
        addProblem(
          problems,
          about(
            post,
            `its address /blog/${section}/${post.slug} is taken by another post: it was imported as /blog/${section}/${slug}`,
          ),
        );
      const publishedAt = post.publishedAt ? new Date(post.publishedAt) : null;
      const saved = await this.posts.create(manager, {
        section,
        slug,
        title: post.title,
        excerpt: post.excerpt || post.title,
        body: markdown,
        status: post.status,
        authorId: member?.id ?? null,
        authorName: member?.name ?? post.authorName,
        authorCredentials: member ? member.role : null,
        authorBio: member ? member.bio : null,
        tags: post.tags,
        metaDescription: post.metaDescription,
        customMetaTags: null,
        wordCount,
        readingTime: readingTimeMinutes(wordCount),
        createdById: job.createdById,
        publishedAt,
        revisionDate: null,
        featureImageId,
        publishAt: null,
        reviewNote: null,
        importSource: job.kind,
        importSourceId: post.sourceId,
        // Lists order posts by when they were written: an imported post keeps its place in time.
        ...((publishedAt ? { createdAt: publishedAt } : {}) as object),
      });
      await this.postRedirects.afterSave(manager, null, saved);
      for (const tag of post.tags) {
        if (seen.tags.includes(tag.toLowerCase())) continue;
        seen.tags.push(tag.toLowerCase());
        if (await this.repository.tagInUse(manager, tag, saved.id)) counts.tags.skipped += 1;
        else counts.tags.imported += 1;
      }
      if (post.authorName && !seen.authors.includes(post.authorName.toLowerCase())) {
        seen.authors.push(post.authorName.toLowerCase());
        counts.authors.imported += 1;
        if (!member)
          addProblem(
            problems,
            `The author “${post.authorName}” matches no team member: their posts show the name only (link a team member in the editor).`,
          );
      }
      for (const note of post.notes) addProblem(problems, about(post, note));
      counts.posts.imported += 1;
      seen.posts.push(post.sourceId);
      await this.repository.saveProgress(manager, job.id, { cursor: index, counts, problems, seen });
      return saved;
    });
    if (created.status === 'published')
      await this.redirect(post, created.section, created.slug, user, counts, problems, false);
    await this.repository.saveProgress(undefined, job.id, { cursor: index + 1, counts, problems, seen });
  }

  /** The old address answers 301 to the new one, through the redirects of /admin/redirects (their rules apply). */
  private async redirect(
    post: PlannedPost,
    section: string,
    slug: string,
    user: StaffUser,
    counts: ImportCounts,
    problems: string[],
    quietIfExists: boolean,
  ): Promise<void> {
    if (!post.oldPath) return;
    try {
      await this.redirects.create(post.oldPath, `/blog/${section}/${slug}`, user);
      counts.redirects.imported += 1;
    } catch (error) {
      const sentence = errorSentence(error);
      if (sentence === redirectMessages.exists) {
        if (!quietIfExists) counts.redirects.skipped += 1;
        return;
      }
      counts.redirects.failed += 1;
      addProblem(problems, about(post, `its old address ${post.oldPath} gets no redirect (${sentence})`));
    }
  }

  private async fetchIntoLibrary(
    post: PlannedPost,
    image: { url: string; alt: string },
    user: StaffUser,
    counts: ImportCounts,
    problems: string[],
  ): Promise<string | null> {
    try {
      const fetched = await fetchImage(image.url, { allowPrivate: this.config.importAllowPrivate });
      const alt = [...(image.alt || post.title)].slice(0, mediaLimits.altMax).join('');
      const item = await this.media.upload(
        { originalname: fetched.filename, buffer: fetched.bytes, size: fetched.bytes.length },
        alt,
        user,
      );
      counts.images.imported += 1;
      return item.id;
    } catch (error) {
      counts.images.failed += 1;
      const why =
        error instanceof ImageFetchError ? error.message : `the media library refused it (${errorSentence(error)})`;
      addProblem(
        problems,
        `The image ${image.url} (in “${post.title}”) could not be brought into the media library: ${why}. The post keeps its original address.`,
      );
      return null;
    }
  }

  private async end(
    job: ImportJobRow,
    state: 'done' | 'failed',
    counts: ImportCounts,
    problems: string[],
  ): Promise<void> {
    await this.transactions.run(async (manager) => {
      await this.repository.finish(manager, job.id, state, { counts, problems });
      await this.activity.record(manager, {
        actor: job.createdById ? { id: job.createdById, name: job.createdByName } : null,
        action: state === 'done' ? 'import.completed' : 'import.failed',
        target: { type: 'import', id: job.id, label: `${job.filename}: ${countsLabel(counts)}` },
      });
      // New posts are in lists, tag pages and feeds: every cached page goes.
      await this.contentVersion.bump([globalSurrogateKey], manager);
    });
    this.logger.log(`Import ${job.id} (${job.filename}) ${state}: ${countsLabel(counts)}`);
  }
}

/** "12 posts imported, 0 skipped, 1 failed; 4 images imported, 2 failed; 11 redirects" for the activity line. */
export function countsLabel(counts: ImportCounts): string {
  return (
    importCountKinds
      // Case studies, team members and settings come only from this site's own export: named when counted.
      .filter((kind, index) => index < 5 || counts[kind].imported + counts[kind].skipped + counts[kind].failed > 0)
      .map(
        (kind) =>
          `${kind} ${counts[kind].imported} imported, ${counts[kind].skipped} skipped, ${counts[kind].failed} failed`,
      )
      .join('; ')
  );
}

function errorSentence(error: unknown): string {
  if (error && typeof error === 'object' && 'getResponse' in error) {
    const body = (error as { getResponse(): unknown }).getResponse();
    if (body && typeof body === 'object' && 'error' in body && typeof body.error === 'string') return body.error;
  }
  return error instanceof Error ? error.message : String(error);
}
