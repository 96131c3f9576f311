import type { Image, Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';
import { escapeHtml, mailPalette } from '../mail/mail-layout.js';
import { mailImageTag, mediaIdOf, type MailImages } from './mail-images.js';

/** A markdown text rendered for a mail: HTML with inline styles (mail clients drop style sheets) and plain text. */
export interface MailMarkup {
  html: string;
  text: string;
}

const { ink, muted, line, beam: link, mist } = mailPalette;
const paragraphStyle = `margin:0 0 16px;font-size:16px;line-height:1.6;color:${ink}`;
const headingSizes = [22, 20, 18, 16, 16, 16];

/**
 * Addresses a mail may link to: http, https and mailto; a relative address (`/blog/…`) is made absolute
 * against the site. Anything else (javascript:, data:, …) is dropped and only the link text stays.
 */
export function mailHref(url: string, siteUrl: string): string | undefined {
  const trimmed = url.trim();
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return `${siteUrl}${trimmed}`;
  if (/^(https?:\/\/|mailto:)/i.test(trimmed)) return trimmed;
  return undefined;
}

/**
 * The images of a markdown text that are not the media library's (`/media/{id}/…`, relative or on the
 * site's own address), in their order: a newsletter shows library images only (docs/product.md#newsletter-issues).
 * Images given by reference (`![alt][ref]`) count by their definition's address.
 */
export function foreignImages(markdown: string, siteUrl: string): string[] {
  const tree = fromMarkdown(markdown);
  const definitions = new Map<string, string>();
  const found: string[] = [];
  const walk = (node: Nodes, visit: (node: Nodes) => void) => {
    visit(node);
    if ('children' in node) for (const child of node.children) walk(child, visit);
  };
  walk(tree, (node) => {
    if (node.type === 'definition') definitions.set(node.identifier, node.url);
  });
  walk(tree, (node) => {
    const url =
      node.type === 'image' ? node.url : node.type === 'imageReference' ? definitions.get(node.identifier) : undefined;
    if (url !== undefined && !mediaIdOf(url, siteUrl) && !found.includes(url)) found.push(url);
  });
  return found;
}

/**
 * Renders staff-written markdown (CommonMark) for a newsletter mail. Raw HTML in the text is shown as
 * text, never passed through; there are no tracking pixels or per-reader link rewriting, and only
 * library images become images: any other image address is shown as its alt text.
 */
export function renderMarkdownForMail(markdown: string, siteUrl: string, images?: MailImages): MailMarkup {
  const tree = fromMarkdown(markdown);
  const context = { siteUrl, images };
  return { html: html(tree, context), text: blocksText(tree.children, siteUrl).trim() };
}

interface Context {
  siteUrl: string;
  /** The library images the text shows, to be sent in a format every mail client shows, sized. */
  images?: MailImages;
}

function childrenHtml(node: Parents, context: Context): string {
  return node.children.map((child) => html(child, context)).join('');
}

function html(node: Nodes, context: Context): string {
  const { siteUrl } = context;
  switch (node.type) {
    case 'root':
      return childrenHtml(node, context);
    case 'paragraph':
      return `<p style="${paragraphStyle}">${childrenHtml(node, context)}</p>`;
    case 'heading':
      return `<h${node.depth + 1} style="margin:24px 0 12px;font-size:${headingSizes[node.depth - 1]}px;line-height:1.3;color:${ink}">${childrenHtml(node, context)}</h${node.depth + 1}>`;
    case 'text':
      return escapeHtml(node.value);
    case 'emphasis':
      return `<em>${childrenHtml(node, context)}</em>`;
    case 'strong':
      return `<strong>${childrenHtml(node, context)}</strong>`;
    case 'delete':
      return `<del>${childrenHtml(node, context)}</del>`;
    case 'inlineCode':
      return `<code style="font-family:Menlo,Consolas,monospace;font-size:14px;background:${mist};padding:1px 4px;border-radius:4px">${escapeHtml(node.value)}</code>`;
    case 'code':
      return `<pre style="margin:0 0 16px;padding:12px 14px;background:${mist};border-radius:8px;overflow:auto;font-family:Menlo,Consolas,monospace;font-size:13px;line-height:1.5;color:${ink};white-space:pre-wrap">${escapeHtml(node.value)}</pre>`;
    case 'blockquote':
      return `<blockquote style="margin:0 0 16px;padding:0 0 0 14px;border-left:3px solid ${line};color:${muted}">${childrenHtml(node, context)}</blockquote>`;
    case 'list': {
      const tag = node.ordered ? 'ol' : 'ul';
      const start =
        node.ordered && node.start !== null && node.start !== undefined && node.start !== 1
          ? ` start="${node.start}"`
          : '';
      return `<${tag}${start} style="margin:0 0 16px;padding:0 0 0 24px;font-size:16px;line-height:1.6;color:${ink}">${childrenHtml(node, context)}</${tag}>`;
    }
    case 'listItem':
      // Paragraphs inside a tight list item would add their own margins.
      return `<li style="margin:0 0 6px">${node.children
        .map((child) =>
          child.type === 'paragraph' && !node.spread ? childrenHtml(child, context) : html(child, context),
        )
        .join('')}</li>`;
    case 'thematicBreak':
      return `<hr style="border:0;border-top:1px solid ${line};margin:24px 0">`;
    case 'break':
      return '<br>';
    case 'link': {
      const href = mailHref(node.url, siteUrl);
      const inner = childrenHtml(node, context);
      return href ? `<a href="${escapeHtml(href)}" style="color:${link}">${inner}</a>` : inner;
    }
    case 'image':
      return imageHtml(node, context) + captionHtml(node.title);
    case 'html':
      return escapeHtml(node.value);
    case 'linkReference':
    case 'imageReference':
      return 'children' in node ? childrenHtml(node, context) : escapeHtml(node.alt ?? '');
    case 'definition':
    case 'footnoteDefinition':
    case 'footnoteReference':
    case 'yaml':
      return '';
    // Not parsed without extensions (tables come with GFM): kept as their text if they ever appear.
    case 'table':
    case 'tableRow':
    case 'tableCell':
      return childrenHtml(node, context);
  }
}

function imageHtml(node: Image, context: Context): string {
  const { siteUrl } = context;
  // A library image goes out as JPEG, PNG or GIF with its width and height (never WebP or AVIF).
  if (context.images) {
    const tag = mailImageTag(node.url, node.alt ?? '', siteUrl, context.images);
    if (tag !== undefined) return tag;
  }
  // Never a third party's image (it would learn of each open): library addresses only.
  const src = mediaIdOf(node.url, siteUrl) ? mailHref(node.url, siteUrl) : undefined;
  return src
    ? `<img src="${escapeHtml(src)}" alt="${escapeHtml(node.alt ?? '')}" style="max-width:100%;height:auto;border-radius:8px">`
    : escapeHtml(node.alt ?? '');
}

/** An image's caption (its markdown title, `![alt](src "caption")`) under it, as the article shows it. */
function captionHtml(title: string | null | undefined): string {
  if (!title?.trim()) return '';
  return `<span style="display:block;margin:0 0 16px;font-size:14px;line-height:1.4;color:${muted};text-align:left">${escapeHtml(title)}</span>`;
}

function blocksText(nodes: Nodes[], siteUrl: string, prefix = ''): string {
  return nodes
    .map((node) => blockText(node, siteUrl))
    .filter((block) => block !== '')
    .map((block) => block.replace(/^/gm, prefix))
    .join('\n\n');
}

function blockText(node: Nodes, siteUrl: string): string {
  if (node.type === 'heading') return inlineText(node, siteUrl).toUpperCase();
  if (node.type === 'code') return node.value.replace(/^/gm, '    ');
  if (node.type === 'blockquote') return blocksText(node.children, siteUrl, '> ');
  if (node.type === 'list') {
    return node.children
      .map((item, index) => {
        const marker = node.ordered ? `${(node.start ?? 1) + index}. ` : '- ';
        const body = blocksText(item.children, siteUrl);
        return marker + body.replace(/\n/g, `\n${' '.repeat(marker.length)}`);
      })
      .join('\n');
  }
  if (node.type === 'thematicBreak') return '----';
  if (node.type === 'definition') return '';
  if (node.type === 'html') return node.value;
  return inlineText(node, siteUrl);
}

function inlineText(node: Nodes, siteUrl: string): string {
  if (node.type === 'text' || node.type === 'inlineCode' || node.type === 'html') return node.value;
  if (node.type === 'break') return '\n';
  if (node.type === 'image') return [node.alt, node.title?.trim()].filter(Boolean).join('\n');
  if (node.type === 'link') {
    const inner = node.children.map((child) => inlineText(child, siteUrl)).join('');
    const href = mailHref(node.url, siteUrl);
    return href && href !== inner ? `${inner} (${href.replace(/^mailto:/i, '')})` : inner;
  }
  return 'children' in node ? node.children.map((child: Nodes) => inlineText(child, siteUrl)).join('') : '';
}
