import type { AdminCaseStudy, CaseStudyFields } from '@northbeam/common';

/** A metric row as the editor holds it; `key` keeps React's rows apart while rows come and go. */
export interface MetricRow {
  key: string;
  value: string;
  label: string;
  context: string;
}

export interface GalleryRow {
  key: string;
  src: string;
  alt: string;
  caption: string;
}

/** What the case study editor holds: every field as the text its control shows. */
export interface CaseStudyFormValues {
  title: string;
  slug: string;
  summary: string;
  client: string;
  sector: string;
  date: string;
  servicesText: string;
  techText: string;
  link: string;
  hero_image: string;
  problem_md: string;
  approach_md: string;
  solution_md: string;
  outcomes_md: string;
  metrics: MetricRow[];
  gallery: GalleryRow[];
  ctaLabel: string;
  ctaHref: string;
  seoTitle: string;
  seoDescription: string;
  seoImage: string;
}

/** Sentences by the server's field path (`title`, `cta.label`, `metrics.0.value`). */
export type CaseStudyFormErrors = Partial<Record<string, string>>;

let rowCount = 0;
export function rowKey(): string {
  rowCount += 1;
  return `row-${rowCount}`;
}

export function emptyMetric(): MetricRow {
  return { key: rowKey(), value: '', label: '', context: '' };
}

export function emptyGalleryImage(): GalleryRow {
  return { key: rowKey(), src: '', alt: '', caption: '' };
}

export const emptyCaseStudyForm: CaseStudyFormValues = {
  title: '',
  slug: '',
  summary: '',
  client: '',
  sector: '',
  date: '',
  servicesText: '',
  techText: '',
  link: '',
  hero_image: '',
  problem_md: '',
  approach_md: '',
  solution_md: '',
  outcomes_md: '',
  metrics: [],
  gallery: [],
  ctaLabel: 'Talk to the team',
  ctaHref: '/contact',
  seoTitle: '',
  seoDescription: '',
  seoImage: '',
};

export function formFromCaseStudy(caseStudy: AdminCaseStudy): CaseStudyFormValues {
  return {
    title: caseStudy.title,
    slug: caseStudy.slug,
    summary: caseStudy.summary,
    client: caseStudy.client,
    sector: caseStudy.sector,
    date: caseStudy.date,
    servicesText: caseStudy.services.join(', '),
    techText: caseStudy.tech.join(', '),
    link: caseStudy.link ?? '',
    hero_image: caseStudy.hero_image,
    problem_md: caseStudy.problem_md,
    approach_md: caseStudy.approach_md,
    solution_md: caseStudy.solution_md,
    outcomes_md: caseStudy.outcomes_md,
    metrics: caseStudy.metrics.map((metric) => ({
      key: rowKey(),
      value: metric.value,
      label: metric.label,
      context: metric.context ?? '',
    })),
    gallery: caseStudy.gallery.map((image) => ({
      key: rowKey(),
      src: image.src,
      alt: image.alt,
      caption: image.caption ?? '',
    })),
    ctaLabel: caseStudy.cta.label,
    ctaHref: caseStudy.cta.href,
    seoTitle: caseStudy.seo.title,
    seoDescription: caseStudy.seo.description,
    seoImage: caseStudy.seo.image,
  };
}

/** A comma-separated list: each name trimmed, empties dropped. */
export function parseNames(text: string): string[] {
  return text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/** The body of a save (the server trims, checks and refuses with a sentence per field). */
export function payloadFromForm(values: CaseStudyFormValues): CaseStudyFields {
  return {
    title: values.title,
    slug: values.slug,
    summary: values.summary,
    client: values.client,
    sector: values.sector,
    date: values.date,
    services: parseNames(values.servicesText),
    tech: parseNames(values.techText),
    link: values.link.trim() || null,
    hero_image: values.hero_image,
    problem_md: values.problem_md,
    approach_md: values.approach_md,
    solution_md: values.solution_md,
    outcomes_md: values.outcomes_md,
    metrics: values.metrics.map(({ value, label, context }) => ({
      value,
      label,
      ...(context.trim() ? { context } : {}),
    })),
    gallery: values.gallery.map(({ src, alt, caption }) => ({ src, alt, ...(caption.trim() ? { caption } : {}) })),
    cta: { label: values.ctaLabel, href: values.ctaHref },
    seo: { title: values.seoTitle, description: values.seoDescription, image: values.seoImage },
  };
}

/** Whether two forms hold the same content (row keys aside). */
export function sameCaseStudyValues(a: CaseStudyFormValues, b: CaseStudyFormValues): boolean {
  return JSON.stringify(payloadFromForm(a)) === JSON.stringify(payloadFromForm(b));
}

/** The slugs whose page has a layout of its own (docs/product.md#case-studies): a new slug loses it. */
export const specialLayoutSlugs: Record<string, string> = {
  'relative-probability': 'the interactive risk dashboard after The Challenge',
  panaquest: 'the first gallery image after The Solution and the second inside Outcomes, at the split marker',
};
