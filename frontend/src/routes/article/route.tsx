import { ArrowLeft, CalendarDays, Clock, FileText, RefreshCw } from '@/components/ui/icons';
import { useContext } from 'react';
import { data, isRouteErrorResponse, useAsyncError, useLocation } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  isPostSection,
  mediaHeightAt,
  mediaSharedFormat,
  mediaVariantUrl,
  parseCustomMetaTags,
  sectionLabels,
  site,
  type Post,
  type PostPage,
  type PostSection,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { articleJsonLd, breadcrumbJsonLd } from '@/app/structured-data';
import { AuthorBlock, authorBlockMember, type AuthorBlockMember } from '@/components/blog/author-block';
import { MarkdownBody } from '@/components/blog/markdown-body';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { SectionBanner } from '@/components/blog/section-banner';
import { ShareBar } from '@/components/blog/share-bar';
import { NewsletterBox } from '@/components/lead-capture/newsletter-box';
import { useArticleEngagement } from '@/hooks/use-article-engagement';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { ProblemScreen } from '@/components/page/problem-screen';
import { SectionBadge } from '@/components/page/section-badge';
import { Skeleton } from '@/components/ui/skeleton';
import { loadJson, pageStatusOf } from '@/lib/api';
import { loadTeam, teamMemberById } from '@/lib/team';
import { postCardData, tagPath, tagSlug, type PostCardData } from '@northbeam/common';
import { deferInBrowser, DeferredView, type Deferred } from '@/app/deferred';
import { formatDate } from '@northbeam/common';
import { formatNumber } from '@/lib/format';
import { cardSurface } from '@/components/ui/card';
import { Island, KeptData, keptInputs, noteKept, type Kept } from '@/components/page/server-html';
import { useRouterLinks } from '@/components/page/router-links';

/** What the page reads of the post besides its header: its address, title, excerpt and body. */
type ArticlePost = Pick<Post, 'section' | 'slug' | 'title' | 'excerpt' | 'body' | 'bodyImages'>;

/** What the article's header shows: the post without its body, and the team member it credits. */
interface ArticleHeaderData {
  post: Omit<Post, 'body' | 'bodyImages'>;
  /** The shown team member the post credits, when it credits one. */
  author: AuthorBlockMember | null;
}

interface ArticleData {
  post: ArticlePost;
  /**
   * Only the article's header (a kept block) and the server's head read it: in the browser it may
   * be that block's stand-in.
   */
  header: Kept<ArticleHeaderData>;
  /** Only the "More from" block (kept) shows them: in the browser they may be its stand-in. */
  more: Kept<PostCardData[]>;
  sectionTotal: number;
  url: string;
}

type ArticleFailure = { kind: 'not-found' | 'error' };

/**
 * On the server the article is awaited (a missing slug answers HTTP 404, crawlers get the page);
 * after a client-side navigation the page shows its skeleton while the article loads.
 */
type ArticleRouteData = Deferred<ArticleData>;

const backLinks: Record<PostSection, { label: string; to: string }> = {
  labs: { label: 'Back to Labs Content', to: '/blog/labs' },
  consulting: { label: 'Back to Consulting Insights', to: '/blog/consulting' },
};

function sectionFromPath(pathname: string): PostSection {
  const segment = pathname.toLowerCase().split('/')[2];
  return isPostSection(segment) ? segment : 'labs';
}

export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<ArticleRouteData> {
  return deferInBrowser(context, () => loadArticle({ request, params, context }));
}

/** The post and its section's newest others; fails with `data<ArticleFailure>` (404 or 5xx). */
async function loadArticle({ request, params, context }: LoaderFunctionArgs): Promise<ArticleData> {
  const url = new URL(request.url);
  const section = sectionFromPath(url.pathname);
  const slug = params.slug ?? '';
  let post: Post | null;
  try {
    post = await loadJson<Post>(context, `/api/posts/${section}/${encodeURIComponent(slug)}`);
  } catch (error) {
    const status = pageStatusOf(error);
    throw data<ArticleFailure>({ kind: status === 404 ? 'not-found' : 'error' }, { status });
  }
  if (!post) throw data<ArticleFailure>({ kind: 'error' }, { status: 502 });
  const [morePage, team] = await Promise.all([
    loadJson<PostPage>(context, `/api/posts?section=${section}&page=1&pageSize=4`).catch(() => null),
    post.authorId ? loadTeam(context) : [],
  ]);
  return {
    post: articlePost(post),
    header: articleHeader(post, authorBlockMember(teamMemberById(team, post.authorId))),
    more: (morePage?.items ?? [])
      .filter((candidate) => candidate.id !== post.id)
      .slice(0, 3)
      .map(import.meta.env.SSR ? postCardData : (summary) => summary),
    sectionTotal: morePage?.total ?? 0,
    url: `${url.origin}/blog/${section}/${post.slug}`,
  };
}

const headers = new WeakMap<Post, ArticleHeaderData>();

/**
 * The header's data, once per frozen post on the server (the memoised public data; the post decides
 * its author within a content version), so that its text is made once too (`inputsFrom`, `noteKept`).
 */
function articleHeader(post: Post, author: AuthorBlockMember | null): ArticleHeaderData {
  let header = headers.get(post);
  if (!header) {
    const { body: _body, bodyImages: _bodyImages, ...shown } = post;
    header = { post: shown, author };
    if (import.meta.env.SSR && Object.isFrozen(post)) headers.set(post, Object.freeze(header));
  }
  return header;
}

function articlePost({ section, slug, title, excerpt, body, bodyImages }: Post): ArticlePost {
  return { section, slug, title, excerpt, body, bodyImages };
}

export const handle: RouteHandle<ArticleRouteData | undefined> = {
  head: ({ data: article, pathname, publicUrl }) => {
    if (!article) {
      return { title: 'Post Not Found', description: 'The requested post could not be found.', noindex: true };
    }
    if ('pending' in article) {
      // Client-side only, until the article arrives (the view then sets its own title).
      const section = sectionFromPath(pathname);
      return { title: sectionLabels[section], description: site.tagline, noindex: true, provisional: true };
    }
    const { header } = article.value;
    if (typeof header === 'string') {
      // The browser, hydrating the server's page (the header's data is its stand-in), reads only the
      // title and the description, which the document already has.
      const shown = document.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;
      return { title: article.value.post.title, description: shown ?? article.value.post.excerpt };
    }
    const { post, author: member } = header;
    const description = post.metaDescription || post.excerpt;
    const author = member?.name ?? post.authorName;
    const canonicalPath = `/blog/${post.section}/${post.slug}`;
    // The feature image as the social card (1280 wide, a format every reader takes); the drawn card otherwise.
    const image = post.featureImage
      ? mediaVariantUrl(post.featureImage.id, 1280, mediaSharedFormat(post.featureImage.format))
      : `/api/og-image/${post.slug}`;
    return {
      title: post.title,
      description,
      keywords: post.tags,
      canonicalPath,
      ogType: 'article',
      image,
      ...(post.featureImage
        ? {
            imageAlt: post.featureImage.alt,
            imageSize: {
              width: Math.min(1280, post.featureImage.width),
              height: mediaHeightAt(post.featureImage, Math.min(1280, post.featureImage.width)),
            },
          }
        : {}),
      noindex: post.status !== 'published',
      meta: [
        ...(post.publishedAt ? [{ property: 'article:published_time', content: post.publishedAt }] : []),
        { property: 'article:modified_time', content: post.revisionDate ?? post.updatedAt },
        { property: 'article:section', content: sectionLabels[post.section] },
        ...post.tags.map((tag) => ({ property: 'article:tag', content: tag })),
        ...(author
          ? [
              { property: 'article:author', content: author },
              { name: 'author', content: author },
            ]
          : []),
        ...parseCustomMetaTags(post.customMetaTags),
      ],
      // The post's publisher names the company (name, address, logo): no block of its own here.
      organization: false,
      jsonLd: import.meta.env.SSR
        ? [
            articleJsonLd(publicUrl, {
              type: 'BlogPosting',
              headline: post.title,
              description,
              path: canonicalPath,
              image,
              datePublished: post.publishedAt ?? post.createdAt,
              dateModified: post.revisionDate ?? post.updatedAt,
              authorName: author,
              authorPath: member ? `/team/${member.slug}` : undefined,
              extra: {
                articleSection: sectionLabels[post.section],
                keywords: post.tags.join(', '),
                wordCount: post.wordCount,
                timeRequired: post.readingTime ? `PT${post.readingTime}M` : undefined,
              },
            }),
            breadcrumbJsonLd(publicUrl, [
              { name: 'Blog', path: '/blog' },
              { name: sectionLabels[post.section], path: `/blog/${post.section}` },
              { name: post.title, path: canonicalPath },
            ]),
          ]
        : undefined,
    };
  },
};

function BackLink({ section }: { section: PostSection }) {
  const back = backLinks[section];
  return (
    <Link to={back.to} className="back-link">
      <ArrowLeft className="size-4" aria-hidden="true" />
      {back.label}
    </Link>
  );
}

/** "More from": cards of public posts, links their only interactive part, so a kept block (as the header). */
function MoreFromBlock({ section, posts }: { section: PostSection; posts: Kept<PostCardData[]> }) {
  const followLinks = useRouterLinks();
  // Given its stand-in, the block takes the document's HTML (its mark); else it shows the cards.
  const inputs = keptInputs(posts, (cards) => JSON.stringify({ section, posts: cards }));
  noteKept(useContext(KeptData), posts, inputs);
  return (
    <Island
      id="article-more-from"
      inputs={inputs}
      hydrate={false}
      render={() => (typeof posts === 'string' ? null : <MoreFrom section={section} posts={posts} />)}
      className="contents"
      onClick={followLinks}
    />
  );
}

function MoreFrom({ section, posts }: { section: PostSection; posts: PostCardData[] }) {
  return (
    <section aria-labelledby="more-from" className="border-t border-line bg-mist/50" data-testid="more-from">
      <div className="container-page py-16">
        <h2 id="more-from" className="heading-2">
          More from {sectionLabels[section]}
        </h2>
        <ul className="mt-8 grid gap-6 md:grid-cols-3">
          {posts.map((post) => {
            const author = post.authorName;
            return (
              <li
                key={post.id}
                className={cardSurface({ className: 'flex flex-col p-6' })}
                data-testid="more-from-card"
              >
                <SectionBadge section={post.section} className="self-start" />
                <h3 className="heading-3 mt-4">
                  <Link to={`/blog/${post.section}/${post.slug}`} className="hover:text-beam">
                    {post.title}
                  </Link>
                </h3>
                <p className="card-excerpt">{post.excerpt}</p>
                <p className="card-meta">
                  <time dateTime={post.createdAt}>{formatDate(post.createdAt, 'd MMM yyyy')}</time>
                  {author ? <span> · {author}</span> : null}
                </p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function ArticleSkeleton() {
  const { pathname } = useLocation();
  return (
    <div className="container-page pt-10 pb-16 sm:pt-14" data-testid="article-loading" aria-busy="true">
      <BackLink section={sectionFromPath(pathname)} />
      <div className="mt-6 grid gap-5">
        <Skeleton className="h-6 w-28" />
        <Skeleton className="h-12 w-full max-w-3xl" />
        <Skeleton className="h-6 w-2/3 max-w-2xl" />
        <Skeleton className="mt-3 h-16 w-full" />
        <Skeleton className="h-40 w-full" />
        <div className="grid max-w-[68ch] gap-3">
          <Skeleton className="h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      </div>
      <span className="sr-only">Loading the article…</span>
    </div>
  );
}

function ArticleProblem({ notFound }: { notFound: boolean }) {
  const { pathname } = useLocation();
  return (
    <ProblemScreen
      notFound={notFound}
      title={notFound ? 'Post Not Found' : 'Error Loading Post'}
      message={
        notFound ? 'The requested post could not be found.' : 'Failed to load the blog post. Please try again later.'
      }
      back={backLinks[sectionFromPath(pathname)]}
      testId={notFound ? 'post-not-found' : 'post-error'}
    />
  );
}

/** A failure of the article loaded after a client-side navigation (thrown as `data<ArticleFailure>`). */
function AsyncProblem() {
  const error = useAsyncError() as { data?: ArticleFailure } | undefined;
  const notFound = error?.data?.kind === 'not-found';
  useDocumentTitle(notFound ? 'Post Not Found' : 'Error Loading Post');
  return <ArticleProblem notFound={notFound} />;
}

export function Component() {
  return (
    <DeferredView
      data={useLoaderData<ArticleRouteData>()}
      fallback={<ArticleSkeleton />}
      errorElement={<AsyncProblem />}
    >
      {(article) => <ArticleView article={article} />}
    </DeferredView>
  );
}

/**
 * The article's header (back link, tags, title, excerpt, author, facts, feature image): nothing in it
 * is interactive but its links, so it is a kept block rendered once per post and author
 * (components/page/server-html.ts), its links followed by the router.
 */
function ArticleHeaderBlock({ header }: { header: Kept<ArticleHeaderData> }) {
  const followLinks = useRouterLinks();
  const inputs = keptInputs(header, (shown) => JSON.stringify(shown));
  // What the header shows, the browser reads nowhere else (the head reads it on the server only).
  noteKept(useContext(KeptData), header, inputs);
  return (
    <Island
      id="article-header"
      inputs={inputs}
      hydrate={false}
      render={() => (typeof header === 'string' ? null : <ArticleHeader post={header.post} author={header.author} />)}
      className="contents"
      onClick={followLinks}
    />
  );
}

function ArticleHeader({
  post,
  author,
}: {
  post: Omit<Post, 'body' | 'bodyImages'>;
  author: AuthorBlockMember | null;
}) {
  const published = post.publishedAt ?? post.createdAt;
  return (
    <header className="container-page pt-10 pb-10 sm:pt-14">
      <BackLink section={post.section} />
      {post.status !== 'published' ? (
        <p
          className="mt-6 inline-flex rounded-full bg-immersive px-3 py-1 text-xs font-semibold text-ink"
          data-testid="draft-preview"
        >
          Draft preview: only signed-in staff can see this page
        </p>
      ) : null}
      <div className="mt-6 flex flex-wrap items-center gap-2">
        <SectionBadge section={post.section} />
        {post.tags.map((tag) =>
          tagSlug(tag) ? (
            <Link key={tag} to={tagPath(tag)} className="tag-link" data-testid="article-tag">
              {tag}
            </Link>
          ) : (
            <span key={tag} className="tag" data-testid="article-tag">
              {tag}
            </span>
          ),
        )}
      </div>
      <h1 className="heading-1 mt-5 max-w-4xl">{post.title}</h1>
      <p className="lead mt-5 max-w-3xl" data-testid="article-excerpt">
        {post.excerpt}
      </p>
      <div className="article-byline">
        <AuthorBlock post={post} member={author} />
        <dl className="article-facts" data-testid="article-facts">
          <div className="article-fact">
            <dt className="article-fact">
              <CalendarDays className="size-4" aria-hidden="true" />
              Published
            </dt>
            <dd>
              <time dateTime={published}>{formatDate(published, 'MMMM dd, yyyy')}</time>
            </dd>
          </div>
          {post.revisionDate ? (
            <div className="article-fact" data-testid="article-updated">
              <dt className="article-fact">
                <RefreshCw className="size-4" aria-hidden="true" />
                Updated
              </dt>
              <dd>
                <time dateTime={post.revisionDate}>{formatDate(post.revisionDate, 'MMMM dd, yyyy')}</time>
              </dd>
            </div>
          ) : null}
          {post.readingTime !== null && post.readingTime !== undefined ? (
            <div className="article-fact">
              <dt>
                <Clock className="size-4" aria-hidden="true" />
                <span className="sr-only">Reading time</span>
              </dt>
              <dd>{post.readingTime} min read</dd>
            </div>
          ) : null}
          {post.wordCount !== null && post.wordCount !== undefined ? (
            <div className="article-fact">
              <dt>
                <FileText className="size-4" aria-hidden="true" />
                <span className="sr-only">Length</span>
              </dt>
              <dd>{formatNumber(post.wordCount)} words</dd>
            </div>
          ) : null}
        </dl>
      </div>
      {post.featureImage ? (
        <ResponsiveImage
          image={post.featureImage}
          priority
          sizes="(min-width: 1280px) 1200px, 100vw"
          className={cardSurface({ tone: 'none', elevation: 'none', className: 'mt-8 block overflow-hidden' })}
          imgClassName="max-h-[36rem] object-cover"
        />
      ) : null}
    </header>
  );
}

function ArticleView({ article }: { article: ArticleData }) {
  const { post, header, more, sectionTotal, url } = article;
  useArticleEngagement({ title: post.title, section: post.section, path: `/blog/${post.section}/${post.slug}` });
  useDocumentTitle(post.title);
  return (
    <>
      <article>
        <ArticleHeaderBlock header={header} />
        <div className="container-page">
          <SectionBanner section={post.section} />
        </div>
        <div className="container-page article-layout">
          <MarkdownBody markdown={post.body} images={post.bodyImages} />
          <aside className="lg:sticky lg:top-24 lg:self-start">
            <ShareBar url={url} title={post.title} summary={post.excerpt || post.title} />
          </aside>
        </div>
      </article>
      {/* A stand-in (a string) stands for cards the document holds. */}
      {sectionTotal > 1 && (typeof more === 'string' || more.length > 0) ? (
        <MoreFromBlock section={post.section} posts={more} />
      ) : null}
      <section className="container-page py-16">
        <NewsletterBox source={post.section === 'labs' ? 'labs_blog' : 'consulting_blog'} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <ArticleProblem notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
