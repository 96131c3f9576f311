import { ArrowRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import type { CaseStudyCardItem, PostSection } from '@northbeam/common';
import type { PostCardData } from '@northbeam/common';
import { CaseStudyCard } from '@/components/case-studies/case-study-card';
import { SectionHeading } from '@/components/marketing/page-hero';
import { SectionBadge } from '@/components/page/section-badge';
import { buttonVariants } from '@/components/ui/button';
import { formatDate } from '@northbeam/common';
import { cardSurface } from '@/components/ui/card';

/** The home page's blocks built from loader data, below the first screen (see lazyBlock in route.tsx). */
function InsightCard({ post }: { post: PostCardData }) {
  const href = `/blog/${post.section}/${post.slug}`;
  return (
    <article
      className={cardSurface({ className: 'group flex flex-col p-6 transition-shadow hover:shadow-lift' })}
      data-testid="insight-card"
    >
      <div className="flex items-center justify-between gap-3">
        <SectionBadge section={post.section} />
        <time dateTime={post.createdAt} className="text-xs text-ink-muted">
          {formatDate(post.createdAt, 'MMM dd, yyyy')}
        </time>
      </div>
      <h3 className="heading-3 mt-4">
        <Link to={href} className="hover:text-beam">
          {post.title}
        </Link>
      </h3>
      <p className="card-excerpt">{post.excerpt}</p>
      {post.authorName && <p className="mt-auto pt-5 text-xs font-medium text-ink">{post.authorName}</p>}
    </article>
  );
}

function InsightColumn({ section, posts }: { section: PostSection; posts: PostCardData[] }) {
  const title = section === 'labs' ? 'From the Lab' : 'Consulting Insights';
  return (
    <div data-testid={`insights-${section}`}>
      <h3 className="font-display text-lg font-semibold">{title}</h3>
      {posts.length === 0 ? (
        <p className="mt-4 rounded-card border border-dashed border-line bg-white/60 p-6 text-sm text-ink-muted">
          No posts yet. New {section === 'labs' ? 'Labs' : 'Consulting'} articles will appear here.
        </p>
      ) : (
        <div className="mt-4 grid gap-5">
          {posts.map((post) => (
            <InsightCard key={post.id} post={post} />
          ))}
        </div>
      )}
    </div>
  );
}

export function RecentWork({ caseStudies }: { caseStudies: CaseStudyCardItem[] }) {
  return (
    <section className="section bg-white" aria-labelledby="recent-work">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading
            id="recent-work"
            eyebrow="Case studies"
            title="Recent work"
            intro="Real builds for real businesses, with the numbers to show for it."
          />
          <Link to="/case-studies" className={buttonVariants({ variant: 'outline' })}>
            View all case studies <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        {caseStudies.length === 0 ? (
          <p className="mt-10 text-ink-muted">No case studies available. Check back soon.</p>
        ) : (
          <div className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
            {caseStudies.map((caseStudy) => (
              <CaseStudyCard key={caseStudy.slug} caseStudy={caseStudy} />
            ))}
          </div>
        )}
      </div>
    </section>
  );
}

export function LatestInsights({ posts }: { posts: { consulting: PostCardData[]; labs: PostCardData[] } }) {
  return (
    <section className="section" aria-labelledby="latest-insights">
      <div className="container-page">
        <div className="flex flex-wrap items-end justify-between gap-6">
          <SectionHeading id="latest-insights" eyebrow="Blog" title="Latest Insights" />
          <Link to="/blog" className={buttonVariants({ variant: 'outline' })}>
            Read the blog <ArrowRight aria-hidden="true" />
          </Link>
        </div>
        <div className="mt-12 grid gap-10 lg:grid-cols-2">
          <InsightColumn section="consulting" posts={posts.consulting} />
          <InsightColumn section="labs" posts={posts.labs} />
        </div>
      </div>
    </section>
  );
}
