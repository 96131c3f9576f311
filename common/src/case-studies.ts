/** Case study shapes as the API returns them (docs/product.md#case-studies; snake_case kept). */
export interface CaseStudyMetric {
  value: string;
  label: string;
  context?: string;
}

export interface CaseStudyImage {
  src: string;
  alt: string;
  caption?: string;
}

export interface CaseStudySummary {
  slug: string;
  title: string;
  summary: string;
  hero_image: string;
  client: string;
  sector: string;
  services: string[];
}

export interface CaseStudy extends CaseStudySummary {
  tech: string[];
  /** `YYYY-MM-DD` */
  date: string;
  problem_md: string;
  approach_md: string;
  solution_md: string;
  outcomes_md: string;
  metrics: CaseStudyMetric[];
  gallery: CaseStudyImage[];
  cta: { label: string; href: string };
  seo: { title: string; description: string; image: string };
  link: string | null;
}

/**
 * A line in `outcomes_md` where the detail page places the second gallery image (used by the
 * panaquest layout). It is an HTML comment so that any other markdown renderer ignores it.
 */
export const outcomesSplitMarker = '<!-- gallery-split -->';

/** An item of the Simulation Creation feed (GET /api/rss/simulation-creation). */
export interface FeedItem {
  title: string;
  link: string;
  category: string;
  pubDate: string;
  description: string;
}
