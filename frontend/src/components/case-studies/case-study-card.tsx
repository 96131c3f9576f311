import { ArrowUpRight } from '@/components/ui/icons';
import { Link } from '@/components/ui/link';
import { limits, type CaseStudyCardItem, type CaseStudySummary } from '@northbeam/common';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { CaseStudyImage } from './case-study-image';
import { cardSurface } from '@/components/ui/card';

/** The first two services plus the sector, and how many more there would be. */
export function cardTags(caseStudy: Pick<CaseStudySummary, 'services' | 'sector'>): { tags: string[]; more: number } {
  const all = [...caseStudy.services.slice(0, 2), caseStudy.sector];
  const total = caseStudy.services.length + 1;
  return { tags: all.slice(0, limits.caseStudyCardTags), more: Math.max(0, total - limits.caseStudyCardTags) };
}

export function CaseStudyCard({ caseStudy, headingLevel = 3 }: { caseStudy: CaseStudyCardItem; headingLevel?: 2 | 3 }) {
  const { tags, more } = cardTags(caseStudy);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={cardSurface({
        className: 'group flex flex-col overflow-hidden transition-shadow duration-300 hover:shadow-lift',
      })}
      data-testid="case-study-card"
    >
      {caseStudy.hero ? (
        // A library image: its variants by width, in the same 16:9 frame as the built-in ones.
        <div className="aspect-video overflow-hidden bg-ink-soft">
          <ResponsiveImage
            image={caseStudy.hero}
            alt={caseStudy.title}
            sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
            className="block size-full"
            imgClassName="size-full object-cover transition-transform duration-500 group-hover:scale-[1.03]"
          />
        </div>
      ) : (
        <CaseStudyImage
          src={caseStudy.hero_image}
          alt={caseStudy.title}
          imageClassName="transition-transform duration-500 group-hover:scale-[1.03]"
        />
      )}
      <div className="flex flex-1 flex-col p-6">
        <p className="text-xs font-semibold tracking-wide text-ink-muted uppercase">
          <span className="text-ink">{caseStudy.client}</span> · {caseStudy.sector}
        </p>
        <Heading className="heading-3 mt-3">
          <Link to={`/case-studies/${caseStudy.slug}`} className="hover:text-beam">
            {caseStudy.title}
          </Link>
        </Heading>
        <p className="card-excerpt">{caseStudy.summary}</p>
        <ul className="mt-5 flex flex-wrap gap-2" aria-label="Tags">
          {tags.map((tag) => (
            <li key={tag}>
              <Badge variant="secondary">{tag}</Badge>
            </li>
          ))}
          {more > 0 && (
            <li>
              <Badge variant="outline">+{more} more</Badge>
            </li>
          )}
        </ul>
        <Link
          to={`/case-studies/${caseStudy.slug}`}
          className="mt-auto inline-flex items-center gap-1.5 pt-6 text-sm font-semibold text-beam"
          aria-label={`Read case study: ${caseStudy.title}`}
        >
          Read case study{' '}
          <ArrowUpRight
            className="size-4 transition-transform group-hover:translate-x-0.5 group-hover:-translate-y-0.5"
            aria-hidden="true"
          />
        </Link>
      </div>
    </article>
  );
}

export function CaseStudyCardSkeleton() {
  return (
    <div className={cardSurface({ elevation: 'none', className: 'overflow-hidden' })} data-testid="case-study-skeleton">
      <Skeleton shape="square" className="aspect-video" />
      <div className="grid gap-3 p-6">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-6 w-4/5" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-2/3" />
      </div>
    </div>
  );
}
