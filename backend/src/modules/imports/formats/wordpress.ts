import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { postLimits, slugify } from '@northbeam/common';
import { htmlToMarkdown, plainText } from './html-to-markdown.js';
import { countOf, type ImportPlan, type PlannedPost } from './import-plan.js';
import { ImportFileError } from './import-file-error.js';
import { excerptOf, sourceKey, truncate } from './text.js';

const listTags = new Set([
  'rss.channel.item',
  'rss.channel.item.category',
  'rss.channel.item.wp:postmeta',
  'rss.channel.wp:author',
]);

type Node = Record<string, unknown>;

/** Text of a parsed element, whether it came as text, CDATA or an element with attributes. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object' && '#text' in value) return text((value as Node)['#text']);
  return '';
}

function list(value: unknown): Node[] {
  if (Array.isArray(value)) return value as Node[];
  return value === undefined || value === null || value === '' ? [] : [value as Node];
}

/** The prolog (what comes before the root element) of an XML text. */
function prolog(xml: string): string {
  let index = 0;
  // Comments, processing instructions and a DOCTYPE may come first.
  for (;;) {
    const next = xml.indexOf('<', index);
    if (next < 0) return xml;
    if (/^<[A-Za-z_]/.test(xml.slice(next, next + 2))) return xml.slice(0, next);
    if (xml.startsWith('<!--', next)) {
      const end = xml.indexOf('-->', next);
      if (end < 0) return xml;
      index = end + 3;
    } else if (xml.startsWith('<!DOCTYPE', next) || xml.startsWith('<!doctype', next)) {
      return xml.slice(0, Math.max(xml.indexOf(']>', next), xml.indexOf('>', next)) + 2);
    } else {
      const end = xml.indexOf('>', next);
      if (end < 0) return xml;
      index = end + 1;
    }
  }
}

/** Whether a text is XML that claims to be a WordPress export (before it is parsed). */
export function looksLikeWxr(head: string): boolean {
  return /^\s*(<\?xml|<!--|<rss|<!DOCTYPE)/i.test(head) && /wordpress\.org\/export\//i.test(head);
}

/** "2023-01-16 07:08:31" in UTC as ISO 8601; null for WordPress's empty date. */
function gmtDate(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value.trim());
  if (!match || match[1] === '0000') return null;
  const date = new Date(`${match[1]}-${match[2]}-${match[3]}T${match[4]}:${match[5]}:${match[6]}Z`);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The path of an old address (`https://old.example/2013/01/hello/` → `/2013/01/hello/`), or null. */
export function pathOf(link: string): string | null {
  try {
    const url = new URL(link);
    if (url.search || url.pathname === '/' || url.pathname === '') return null;
    return url.pathname;
  } catch {
    return null;
  }
}

/**
 * Reads a WordPress export (WXR 1.x, Tools → Export). Entities are never expanded beyond XML's
 * five: a file with a DOCTYPE of its own is refused before parsing (an export has none; an "XML
 * bomb" needs one).
 */
export function readWordPress(xml: string): ImportPlan {
  if (/<!DOCTYPE|<!ENTITY/i.test(prolog(xml))) throw new ImportFileError(422, 'xmlEntities');
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new ImportFileError(422, 'truncated');
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    processEntities: true,
    htmlEntities: false,
    isArray: (_name, jpath) => listTags.has(String(jpath)),
  });
  const document = parser.parse(xml) as Node;
  const channel = (document.rss as Node | undefined)?.channel as Node | undefined;
  if (!channel) throw new ImportFileError(422, 'notAFormat');

  const blogUrl = (text(channel['wp:base_blog_url']).trim() || text(channel.link).trim()).replace(/\/+$/, '');
  const authors = new Map<string, string>();
  for (const author of list(channel['wp:author'])) {
    const login = text(author['wp:author_login']).trim();
    const name = text(author['wp:author_display_name']).trim() || login;
    if (login) authors.set(login, name);
  }

  const items = list(channel.item);
  const attachments = new Map<string, { url: string; alt: string }>();
  for (const item of items) {
    if (text(item['wp:post_type']).trim() !== 'attachment') continue;
    const meta = list(item['wp:postmeta']);
    const alt = meta.find((entry) => text(entry['wp:meta_key']) === '_wp_attachment_image_alt');
    attachments.set(text(item['wp:post_id']).trim(), {
      url: text(item['wp:attachment_url']).trim(),
      alt: text(alt?.['wp:meta_value']).trim() || text(item.title).trim(),
    });
  }

  const problems: string[] = [];
  const posts: PlannedPost[] = [];
  const otherTypes = new Map<string, number>();
  const otherStatuses: string[] = [];
  for (const item of items) {
    const type = text(item['wp:post_type']).trim();
    if (type !== 'post') {
      if (type !== 'attachment') otherTypes.set(type, (otherTypes.get(type) ?? 0) + 1);
      continue;
    }
    const title = text(item.title).trim();
    const wpStatus = text(item['wp:status']).trim();
    if (wpStatus === 'trash' || wpStatus === 'auto-draft' || wpStatus === 'inherit') continue;
    const notes: string[] = [];
    let status: PlannedPost['status'] = 'draft';
    if (wpStatus === 'publish') status = 'published';
    else if (wpStatus !== 'draft') {
      otherStatuses.push(
        `“${title || '(untitled)'}” was ${wpStatus === 'future' ? 'scheduled' : wpStatus} in WordPress and is imported as a draft`,
      );
    }
    const html = text(item['content:encoded']);
    const conversion = htmlToMarkdown(html, { wordpress: true });
    notes.push(...conversion.notes);
    const categories = list(item.category);
    const category =
      categories.filter((entry) => entry['@_domain'] === 'category').map((entry) => text(entry).trim())[0] ?? null;
    const tags = categories
      .filter((entry) => entry['@_domain'] === 'post_tag')
      .map((entry) => truncate(text(entry).trim(), postLimits.tagMax))
      .filter(Boolean);
    const meta = list(item['wp:postmeta']);
    const thumbnail = meta.find((entry) => text(entry['wp:meta_key']) === '_thumbnail_id');
    const feature = thumbnail ? attachments.get(text(thumbnail['wp:meta_value']).trim()) : undefined;
    // One post of the theme test data has `>login`: stray punctuation is no part of a login.
    const login = text(item['dc:creator'])
      .trim()
      .replace(/^[^\w]+/, '');
    // The blog and the post's id there (WordPress's own short address, `?p=ID`): the guid alone is
    // not unique (the theme test data repeats some).
    const postId = text(item['wp:post_id']).trim();
    const sourceId = postId ? `${blogUrl}/?p=${postId}` : text(item.guid).trim() || text(item.link).trim();
    const postName = decodeURIComponentSafe(text(item['wp:post_name']).trim());
    const excerptHtml = text(item['excerpt:encoded']);
    const published =
      gmtDate(text(item['wp:post_date_gmt'])) ?? (status === 'published' ? gmtDate(text(item['wp:post_date'])) : null);
    posts.push({
      sourceId: sourceKey(sourceId),
      title: truncate(title || '(untitled)', postLimits.titleMax),
      slug:
        slugify(postName || title)
          .slice(0, postLimits.slugMax)
          .replace(/-+$/, '') || `post-${postId}`,
      status,
      publishedAt: published,
      markdown: conversion.markdown,
      excerpt: excerptOf(plainText(excerptHtml) || plainText(html)),
      metaDescription: null,
      tags,
      authorName: authors.get(login) ?? (login || null),
      category,
      featureImage: feature?.url ? feature : null,
      images: conversion.images,
      oldPath: status === 'published' ? pathOf(text(item.link).trim()) : null,
      notes,
    });
  }
  for (const [type, count] of otherTypes) {
    if (type === 'page')
      problems.push(
        `${countOf(count, 'page')} not imported: only posts are imported (the site's own pages are not editable content).`,
      );
    else if (type === 'nav_menu_item')
      problems.push(`${countOf(count, 'menu item')} not imported: the site's navigation is fixed.`);
    else
      problems.push(
        `${countOf(count, `item of type “${type}”`, `items of type “${type}”`)} not imported: only posts are imported.`,
      );
  }
  problems.push(...otherStatuses.map((sentence) => `${sentence}.`));
  return { kind: 'wordpress', posts, problems };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
