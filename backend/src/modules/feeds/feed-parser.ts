import { XMLParser, XMLValidator } from 'fast-xml-parser';
import type { FeedItem } from '@northbeam/common';

export class FeedParseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FeedParseError';
  }
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  textNodeName: '#text',
  cdataPropName: false,
  parseTagValue: false,
  trimValues: true,
  // Feeds have no business declaring entities; refusing them rules out entity-expansion attacks.
  processEntities: true,
  htmlEntities: true,
  isArray: (name) => ['item', 'entry', 'category', 'link'].includes(name),
});

type Node = Record<string, unknown>;

function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

/** The text of an element that may be a plain string or an object with `#text`. */
function text(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value).trim();
  if (Array.isArray(value)) return text(value[0]);
  if (typeof value === 'object') {
    const node = value as Node;
    if ('#text' in node) return text(node['#text']);
    if ('@_term' in node) return text(node['@_term']);
  }
  return '';
}

function httpAddress(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

function isoDate(value: string): string {
  if (!value) return '';
  const parsed = new Date(value);
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

function rssItem(item: Node): FeedItem | null {
  const link = httpAddress(text(item.link) || text(item.guid));
  const title = text(item.title);
  if (!link || !title) return null;
  return {
    title,
    link,
    category: text(asArray(item.category)[0]),
    pubDate: isoDate(text(item.pubDate) || text(item['dc:date'])),
    description: text(item.description) || text(item['content:encoded']),
  };
}

function atomLink(links: unknown[]): string {
  const nodes = links.filter((link): link is Node => typeof link === 'object' && link !== null);
  const alternate = nodes.find((link) => !link['@_rel'] || link['@_rel'] === 'alternate') ?? nodes[0];
  if (alternate) return text(alternate['@_href']);
  return text(links[0]);
}

function atomEntry(entry: Node): FeedItem | null {
  const link = httpAddress(atomLink(asArray(entry.link)));
  const title = text(entry.title);
  if (!link || !title) return null;
  return {
    title,
    link,
    category: text(asArray(entry.category)[0]),
    pubDate: isoDate(text(entry.published) || text(entry.updated)),
    description: text(entry.summary) || text(entry.content),
  };
}

/**
 * Reads an RSS 2.0 or Atom document into feed items. Items without a title or an http(s) link are
 * dropped; anything that is not well-formed RSS or Atom is a FeedParseError.
 */
export function parseFeed(xml: string): FeedItem[] {
  if (/<!ENTITY/i.test(xml)) throw new FeedParseError('Feed declares entities');
  const validation = XMLValidator.validate(xml);
  if (validation !== true) throw new FeedParseError(`Malformed XML: ${validation.err.msg}`);
  const document = parser.parse(xml) as Node;
  const rss = document.rss as Node | undefined;
  if (rss && typeof rss === 'object') {
    const channel = asArray(rss.channel)[0] as Node | undefined;
    if (!channel || typeof channel !== 'object') throw new FeedParseError('RSS feed without a channel');
    return asArray(channel.item)
      .filter((item): item is Node => typeof item === 'object' && item !== null)
      .map(rssItem)
      .filter((item): item is FeedItem => item !== null);
  }
  const feed = document.feed as Node | undefined;
  if (feed !== undefined) {
    if (typeof feed !== 'object' || feed === null) return [];
    return asArray(feed.entry)
      .filter((entry): entry is Node => typeof entry === 'object' && entry !== null)
      .map(atomEntry)
      .filter((item): item is FeedItem => item !== null);
  }
  throw new FeedParseError('Neither RSS 2.0 nor Atom');
}
