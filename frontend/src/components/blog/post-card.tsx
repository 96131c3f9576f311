import { ArrowUpRight, Clock } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { PostCardData } from '@northbeam/common';
import { SectionBadge } from '@/components/page/section-badge';
import { formatDate } from '@northbeam/common';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { cardSurface } from '@/components/ui/card';

/** A card is a third of the page from 1024 px, half from 768 px, the whole phone width below. */
const cardImageSizes = '(min-width: 1280px) 400px, (min-width: 1024px) 32vw, (min-width: 768px) 48vw, 100vw';

/**
 * A post in a blog list: section badge, title link, excerpt, author, date and reading time. The title is
 * an `h3` under a list's own `h2`, or an `h2` where the list comes straight under the page's `h1`.
 */
export function PostCard({ post, headingLevel = 3 }: { post: PostCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // A team member's rename is copied onto their posts, so the post's own text is current.
  const author = post.authorName;
  return (
    <article
      className={cardSurface({
        className: 'group relative flex h-full flex-col p-6 transition-shadow hover:shadow-lift',
      })}
      data-testid="post-card"
    >
      {post.featureImage ? (
        <ResponsiveImage
          image={post.featureImage}
          sizes={cardImageSizes}
          className="-mx-6 -mt-6 mb-6 block overflow-hidden rounded-t-card"
          imgClassName="aspect-[16/9] object-cover"
        />
      ) : null}
      <div className="flex items-center justify-between gap-3">
        <SectionBadge section={post.section} />
        <ArrowUpRight
          className="size-5 text-ink-muted transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
          aria-hidden="true"
        />
      </div>
      <Heading className="heading-3 mt-5">
        <Link
          to={`/blog/${post.section}/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none"
        >
          {post.title}
        </Link>
      </Heading>
      <p className="card-excerpt">{post.excerpt}</p>
      <div className="mt-auto flex flex-wrap items-center gap-x-3 gap-y-1 pt-6 text-xs text-ink-muted">
        {author ? <span className="font-medium text-ink">{author}</span> : null}
        <time dateTime={post.createdAt}>{formatDate(post.createdAt, 'MMM dd, yyyy')}</time>
        {post.readingTime ? (
          <span className="inline-flex items-center gap-1">
            <Clock className="size-3.5" aria-hidden="true" />
            {post.readingTime} min read
          </span>
        ) : null}
      </div>
    </article>
  );
}
