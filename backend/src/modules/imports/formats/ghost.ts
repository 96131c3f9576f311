import { postLimits, slugify } from '@northbeam/common';
import { htmlToMarkdown, markdownImages, plainText } from './html-to-markdown.js';
import { lexicalToHtml, markdownCardMark, mobiledocToHtml, type DocumentHtml } from './ghost-documents.js';
import { ImportFileError } from './import-file-error.js';
import { countOf, type ImportPlan, type PlannedPost } from './import-plan.js';
import { excerptOf, sourceKey, truncate } from './text.js';

type Row = Record<string, unknown>;

const str = (value: unknown) => (typeof value === 'string' ? value : '');
const rows = (value: unknown): Row[] =>
  Array.isArray(value) ? (value.filter((row) => row && typeof row === 'object') as Row[]) : [];

/** The data of a Ghost export (`db[0].data`, Ghost 4–6), or undefined when the JSON is something else. */
export function ghostData(document: unknown): Row | undefined {
  if (!document || typeof document !== 'object') return undefined;
  const db = (document as Row).db;
  const first = Array.isArray(db) ? (db[0] as Row | undefined) : undefined;
  const data = first?.data as Row | undefined;
  return data && Array.isArray(data.posts) ? data : undefined;
}

/** Ghost's markdown cards come back in their places after conversion. */
function restoreMarkdownCards(markdown: string, cards: string[]): string {
  return cards.reduce((text, card, index) => text.replace(markdownCardMark(index), () => card.trim()), markdown);
}

/**
 * Reads a Ghost export (Settings → Labs → Export): posts with their tags (the first one, Ghost's
 * primary tag, is the category the section mapping reads), authors, feature image, custom excerpt,
 * meta description, status and dates.
 */
export function readGhost(data: Row): ImportPlan {
  const problems: string[] = [];
  const tags = new Map(rows(data.tags).map((tag) => [str(tag.id), tag]));
  const users = new Map(rows(data.users).map((user) => [str(user.id), str(user.name).trim()]));
  const meta = new Map(rows(data.posts_meta).map((entry) => [str(entry.post_id), entry]));
  const tagsOf = new Map<string, { name: string; order: number; internal: boolean }[]>();
  for (const link of rows(data.posts_tags)) {
    const tag = tags.get(str(link.tag_id));
    if (!tag) continue;
    const list = tagsOf.get(str(link.post_id)) ?? [];
    list.push({
      name: str(tag.name).trim(),
      order: Number(link.sort_order ?? 0),
      internal: tag.visibility === 'internal',
    });
    tagsOf.set(str(link.post_id), list);
  }
  const authorsOf = new Map<string, { name: string; order: number }[]>();
  for (const link of rows(data.posts_authors)) {
    const list = authorsOf.get(str(link.post_id)) ?? [];
    list.push({ name: users.get(str(link.author_id)) ?? '', order: Number(link.sort_order ?? 0) });
    authorsOf.set(str(link.post_id), list);
  }

  const posts: PlannedPost[] = [];
  let pages = 0;
  for (const post of rows(data.posts)) {
    const type = str(post.type) || (post.page === true || post.page === 1 ? 'page' : 'post');
    if (type !== 'post') {
      pages += 1;
      continue;
    }
    const title = str(post.title).trim() || '(untitled)';
    const notes: string[] = [];
    let html = str(post.html);
    let converted: DocumentHtml | undefined;
    if (!html.trim()) {
      try {
        if (str(post.lexical)) converted = lexicalToHtml(str(post.lexical));
        else if (str(post.mobiledoc)) converted = mobiledocToHtml(str(post.mobiledoc));
      } catch {
        notes.push('its text (Ghost editor format) could not be read; the post is imported with what its HTML held');
      }
      if (converted) {
        html = converted.html;
        if (converted.unknown.length > 0)
          notes.push(
            `its Ghost cards ${converted.unknown.map((name) => `“${name}”`).join(', ')} could not be converted and were left out`,
          );
      }
    }
    const conversion = htmlToMarkdown(html);
    const cards = converted?.markdown ?? [];
    if (cards.length > 0) {
      conversion.markdown = restoreMarkdownCards(conversion.markdown, cards);
      conversion.images = markdownImages(conversion.markdown);
    }
    notes.push(...conversion.notes);
    const ghostStatus = str(post.status);
    let status: PlannedPost['status'] = 'draft';
    if (ghostStatus === 'published') status = 'published';
    else if (ghostStatus !== 'draft')
      problems.push(`“${title}” was ${ghostStatus || 'without a status'} in Ghost and is imported as a draft.`);
    const postTags = (tagsOf.get(str(post.id)) ?? []).sort((a, b) => a.order - b.order);
    // Internal tags (#name) organise Ghost's own site; they are not shown to readers.
    const visible = postTags.filter((tag) => !tag.internal && !tag.name.startsWith('#'));
    const author = (authorsOf.get(str(post.id)) ?? []).sort((a, b) => a.order - b.order)[0]?.name || null;
    const postMeta = meta.get(str(post.id));
    const featureUrl = str(post.feature_image).trim();
    const slug = str(post.slug).trim();
    const excerpt = str(post.custom_excerpt).trim() || plainText(html);
    const description = str(postMeta?.meta_description ?? post.meta_description).trim();
    posts.push({
      sourceId: sourceKey(str(post.uuid) || str(post.id)),
      title: truncate(title, postLimits.titleMax),
      slug:
        slugify(slug || title)
          .slice(0, postLimits.slugMax)
          .replace(/-+$/, '') || `post-${str(post.id)}`,
      status,
      publishedAt:
        status === 'published' && str(post.published_at) ? new Date(str(post.published_at)).toISOString() : null,
      markdown: conversion.markdown,
      excerpt: excerptOf(excerpt),
      metaDescription: description ? truncate(description, postLimits.metaDescriptionMax) : null,
      tags: visible.map((tag) => truncate(tag.name, postLimits.tagMax)).filter(Boolean),
      authorName: author,
      category: visible[0]?.name ?? null,
      featureImage: featureUrl ? { url: featureUrl, alt: str(postMeta?.feature_image_alt).trim() || title } : null,
      images: conversion.images,
      // Ghost's default address of a post is /{slug}/.
      oldPath: status === 'published' && slug ? `/${slug}/` : null,
      notes,
    });
  }
  if (pages > 0)
    problems.push(
      `${countOf(pages, 'page')} not imported: only posts are imported (the site's own pages are not editable content).`,
    );
  return { kind: 'ghost', posts, problems };
}

/** Reads a Ghost export's text, refusing what is no Ghost export. */
export function readGhostJson(json: string): ImportPlan {
  let document: unknown;
  try {
    document = JSON.parse(json);
  } catch {
    throw new ImportFileError(422, /"db"\s*:\s*\[/.test(json.slice(0, 4096)) ? 'truncated' : 'notAFormat');
  }
  const data = ghostData(document);
  if (!data) throw new ImportFileError(422, 'notAFormat');
  return readGhost(data);
}
