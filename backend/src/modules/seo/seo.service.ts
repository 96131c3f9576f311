import { Inject, Injectable } from '@nestjs/common';
import { Feed } from 'feed';
import { sectionLabels, site, team } from '@northbeam/common';
import { APP_CONFIG, type AppConfig } from '../../core/config/config.js';
import { SeoRepository } from './seo.repository.js';

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
];

const feedSize = 50;

function escapeXml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;');
}

@Injectable()
export class SeoService {
  constructor(
    private readonly repository: SeoRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async sitemap(): Promise<string> {
    const base = this.config.publicUrl;
    const [posts, caseStudies] = await Promise.all([this.repository.publishedPosts(), this.repository.caseStudies()]);
    const entries: string[] = staticPages.map(
      (page) => `<url><loc>${escapeXml(base + page.path)}</loc><changefreq>${page.changefreq}</changefreq><priority>${page.priority}</priority></url>`,
    );
    for (const member of team) entries.push(`<url><loc>${escapeXml(`${base}/team/${member.slug}`)}</loc><changefreq>yearly</changefreq><priority>0.5</priority></url>`);
    for (const caseStudy of caseStudies) {
      entries.push(
        `<url><loc>${escapeXml(`${base}/case-studies/${caseStudy.slug}`)}</loc><lastmod>${caseStudy.lastModified.toISOString()}</lastmod><priority>0.7</priority></url>`,
      );
    }
    for (const post of posts) {
      entries.push(
        `<url><loc>${escapeXml(`${base}/blog/${post.section}/${post.slug}`)}</loc><lastmod>${post.lastModified.toISOString()}</lastmod><priority>0.6</priority></url>`,
      );
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</urlset>\n`;
  }

  robots(): string {
    return [
      'User-agent: *',
      'Allow: /',
      'Disallow: /admin',
      'Disallow: /api',
      '',
      `Sitemap: ${this.config.publicUrl}/sitemap.xml`,
      '',
    ].join('\n');
  }

  /** RSS 2.0 of the newest published posts of both sections. */
  async rss(): Promise<string> {
    const base = this.config.publicUrl;
    const posts = await this.repository.latestPublishedPosts(feedSize);
    const feed = new Feed({
      title: `${site.name} Blog`,
      description: `Labs Content and Consulting Insights from ${site.legalName}.`,
      id: `${base}/blog`,
      link: `${base}/blog`,
      language: 'en-GB',
      image: `${base}/logo.svg`,
      favicon: `${base}/favicon.svg`,
      copyright: `© ${new Date().getFullYear()} ${site.legalName}`,
      updated: posts[0]?.updated,
      feedLinks: { rss: `${base}/rss.xml` },
      author: { name: site.legalName, email: site.email, link: base },
    });
    for (const post of posts) {
      const link = `${base}/blog/${post.section}/${post.slug}`;
      feed.addItem({
        title: post.title,
        id: link,
        link,
        description: post.excerpt,
        date: post.published,
        published: post.published,
        author: post.authorName ? [{ name: post.authorName }] : undefined,
        category: [{ name: sectionLabels[post.section] }, ...post.tags.map((tag) => ({ name: tag }))],
      });
    }
    return feed.rss2();
  }
}
