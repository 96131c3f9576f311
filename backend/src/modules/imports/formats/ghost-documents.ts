/**
 * Ghost keeps a post's text as `html` and, in its editors' own formats, as `lexical` (Ghost 5–6)
 * or `mobiledoc` (Ghost 1–4). When an export has no `html`, the editor format is turned into HTML
 * here (then sanitised and converted like any other): the common nodes and cards; anything else is
 * named so the person importing can finish it by hand.
 */
export interface DocumentHtml {
  html: string;
  unknown: string[];
  /** Markdown cards, kept as written: the HTML holds `markdownCardMark(index)` in their place. */
  markdown: string[];
}

/** The stand-in of a markdown card in the HTML (letters only: the converter leaves it as it is). */
export const markdownCardMark = (index: number) => `NorthbeamMarkdownCard${index}x`;

type Json = Record<string, unknown>;

const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (value: string) => escapeText(value).replace(/"/g, '&quot;');
const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function lexicalToHtml(source: string): DocumentHtml {
  const unknown = new Set<string>();
  const markdown: string[] = [];
  const root = (JSON.parse(source) as Json).root as Json | undefined;
  const render = (node: Json): string => {
    const children = Array.isArray(node.children) ? (node.children as Json[]).map(render).join('') : '';
    switch (node.type) {
      case 'root':
        return children;
      case 'paragraph':
        return `<p>${children}</p>`;
      case 'heading':
      case 'extended-heading': {
        const tag = /^h[1-6]$/.test(str(node.tag)) ? str(node.tag) : 'h2';
        return `<${tag}>${children}</${tag}>`;
      }
      case 'quote':
      case 'extended-quote':
      case 'aside':
        return `<blockquote>${children}</blockquote>`;
      case 'list': {
        const tag = node.listType === 'number' ? 'ol' : 'ul';
        return `<${tag}>${children}</${tag}>`;
      }
      case 'listitem':
        return `<li>${children}</li>`;
      case 'link':
      case 'autolink':
        return `<a href="${escapeAttribute(str(node.url))}">${children}</a>`;
      case 'linebreak':
        return '<br>';
      case 'text':
      case 'extended-text': {
        let text = escapeText(str(node.text));
        const format = typeof node.format === 'number' ? node.format : 0;
        if (format & 16) text = `<code>${text}</code>`;
        if (format & 1) text = `<strong>${text}</strong>`;
        if (format & 2) text = `<em>${text}</em>`;
        if (format & 4) text = `<del>${text}</del>`;
        return text;
      }
      case 'horizontalrule':
        return '<hr>';
      case 'image':
        return `<figure><img src="${escapeAttribute(str(node.src))}" alt="${escapeAttribute(str(node.altText))}">${node.caption ? `<figcaption>${str(node.caption)}</figcaption>` : ''}</figure>`;
      case 'codeblock':
        return `<pre><code>${escapeText(str(node.code))}</code></pre>`;
      case 'markdown':
        markdown.push(str(node.markdown));
        return `<p>${markdownCardMark(markdown.length - 1)}</p>`;
      case 'html':
        return str(node.html);
      case 'embed':
      case 'bookmark':
      case 'video':
      case 'audio':
      case 'file': {
        const url = str(node.url) || str(node.src);
        return url ? `<p><a href="${escapeAttribute(url)}">${escapeText(url)}</a></p>` : '';
      }
      default:
        unknown.add(str(node.type) || 'unnamed');
        return children;
    }
  };
  return { html: root ? render(root) : '', unknown: [...unknown], markdown };
}

export function mobiledocToHtml(source: string): DocumentHtml {
  const unknown = new Set<string>();
  const markdown: string[] = [];
  const document = JSON.parse(source) as Json;
  const markups = (document.markups as [string, string[]?][] | undefined) ?? [];
  const cards = (document.cards as [string, Json][] | undefined) ?? [];
  const atoms = (document.atoms as [string, string, Json][] | undefined) ?? [];
  const markers = (list: unknown[][]): string => {
    let html = '';
    const open: string[] = [];
    for (const marker of list) {
      const [kind, opened, closed, value] = marker as [number, number[], number, unknown];
      for (const index of opened ?? []) {
        const [tag, attributes = []] = markups[index] ?? ['span'];
        const href = tag === 'a' ? attributes[attributes.indexOf('href') + 1] : undefined;
        html += href ? `<a href="${escapeAttribute(href)}">` : `<${tag}>`;
        open.push(tag);
      }
      if (kind === 0) html += escapeText(str(value));
      else if (kind === 1) {
        const atom = atoms[value as number];
        if (atom?.[0] === 'soft-return') html += '<br>';
        else html += escapeText(str(atom?.[1]));
      }
      for (let count = 0; count < (closed ?? 0); count++) html += `</${open.pop()}>`;
    }
    while (open.length) html += `</${open.pop()}>`;
    return html;
  };
  const card = ([name, payload]: [string, Json]): string => {
    switch (name) {
      case 'markdown':
      case 'card-markdown':
        markdown.push(str(payload.markdown));
        return `<p>${markdownCardMark(markdown.length - 1)}</p>`;
      case 'html':
        return str(payload.html);
      case 'image':
        return `<figure><img src="${escapeAttribute(str(payload.src))}" alt="${escapeAttribute(str(payload.alt))}">${payload.caption ? `<figcaption>${str(payload.caption)}</figcaption>` : ''}</figure>`;
      case 'hr':
        return '<hr>';
      case 'code':
        return `<pre><code>${escapeText(str(payload.code))}</code></pre>`;
      case 'embed':
      case 'bookmark': {
        const url = str(payload.url);
        return url ? `<p><a href="${escapeAttribute(url)}">${escapeText(url)}</a></p>` : '';
      }
      default:
        unknown.add(name);
        return '';
    }
  };
  let html = '';
  for (const section of (document.sections as unknown[][] | undefined) ?? []) {
    const [type] = section as [number];
    if (type === 1) {
      const tag = /^(p|h[1-6]|blockquote|aside|pull-quote)$/i.test(str(section[1]))
        ? str(section[1]).toLowerCase()
        : 'p';
      const element = tag === 'aside' || tag === 'pull-quote' ? 'blockquote' : tag;
      html += `<${element}>${markers(section[2] as unknown[][])}</${element}>`;
    } else if (type === 3) {
      const tag = section[1] === 'ol' ? 'ol' : 'ul';
      html += `<${tag}>${(section[2] as unknown[][][]).map((item) => `<li>${markers(item)}</li>`).join('')}</${tag}>`;
    } else if (type === 10) {
      const found = cards[section[1] as number];
      if (found) html += card(found);
    } else if (type === 2) {
      html += `<img src="${escapeAttribute(str(section[1]))}" alt="">`;
    }
  }
  return { html, unknown: [...unknown], markdown };
}
