import { mediaIdOfUrl, type CaseStudyImage, type CaseStudyMetric } from '@northbeam/common';
import type { ComparedField } from '@/components/admin/revision-diff';

/** An image address as the editor describes it: a library image, or the built-in file's path. */
function imageText(value: unknown): string {
  if (typeof value !== 'string' || !value) return '';
  return mediaIdOfUrl(value) ? `Media library image ${mediaIdOfUrl(value)}` : value;
}

function listOf<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

function part(value: unknown, key: string): string {
  const inner = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  return typeof inner === 'string' ? inner : '';
}

/** The fields of a case study that a revision's comparison shows, in the editor's order (docs/product.md#revisions). */
export const caseStudyRevisionFields: ComparedField[] = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Slug' },
  { key: 'summary', label: 'Summary' },
  { key: 'hero_image', label: 'Hero image', show: imageText },
  { key: 'client', label: 'Client' },
  { key: 'sector', label: 'Sector' },
  { key: 'services', label: 'Services' },
  { key: 'tech', label: 'Technologies' },
  { key: 'date', label: 'Date' },
  { key: 'link', label: 'Project link' },
  { key: 'problem_md', label: 'The Challenge', lines: true },
  { key: 'approach_md', label: 'Our Approach', lines: true },
  { key: 'solution_md', label: 'The Solution', lines: true },
  { key: 'outcomes_md', label: 'Outcomes', lines: true },
  {
    key: 'metrics',
    label: 'Metrics',
    lines: true,
    show: (value) =>
      listOf<CaseStudyMetric>(value)
        .map((metric) => [metric.value, metric.label, metric.context].filter(Boolean).join(' · '))
        .join('\n'),
  },
  {
    key: 'gallery',
    label: 'Gallery',
    lines: true,
    show: (value) =>
      listOf<CaseStudyImage>(value)
        .map((image) => [imageText(image.src), image.alt, image.caption].filter(Boolean).join(' · '))
        .join('\n'),
  },
  {
    key: 'cta',
    label: 'Call to action',
    show: (value) => [part(value, 'label'), part(value, 'href')].filter(Boolean).join(' → '),
  },
  {
    key: 'seo',
    label: 'SEO',
    show: (value) =>
      [part(value, 'title'), part(value, 'description'), imageText(part(value, 'image'))].filter(Boolean).join(' · '),
  },
];
