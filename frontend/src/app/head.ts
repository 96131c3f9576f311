import { site, type PublicSiteSettings } from '@northbeam/common';
import { absoluteUrl as absolute, organizationJsonLd } from './structured-data';

export interface HeadData {
  title: string;
  description: string;
  keywords?: string[];
  /** Path of the canonical address, e.g. `/about`. */
  canonicalPath?: string;
  ogType?: 'website' | 'article' | 'profile';
  /** Path or absolute address of the social image; defaults to the page's og-image. */
  image?: string;
  imageAlt?: string;
  /** Size of `image` in pixels when it is not the drawn 1200 × 630 card (a feature image). */
  imageSize?: { width: number; height: number };
  jsonLd?: Record<string, unknown>[];
  /**
   * Whether the company's own block (`organizationJsonLd`) comes before `jsonLd`: on every page
   * unless false, where a block of the page names the company already (a blog post's publisher).
   */
  organization?: boolean;
  /** Extra `<meta>` tags (already sanitised: name or property, and content). */
  meta?: { name?: string; property?: string; content: string }[];
  noindex?: boolean;
  /**
   * A placeholder while the page's data is still on its way (client-side navigation): the page
   * view waits for the view's own title (`useDocumentTitle`).
   */
  provisional?: boolean;
}

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** JSON for a `<script type="application/ld+json">` or data block: `<` escaped so it cannot close the tag. */
export function jsonForScript(value: unknown, transform: (json: string) => string = (json) => json): string {
  // `<` cannot close the script; characters beyond ASCII (U+2028 and U+2029 among them) travel as
  // escapes, so that the page stays a one-byte string on the server. `transform` sees the JSON first.
  return transform(JSON.stringify(value)).replace(
    /[<\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A meta tag's key: `property:og:title`, `name:twitter:title`. */
function metaKey(meta: { property?: string; name?: string }): string {
  return meta.property ? `property:${meta.property}` : `name:${meta.name ?? ''}`;
}

export function fullTitle(head: HeadData): string {
  return head.title.includes(site.name) ? head.title : `${head.title} | ${site.name}`;
}

/**
 * The `<head>` tags of a page, rendered on the server; `settings` are the site settings the page was
 * rendered with (the root route's data), which the company's structured data names.
 */
export function renderHeadHtml(
  head: HeadData,
  publicUrl: string,
  currentPath: string,
  settings: Pick<PublicSiteSettings, 'email' | 'phone' | 'social'>,
): string {
  const title = fullTitle(head);
  const canonical = absolute(publicUrl, head.canonicalPath ?? currentPath.toLowerCase());
  const image = absolute(
    publicUrl,
    head.image ?? `/api/og-image/${currentPath === '/' ? 'home' : currentPath.split('/').filter(Boolean).join('-')}`,
  );
  const tags: string[] = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(head.description)}">`,
  ];
  if (head.keywords?.length) tags.push(`<meta name="keywords" content="${escapeHtml(head.keywords.join(', '))}">`);
  if (head.noindex) tags.push('<meta name="robots" content="noindex, nofollow">');
  // A page's own meta tags (a post's social title or image) take the place of the defaults of the same
  // key: crawlers read the first `og:title`, so a second one would never be seen.
  const ownKeys = new Set((head.meta ?? []).map(metaKey));
  const ownImage = ownKeys.has('property:og:image');
  const defaults: { key: string; tag: string }[] = [
    { key: 'property:og:title', tag: `<meta property="og:title" content="${escapeHtml(title)}">` },
    {
      key: 'property:og:description',
      tag: `<meta property="og:description" content="${escapeHtml(head.description)}">`,
    },
    { key: 'property:og:url', tag: `<meta property="og:url" content="${escapeHtml(canonical)}">` },
    { key: 'property:og:image', tag: `<meta property="og:image" content="${escapeHtml(image)}">` },
    // The default image's size describes the default image only.
    ...(ownImage
      ? []
      : [
          {
            key: 'property:og:image:width',
            tag: `<meta property="og:image:width" content="${head.imageSize?.width ?? 1200}">`,
          },
          {
            key: 'property:og:image:height',
            tag: `<meta property="og:image:height" content="${head.imageSize?.height ?? 630}">`,
          },
        ]),
    {
      key: 'property:og:image:alt',
      tag: `<meta property="og:image:alt" content="${escapeHtml(head.imageAlt ?? title)}">`,
    },
    // X reads og:title, og:description and og:image where its own twitter:* tags are absent: only the
    // card type is its own (a post's own twitter:* tags still come from its meta tags).
    { key: 'name:twitter:card', tag: `<meta name="twitter:card" content="summary_large_image">` },
  ];
  tags.push(
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    // Feed discovery: readers and crawlers find the blog's feed from any page.
    `<link rel="alternate" type="application/rss+xml" title="${escapeHtml(site.name)}" href="${escapeHtml(`${publicUrl}/rss.xml`)}">`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}">`,
    `<meta property="og:locale" content="en_GB">`,
    `<meta property="og:type" content="${head.ogType ?? 'website'}">`,
    ...defaults.filter((entry) => !ownKeys.has(entry.key)).map((entry) => entry.tag),
  );
  for (const meta of head.meta ?? []) {
    const key = meta.property ? `property="${escapeHtml(meta.property)}"` : `name="${escapeHtml(meta.name ?? '')}"`;
    tags.push(`<meta ${key} content="${escapeHtml(meta.content)}">`);
  }
  const jsonLd = [
    ...(head.organization === false ? [] : [organizationJsonLd(publicUrl, settings)]),
    ...(head.jsonLd ?? []),
  ];
  for (const block of jsonLd) tags.push(`<script type="application/ld+json">${jsonForScript(block)}</script>`);
  return tags.join('\n');
}
