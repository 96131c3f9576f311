import { site, type PublicSiteSettings } from '@northbeam/common';

/**
 * The structured data (schema.org JSON-LD) of the public pages, with every address absolute. Built on
 * the server only: a route's head calls these under `import.meta.env.SSR`, so the browser's bundle
 * carries none of it (the client updates only the title and description).
 */

/** The raster logo (144 × 144 PNG): RSS 2.0 channel images and Google's logos take no SVG. */
export const logoPath = '/logo.png';
const logoSize = 144;

export type JsonLd = Record<string, unknown>;

export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl) ? pathOrUrl : `${publicUrl}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

function logo(publicUrl: string): JsonLd {
  return { '@type': 'ImageObject', url: `${publicUrl}${logoPath}`, width: logoSize, height: logoSize };
}

/** The company as the publisher or author of a page. */
export function organizationRef(publicUrl: string): JsonLd {
  return { '@type': 'Organization', name: site.legalName, url: publicUrl, logo: logo(publicUrl) };
}

/**
 * The company's own block, on every page: the brand facts of the code, with the contact details and
 * social links of the site settings (`contact`, the root route's data).
 */
export function organizationJsonLd(
  publicUrl: string,
  contact: Pick<PublicSiteSettings, 'email' | 'phone' | 'social'>,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    ...organizationRef(publicUrl),
    alternateName: site.name,
    email: contact.email,
    telephone: contact.phone,
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: contact.email,
      telephone: contact.phone,
      areaServed: 'GB',
      availableLanguage: 'en-GB',
    },
    slogan: site.tagline,
    address: { '@type': 'PostalAddress', streetAddress: site.registeredAddress, addressCountry: 'GB' },
    sameAs: contact.social.map((link) => link.href),
  };
}

/**
 * The trail from the home page to the page itself, each step an absolute address but the last: the
 * page itself, whose address Google takes from the page (its documented rule for the last item).
 */
export function breadcrumbJsonLd(publicUrl: string, crumbs: { name: string; path: string }[]): JsonLd {
  const trail = [{ name: 'Home', path: '/' }, ...crumbs];
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(index < trail.length - 1 ? { item: absoluteUrl(publicUrl, crumb.path) } : {}),
    })),
  };
}

export interface ArticleFacts {
  type: 'Article' | 'BlogPosting';
  headline: string;
  description: string;
  path: string;
  /** The images, best first (paths or absolute addresses). */
  image: string | string[];
  datePublished: string;
  dateModified: string;
  /** A person's name; the company is the author when there is none. */
  authorName?: string | null;
  /** The author's page on this site, when the author is on the team. */
  authorPath?: string;
  extra?: JsonLd;
}

/** An article or blog post with the properties Google documents: author, publisher, image and both dates. */
export function articleJsonLd(publicUrl: string, facts: ArticleFacts): JsonLd {
  const url = absoluteUrl(publicUrl, facts.path);
  return {
    '@context': 'https://schema.org',
    '@type': facts.type,
    headline: facts.headline,
    description: facts.description,
    url,
    image: [facts.image].flat().map((image) => absoluteUrl(publicUrl, image)),
    datePublished: facts.datePublished,
    dateModified: facts.dateModified,
    author: facts.authorName
      ? {
          '@type': 'Person',
          name: facts.authorName,
          ...(facts.authorPath ? { url: absoluteUrl(publicUrl, facts.authorPath) } : {}),
        }
      : organizationRef(publicUrl),
    publisher: organizationRef(publicUrl),
    ...facts.extra,
  };
}
