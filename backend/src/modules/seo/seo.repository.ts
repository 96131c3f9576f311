import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { PostSection } from '@northbeam/common';

export interface SitemapPost {
  section: PostSection;
  slug: string;
  lastModified: Date;
}

export interface FeedPost {
  id: string;
  section: PostSection;
  slug: string;
  title: string;
  excerpt: string;
  authorName: string | null;
  tags: string[];
  published: Date;
  updated: Date;
}

export interface SitemapCaseStudy {
  slug: string;
  lastModified: Date;
}

export interface ImageSubject {
  title: string;
  kind: 'labs' | 'consulting' | 'case-study';
}

/** Read-only queries the crawler-facing documents need; never the post bodies. */
@Injectable()
export class SeoRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async publishedPosts(): Promise<SitemapPost[]> {
    const rows = await this.dataSource.query<{ section: PostSection; slug: string; last_modified: Date }[]>(
      `SELECT section, slug, COALESCE(revision_date, published_at, updated_at) AS last_modified
         FROM posts WHERE status = 'published' ORDER BY created_at DESC`,
    );
    return rows.map((row) => ({ section: row.section, slug: row.slug, lastModified: new Date(row.last_modified) }));
  }

  /** The tags of the published posts, each once, as written. */
  async publishedTags(): Promise<string[]> {
    const rows = await this.dataSource.query<{ tag: string }[]>(
      `SELECT DISTINCT jsonb_array_elements_text(tags) AS tag FROM posts WHERE status = 'published'`,
    );
    return rows.map((row) => row.tag);
  }

  async latestPublishedPosts(limit: number): Promise<FeedPost[]> {
    const rows = await this.dataSource.query<
      {
        id: string;
        section: PostSection;
        slug: string;
        title: string;
        excerpt: string;
        author_name: string | null;
        tags: string[];
        published: Date;
        updated: Date;
      }[]
    >(
      `SELECT id, section, slug, title, excerpt, author_name, tags,
              COALESCE(published_at, created_at) AS published,
              COALESCE(revision_date, updated_at) AS updated
         FROM posts WHERE status = 'published' ORDER BY created_at DESC LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({
      id: row.id,
      section: row.section,
      slug: row.slug,
      title: row.title,
      excerpt: row.excerpt,
      authorName: row.author_name,
      tags: row.tags ?? [],
      published: new Date(row.published),
      updated: new Date(row.updated),
    }));
  }

  /** Published case studies only: a draft has no public address. */
  async caseStudies(): Promise<SitemapCaseStudy[]> {
    const rows = await this.dataSource.query<{ slug: string; last_modified: Date }[]>(
      `SELECT slug, COALESCE(updated_at, date::timestamptz) AS last_modified FROM case_studies
         WHERE status = 'published' ORDER BY date DESC`,
    );
    return rows.map((row) => ({ slug: row.slug, lastModified: new Date(row.last_modified) }));
  }

  /** The title behind an og-image slug: a published post first, then a published case study. */
  async imageSubject(slug: string): Promise<ImageSubject | undefined> {
    const [post] = await this.dataSource.query<{ title: string; section: PostSection }[]>(
      `SELECT title, section FROM posts WHERE slug = $1 AND status = 'published' ORDER BY created_at DESC LIMIT 1`,
      [slug],
    );
    if (post) return { title: post.title, kind: post.section };
    const [caseStudy] = await this.dataSource.query<{ title: string }[]>(
      `SELECT title FROM case_studies WHERE slug = $1 AND status = 'published' LIMIT 1`,
      [slug],
    );
    return caseStudy ? { title: caseStudy.title, kind: 'case-study' } : undefined;
  }
}
