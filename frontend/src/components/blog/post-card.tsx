import { ArrowUpRight, Clock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { findTeamMember } from '@northbeam/common';
import type { PostCardData } from '@northbeam/common';
import { SectionBadge } from '@/components/page/section-badge';
import { formatDate } from '@northbeam/common';
import { ResponsiveImage } from '@/components/media/responsive-image';

/** A card is a third of the page from 1024 px, half from 768 px, the whole phone width below. */
const cardImageSizes = '(min-width: 1280px) 400px, (min-width: 1024px) 32vw, (min-width: 768px) 48vw, 100vw';

/** A post in a blog list: section badge, title link, excerpt, author, date and reading time. */
export function PostCard({ post }: { post: PostCardData }) {
  const author = findTeamMember(post.authorId)?.name ?? post.authorName;
  return (
    <article
      className="group relative flex h-full flex-col rounded-card border border-line bg-white p-6 shadow-card transition-shadow hover:shadow-lift"
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
      <h3 className="heading-3 mt-5">
        <Link
          to={`/blog/${post.section}/${post.slug}`}
          className="after:absolute after:inset-0 after:rounded-card focus-visible:outline-none"
        >
          {post.title}
        </Link>
      </h3>
      <p className="mt-3 line-clamp-3 text-sm leading-relaxed text-ink-muted">{post.excerpt}</p>
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
