import { Inject, Injectable } from '@nestjs/common';
import { sectionLabels, site, tagSlug } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { escapeXmlText } from '../../core/text/xml-text.js';
import { SeoRepository, type FeedPost } from './seo.repository.js';
import { TeamService } from '../team/team.service.js';

/** Public pages that always exist, with how often they change. */
const staticPages: { path: string; changefreq: string; priority: string }[] = [
  { path: '/', changefreq: 'weekly', priority: '1.0' },
  { path: '/consulting', changefreq: 'monthly', priority: '0.9' },
  { path: '/labs', changefreq: 'monthly', priority: '0.9' },
  { path: '/immersive', changefreq: 'monthly', priority: '0.9' },
  { path: '/about', changefreq: 'monthly', priority: '0.8' },
  { path: '/contact', changefreq: 'yearly', priority: '0.8' },
  { path: '/case-studies', changefreq: 'weekly', priority: '0.8' },
  { path: '/blog', changefreq: 'daily', priority: '0.8' },
  { path: '/blog/labs', changefreq: 'daily', priority: '0.7' },
  { path: '/blog/consulting', changefreq: 'daily', priority: '0.7' },
  { path: '/cookies', changefreq: 'yearly', priority: '0.2' },
  { path: '/privacy', changefreq: 'yearly', priority: '0.3' },
  { path: '/terms', changefreq: 'yearly', priority: '0.3' },
  { path: '/data-deletion', changefreq: 'yearly', priority: '0.2' },
  { path: '/data-access', changefreq: 'yearly', priority: '0.2' },
];

const feedSize = 50;

/** `<name>text</name>` with the text escaped. */
function element(name: string, text: string): string {
  return `<${name}>${escapeXmlText(text)}</${name}>`;
}

@Injectable()
export class SeoService {
  constructor(
    private readonly repository: SeoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly team: TeamService,
  ) {}

  async sitemap(): Promise<string> {
    const base = this.config.publicUrl;
    const [posts, caseStudies, team, tags] = await Promise.all([
      this.repository.publishedPosts(),
      this.repository.caseStudies(),
      this.team.list(),
      this.repository.publishedTags(),
    ]);
    const entries: string[] = staticPages.map(
      (page) =>
        `<url><loc>${escapeXmlText(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority></url>`,
    );
    for (const member of team)
      entries.push(
        `<url><loc>${escapeXmlText(`${base}/team/${member.slug}`)}</loc><changefreq>yearly</changefreq><priority>0.5</priority></url>`,
      );
    // One page per tag (/blog/tag/{tag}), by slug: tags that read the same share it.
    for (const slug of [...new Set(tags.map(tagSlug).filter(Boolean))].sort())
      entries.push(
        `<url><loc>${escapeXmlText(`${base}/blog/tag/${slug}`)}</loc><changefreq>weekly</changefreq><priority>0.4</priority></url>`,
      );
    for (const caseStudy of caseStudies) {
      entries.push(
        `<url><loc>${escapeXmlText(`${base}/case-studies/${caseStudy.slug}`)}</loc><lastmod>${caseStudy.lastModified.toISOString()}</lastmod><priority>0.7</priority></url>`,
      );
    }
    for (const post of posts) {
      entries.push(
        `<url><loc>${escapeXmlText(`${base}/blog/${post.section}/${post.slug}`)}</loc><lastmod>${post.lastModified.toISOString()}</lastmod><priority>0.6</priority></url>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }

  /**
   * Written so that first-match parsers (Python's robotparser, older crawlers) and longest-match
   * ones (RFC 9309, Google) agree: the social images under /api first, then what is closed, then
   * the rest of the site.
   */
  robots(): string {
    return [
      'User-agent: *',
      'Allow: /api/og-image/',
      'Disallow: /admin',
      'Disallow: /api',
      'Allow: /',
      '',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /**
   * RSS 2.0 of the newest published posts of both sections. Written by hand with escapeXmlText
   * (never CDATA), so that any saved title or excerpt, old rows with control characters or `]]>`
   * included, gives a well-formed feed. With the posts it shows (their shared cache keys).
   */
  async rss(): Promise<{ xml: string; posts: FeedPost[] }> {
    const base = this.config.publicUrl;
    const posts = await this.repository.latestPublishedPosts(feedSize);
    const title = `${site.name} Blog`;
    const channel: string[] = [
      element('title', title),
      element('link', `${base}/blog`),
      element('description', `Labs Content and Consulting Insights from ${site.legalName}.`),
      ...(posts[0] ? [element('lastBuildDate', posts[0].updated.toUTCString())] : []),
      element('docs', 'https://validator.w3.org/feed/docs/rss2.html'),
      element('language', 'en-GB'),
      // RSS 2.0 takes a GIF, JPEG or PNG of at most 144 pixels wide here: the PNG logo.
      `<image>${element('title', title)}${element('url', `${base}/logo.png`)}${element('link', `${base}/blog`)}${element('width', '144')}${element('height', '144')}</image>`,
      element('copyright', `© ${new Date().getFullYear()} ${site.legalName}`),
      `<atom:link href="${escapeXmlText(`${base}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ];
    for (const post of posts) {
      const link = `${base}/blog/${post.section}/${post.slug}`;
      const item = [
        element('title', post.title),
        element('link', link),
        `<guid isPermaLink="false">${escapeXmlText(link)}</guid>`,
        element('pubDate', post.published.toUTCString()),
        element('description', post.excerpt),
        ...(post.authorName ? [element('author', post.authorName)] : []),
        ...[sectionLabels[post.section], ...post.tags].map((category) => element('category', category)),
      ];
      channel.push(`<item>\n      ${item.join('\n      ')}\n    </item>`);
    }
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    ${channel.join('\n    ')}
  </channel>
</rss>
`;
    return { xml, posts };
  }
}
