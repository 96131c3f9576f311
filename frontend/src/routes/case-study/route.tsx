import { ArrowLeft, ArrowRight, ArrowUpRight } from '@/components/ui/icons';
import { useEffect, type ReactNode } from 'react';
import { data, isRouteErrorResponse, useAsyncError } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import {
  formatDate,
  isDate,
  mediaIdOfUrl,
  messages,
  outcomesSplitMarker,
  site,
  type CaseStudyPreview as CaseStudy,
  type CaseStudyImage as GalleryImage,
} from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { articleJsonLd, breadcrumbJsonLd } from '@/app/structured-data';
import { CaseStudyImage } from '@/components/case-studies/case-study-image';
import { CaseStudyProse } from '@/components/case-studies/case-study-prose';
import { ResponsiveImage } from '@/components/media/responsive-image';
import { ProblemScreen } from '@/components/page/problem-screen';
import { RiskDashboard } from '@/components/case-studies/risk-dashboard';
import { Badge } from '@/components/ui/badge';
import { buttonVariants } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiRequestError, loadJson, pageStatusOf } from '@/lib/api';
import { cn } from '@/lib/cn';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { deferInBrowser, deferredValue, DeferredView, type Deferred } from '@/app/deferred';
import { trackCaseStudyCtaClick, trackCaseStudyView, type CaseStudyFacts } from '@/lib/analytics';
import { cardSurface } from '@/components/ui/card';

type CaseStudyData = Deferred<CaseStudy>;

async function fetchCaseStudy(context: unknown, slug: string): Promise<CaseStudy> {
  const caseStudy = await loadJson<CaseStudy>(context, `/api/case-studies/${encodeURIComponent(slug)}`);
  if (!caseStudy) throw new Error(messages.caseStudyNotFound);
  return caseStudy;
}

/**
 * Awaited on the server (so that a missing slug answers HTTP 404 and crawlers get the page); in
 * the browser the page shows its skeleton while the case study loads.
 */
export async function loader({ context, params }: LoaderFunctionArgs): Promise<CaseStudyData> {
  // React Router's way to answer a status from a loader: the server then sends it as the HTTP status.
  return deferInBrowser(
    context,
    () => fetchCaseStudy(context, params.slug ?? ''),
    (error) => data(null, { status: pageStatusOf(error) }),
  );
}

export const handle: RouteHandle<CaseStudyData | undefined> = {
  head: ({ data: loaded, params, publicUrl }) => {
    const caseStudy = deferredValue(loaded);
    if (!caseStudy) {
      return {
        title: loaded ? 'Case study' : 'Case Study Not Found',
        description: `A ${site.name} case study.`,
        canonicalPath: `/case-studies/${(params.slug ?? '').toLowerCase()}`,
        noindex: !loaded,
        // Pending after a client-side navigation: the view sets the title (and records the page view).
        provisional: !!loaded,
      };
    }
    return {
      title: caseStudy.seo.title || caseStudy.title,
      description: caseStudy.seo.description || caseStudy.summary,
      keywords: [caseStudy.client, caseStudy.sector, ...caseStudy.services, ...caseStudy.tech],
      canonicalPath: `/case-studies/${caseStudy.slug}`,
      // A draft is seen only by staff (the preview): never indexed.
      noindex: caseStudy.draft === true,
      ogType: 'article',
      // Social networks want a raster image: the server renders one per slug.
      image: `/api/og-image/${caseStudy.slug}`,
      imageAlt: caseStudy.title,
      jsonLd: import.meta.env.SSR
        ? [
            articleJsonLd(publicUrl, {
              type: 'Article',
              headline: caseStudy.title,
              description: caseStudy.summary,
              path: `/case-studies/${caseStudy.slug}`,
              // The drawn card first: a raster image, which every reader of the data takes.
              image: [`/api/og-image/${caseStudy.slug}`, caseStudy.hero_image],
              datePublished: caseStudy.date,
              dateModified: caseStudy.updatedAt ?? caseStudy.date,
              extra: { about: caseStudy.client },
            }),
            breadcrumbJsonLd(publicUrl, [
              { name: 'Case Studies', path: '/case-studies' },
              { name: caseStudy.title, path: `/case-studies/${caseStudy.slug}` },
            ]),
          ]
        : undefined,
    };
  },
};

const Prose = CaseStudyProse;

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-14 first:mt-0" data-testid={`section-${id}`}>
      <h2 id={id} className="heading-2 mb-6">
        {title}
      </h2>
      {children}
    </section>
  );
}

/**
 * An image of the case study: a media library image responsively (srcset, sizes, its own width and
 * height), any other address (the built-in studies' static files) as it is (docs/product.md#case-studies).
 */
function StudyImage({
  src,
  alt,
  images,
  sizes,
  eager = false,
  className,
}: {
  src: string;
  alt: string;
  images: CaseStudy['images'] | undefined;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  const id = mediaIdOfUrl(src);
  const image = id ? images?.[id] : undefined;
  if (image)
    return (
      <ResponsiveImage
        image={image}
        alt={alt}
        sizes={sizes}
        priority={eager}
        className={cn('block overflow-hidden', className)}
        imgClassName="object-cover"
      />
    );
  return <CaseStudyImage src={src} alt={alt} eager={eager} className={className} />;
}

function Figure({ image, images, testId }: { image: GalleryImage; images: CaseStudy['images']; testId: string }) {
  return (
    <figure className="my-10" data-testid={testId}>
      <StudyImage
        src={image.src}
        alt={image.alt}
        images={images}
        sizes="(min-width: 960px) 832px, calc(100vw - 2.5rem)"
        className="rounded-card shadow-card"
      />
      {image.caption && <figcaption className="mt-3 text-sm text-ink-muted">{image.caption}</figcaption>}
    </figure>
  );
}

/** Where each gallery image goes (spec: interleaving, with the relative-probability and panaquest layouts). */
function galleryPlan(caseStudy: CaseStudy) {
  const [first, second, ...rest] = caseStudy.gallery;
  if (caseStudy.slug === 'panaquest') {
    return {
      afterChallenge: null,
      dashboard: false,
      afterApproach: null,
      afterSolution: first ?? null,
      inOutcomes: second ?? null,
      rest,
    };
  }
  return {
    afterChallenge: caseStudy.slug === 'relative-probability' ? null : (first ?? null),
    dashboard: caseStudy.slug === 'relative-probability',
    afterApproach: second ?? null,
    afterSolution: null,
    inOutcomes: null,
    rest,
  };
}

function CaseStudyView({ caseStudy }: { caseStudy: CaseStudy }) {
  useEffect(() => {
    trackCaseStudyView(caseStudyFacts(caseStudy));
  }, [caseStudy]);
  const plan = galleryPlan(caseStudy);
  const [outcomesBefore, outcomesAfter] = caseStudy.outcomes_md.includes(outcomesSplitMarker)
    ? caseStudy.outcomes_md.split(outcomesSplitMarker, 2)
    : [caseStudy.outcomes_md, ''];

  useDocumentTitle(caseStudy.seo.title || caseStudy.title);

  return (
    <article data-testid="case-study" data-slug={caseStudy.slug}>
      {caseStudy.draft ? (
        <p
          className="bg-labs px-4 py-2.5 text-center text-sm font-semibold text-ink"
          role="status"
          data-testid="case-study-draft-banner"
        >
          Draft preview: only staff can see this case study until it is published.
        </p>
      ) : null}
      <header className="relative isolate overflow-hidden bg-ink text-white">
        <div aria-hidden="true" className="glow -top-40 -right-20 -z-10 size-[34rem] text-immersive opacity-25" />
        <div className="container-page pt-12 pb-16 sm:pt-16">
          <Link
            to="/case-studies"
            className="inline-flex items-center gap-2 text-sm font-semibold text-white/70 hover:text-white"
          >
            <ArrowLeft className="size-4" aria-hidden="true" /> All case studies
          </Link>
          <div className="mt-10 grid gap-10 lg:grid-cols-[1.5fr_1fr] lg:items-end">
            <div>
              <p className="eyebrow text-immersive">{caseStudy.client}</p>
              <h1 className="mt-4 font-display text-4xl leading-[1.05] font-semibold tracking-[-0.03em] sm:text-5xl lg:text-6xl">
                {caseStudy.title}
              </h1>
              <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/75 sm:text-xl">{caseStudy.summary}</p>
            </div>
            <dl
              className="grid grid-cols-2 gap-5 rounded-card bg-white/5 p-6 text-sm ring-1 ring-white/10"
              data-testid="case-study-meta"
            >
              <div>
                <dt className="text-white/55">Client</dt>
                <dd className="mt-1 font-semibold">{caseStudy.client}</dd>
              </div>
              <div>
                <dt className="text-white/55">Sector</dt>
                <dd className="mt-1 font-semibold">{caseStudy.sector}</dd>
              </div>
              <div>
                <dt className="text-white/55">Date</dt>
                <dd className="mt-1 font-semibold">
                  <time dateTime={caseStudy.date}>
                    {isDate(caseStudy.date) ? formatDate(caseStudy.date, 'MMMM yyyy') : caseStudy.date}
                  </time>
                </dd>
              </div>
              <div className="col-span-2">
                <dt className="text-white/55">Services</dt>
                <dd className="mt-1 font-semibold">{caseStudy.services.join(' · ')}</dd>
              </div>
              {caseStudy.link && (
                <div className="col-span-2">
                  <dt className="sr-only">Project website</dt>
                  <dd>
                    <a
                      href={caseStudy.link}
                      target="_blank"
                      rel="noreferrer"
                      className="inline-flex items-center gap-1.5 font-semibold text-labs hover:underline"
                    >
                      Visit the project <ArrowUpRight className="size-4" aria-hidden="true" />
                    </a>
                  </dd>
                </div>
              )}
            </dl>
          </div>
        </div>
      </header>

      <div className="container-page -mt-2 pt-12">
        <StudyImage
          src={caseStudy.hero_image}
          alt={caseStudy.title}
          images={caseStudy.images}
          sizes="(min-width: 1280px) 1200px, calc(100vw - 2.5rem)"
          eager
          className="rounded-[1.75rem] shadow-lift"
        />
      </div>

      <div className="container-page max-w-4xl py-16 sm:py-20">
        <Section id="challenge" title="The Challenge">
          <Prose markdown={caseStudy.problem_md} />
        </Section>
        {plan.dashboard && <RiskDashboard />}
        {plan.afterChallenge && (
          <Figure image={plan.afterChallenge} images={caseStudy.images} testId="gallery-after-challenge" />
        )}

        <Section id="approach" title="Our Approach">
          <Prose markdown={caseStudy.approach_md} />
        </Section>
        {plan.afterApproach && (
          <Figure image={plan.afterApproach} images={caseStudy.images} testId="gallery-after-approach" />
        )}

        <Section id="solution" title="The Solution">
          <Prose markdown={caseStudy.solution_md} />
        </Section>
        {plan.afterSolution && (
          <Figure image={plan.afterSolution} images={caseStudy.images} testId="gallery-after-solution" />
        )}

        <Section id="outcomes" title="Outcomes">
          <Prose markdown={outcomesBefore} />
          {plan.inOutcomes && <Figure image={plan.inOutcomes} images={caseStudy.images} testId="gallery-in-outcomes" />}
          {outcomesAfter.trim() && <Prose markdown={outcomesAfter} />}
        </Section>
        {plan.rest.map((image) => (
          <Figure key={image.src} image={image} images={caseStudy.images} testId="gallery-extra" />
        ))}

        {caseStudy.metrics.length > 0 && (
          <ul className="mt-14 grid gap-4 sm:grid-cols-3" data-testid="metrics">
            {caseStudy.metrics.map((metric) => (
              <li key={metric.label} className={cardSurface({ className: 'p-6' })}>
                <p className="font-display text-4xl font-semibold tracking-tight">{metric.value}</p>
                <p className="mt-2 font-semibold">{metric.label}</p>
                {metric.context && <p className="mt-1 text-sm text-ink-muted">{metric.context}</p>}
              </li>
            ))}
          </ul>
        )}

        <div className="mt-14 grid gap-8 sm:grid-cols-2">
          <div>
            <h2 className="eyebrow">Technologies Used</h2>
            <ul className="mt-4 flex flex-wrap gap-2" data-testid="technologies">
              {caseStudy.tech.map((item) => (
                <li key={item}>
                  <Badge variant="secondary">{item}</Badge>
                </li>
              ))}
            </ul>
          </div>
          <div>
            <h2 className="eyebrow">Services Provided</h2>
            <ul className="mt-4 flex flex-wrap gap-2" data-testid="services">
              {caseStudy.services.map((item) => (
                <li key={item}>
                  <Badge variant="immersive">{item}</Badge>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <div
          className="mt-16 flex flex-col gap-4 rounded-[1.75rem] bg-ink p-8 text-white sm:flex-row sm:items-center sm:justify-between sm:p-10"
          data-testid="case-study-cta"
        >
          <p className="font-display text-2xl font-semibold">Want results like these?</p>
          <div className="flex flex-wrap gap-3">
            <Link
              to={caseStudy.cta.href}
              onClick={() => trackCaseStudyCtaClick(caseStudyFacts(caseStudy), caseStudy.cta.label, caseStudy.cta.href)}
              className={cn(
                buttonVariants({ variant: 'inverse', size: 'lg-flexible', wrap: true }),
                'hover:bg-immersive',
              )}
            >
              {caseStudy.cta.label} <ArrowRight aria-hidden="true" />
            </Link>
            <Link to="/case-studies" className={buttonVariants({ size: 'lg', variant: 'outline-inverse' })}>
              View more case studies
            </Link>
          </div>
        </div>
      </div>
    </article>
  );
}

function DetailSkeleton() {
  return (
    <div data-testid="case-study-loading" aria-busy="true">
      <div className="bg-ink">
        <div className="container-page grid gap-4 py-16">
          <Skeleton tone="dark" className="h-4 w-40" />
          <Skeleton tone="dark" className="h-12 w-3/4" />
          <Skeleton tone="dark" className="h-5 w-1/2" />
        </div>
      </div>
      <div className="container-page grid gap-4 py-12">
        <Skeleton className="aspect-video w-full" />
        <Skeleton className="h-6 w-1/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
    </div>
  );
}

function Problem({ notFound }: { notFound: boolean }) {
  return (
    <ProblemScreen
      notFound={notFound}
      title={notFound ? 'Case Study Not Found' : 'Error Loading Case Study'}
      message={notFound ? "The case study you're looking for doesn't exist." : 'Please try again later.'}
      back={{ to: '/case-studies', label: 'View more case studies' }}
      testId="case-study-problem"
    />
  );
}

function AsyncProblem() {
  const error = useAsyncError();
  const notFound = error instanceof ApiRequestError && error.status === 404;
  useDocumentTitle(notFound ? 'Case Study Not Found' : 'Error Loading Case Study');
  return <Problem notFound={notFound} />;
}

function caseStudyFacts(caseStudy: { slug: string; title: string; client: string; sector: string }): CaseStudyFacts {
  return { slug: caseStudy.slug, title: caseStudy.title, client: caseStudy.client, sector: caseStudy.sector };
}

export function Component() {
  return (
    <DeferredView data={useLoaderData<CaseStudyData>()} fallback={<DetailSkeleton />} errorElement={<AsyncProblem />}>
      {(caseStudy) => <CaseStudyView caseStudy={caseStudy} />}
    </DeferredView>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  return <Problem notFound={isRouteErrorResponse(error) && error.status === 404} />;
}
