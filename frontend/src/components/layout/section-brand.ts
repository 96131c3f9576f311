import { site } from '@northbeam/common';

export interface SectionBrand {
  title: string;
  /** Colour of the logo mark; null shows the plain-text title without a logo. */
  accent: string | null;
}

const brands: { prefix: string; exact?: boolean; brand: SectionBrand }[] = [
  { prefix: '/', exact: true, brand: { title: site.name, accent: 'var(--color-beam)' } },
  { prefix: '/about', brand: { title: site.name, accent: 'var(--color-beam)' } },
  { prefix: '/labs', brand: { title: `${site.name} Labs`, accent: 'var(--color-labs)' } },
  { prefix: '/consulting', brand: { title: `${site.name} Consulting`, accent: 'var(--color-consulting)' } },
  { prefix: '/immersive', brand: { title: `${site.name} Immersive`, accent: 'var(--color-immersive)' } },
  { prefix: '/blog', brand: { title: `${site.name} Blog`, accent: 'var(--color-beam)' } },
  { prefix: '/case-studies', brand: { title: `${site.name} Case Studies`, accent: 'var(--color-immersive)' } },
  { prefix: '/admin', brand: { title: `${site.name} Admin`, accent: '#ffffff' } },
  { prefix: '/contact', brand: { title: `Contact ${site.name}`, accent: 'var(--color-beam)' } },
  { prefix: '/team', brand: { title: `${site.name} Team`, accent: 'var(--color-consulting)' } },
  { prefix: '/cookies', brand: { title: `${site.name} Legal`, accent: 'var(--color-line)' } },
  { prefix: '/privacy', brand: { title: `${site.name} Legal`, accent: 'var(--color-line)' } },
  { prefix: '/terms', brand: { title: `${site.name} Legal`, accent: 'var(--color-line)' } },
];

/** Logo and title by section (docs/product.md#frame); other paths show plain text. */
export function sectionBrand(pathname: string): SectionBrand {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  for (const { prefix, exact, brand } of brands) {
    if (exact ? path === prefix : path === prefix || path.startsWith(`${prefix}/`)) return brand;
  }
  return { title: site.name, accent: null };
}

/** Highlight rule of the header: the current path starts with the item's path. */
export function isActivePath(pathname: string, itemPath: string): boolean {
  return pathname.toLowerCase().startsWith(itemPath.toLowerCase());
}
