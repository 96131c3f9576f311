import sanitizeHtml from 'sanitize-html';
import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';

/** What the converter found worth telling the person importing (one sentence each, without the post's title). */
export interface Conversion {
  markdown: string;
  /** Images the body shows, in order, with their alt text. */
  images: { url: string; alt: string }[];
  notes: string[];
}

/**
 * The elements an imported body keeps before conversion. Everything else is dropped with its
 * attributes (its text kept), `script`, `style` and the like with their content: nothing from an
 * import reaches a page as active content. The public renderer shows markdown without raw HTML
 * besides, so even a tag that got through would be shown as text.
 */
const allowedTags = [
  'p',
  'br',
  'hr',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'pre',
  'code',
  'ul',
  'ol',
  'li',
  'strong',
  'b',
  'em',
  'i',
  'del',
  's',
  'strike',
  'a',
  'img',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'th',
  'td',
  'figure',
  'figcaption',
  'dl',
  'dt',
  'dd',
  'sup',
  'sub',
  'cite',
  'q',
  'abbr',
  'div',
  'span',
];

const sanitizeOptions: sanitizeHtml.IOptions = {
  allowedTags,
  allowedAttributes: { a: ['href', 'title'], img: ['src', 'alt', 'title'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: true,
  // Dropped with everything inside them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'object', 'embed', 'svg', 'math'],
  disallowedTagsMode: 'discard',
  transformTags: {
    // An embedded frame (a video, a map) becomes a link to what it showed.
    iframe: (_tagName, attributes) => ({
      tagName: 'a',
      attribs: { href: attributes.src ?? '' },
      text: attributes.title || attributes.src || '',
    }),
  },
};
// iframe must be allowed for its transform to run; its attributes are reduced to a link's.
sanitizeOptions.allowedTags = [...allowedTags, 'iframe'];

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  emDelimiter: '_',
});
turndown.use(gfm);
// A figure's caption reads as an emphasised line under its image.
turndown.addRule('figcaption', {
  filter: 'figcaption',
  replacement: (content) => (content.trim() ? `\n\n_${content.trim()}_\n\n` : ''),
});

const blockStart = /^\s*<(p|div|h[1-6]|ul|ol|li|blockquote|pre|table|figure|hr|dl|iframe|\[)/i;

/**
 * WordPress's classic editor stores paragraphs as blank lines (the theme adds `<p>` when it shows
 * the post): the same paragraphs are made here, line breaks inside a paragraph kept.
 */
export function autoParagraphs(html: string): string {
  if (/<p[\s>]/i.test(html)) return html;
  return html
    .split(/\n\s*\n/)
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => (blockStart.test(chunk) ? chunk : `<p>${chunk.replace(/\n/g, '<br>\n')}</p>`))
    .join('\n');
}

/** Shortcodes WordPress expands on display: the common ones become HTML, others stay as text (and are reported). */
function expandShortcodes(html: string, notes: string[]): string {
  let text = html
    // [caption]<img …/> The caption[/caption]: the image and its caption.
    .replace(/\[caption[^\]]*\]([\s\S]*?)\[\/caption\]/gi, (_match, inner: string) => {
      const image = /<a[^>]*>\s*<img[^>]*>\s*<\/a>|<img[^>]*>/i.exec(inner)?.[0] ?? '';
      const caption = inner.replace(image, '').trim();
      return `<figure>${image}${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
    })
    // [embed]url[/embed] and a video or audio shortcode's address: a link.
    .replace(/\[embed[^\]]*\]\s*(\S+?)\s*\[\/embed\]/gi, (_match, url: string) => `<p><a href="${url}">${url}</a></p>`)
    .replace(
      /\[(?:video|audio)[^\]]*?(?:src|mp4|mp3)="([^"]+)"[^\]]*\](?:\[\/(?:video|audio)\])?/gi,
      (_m, url: string) => `<p><a href="${url}">${url}</a></p>`,
    )
    .replace(
      /\[(youtube|vimeo)[= ]\s*([^\]\s]+)\s*\]/gi,
      (_m, _name: string, url: string) => `<p><a href="${url}">${url}</a></p>`,
    );
  const left = new Set<string>();
  text = text.replace(/\[\/?([a-z][a-z0-9_-]*)(\s[^\]]*)?\]/gi, (match, name: string) => {
    if (knownNotShortcodes.test(name)) return match;
    left.add(name.toLowerCase());
    return match;
  });
  if (left.size > 0)
    notes.push(
      `it uses WordPress shortcodes that only WordPress expands (${[...left].map((name) => `[${name}]`).join(', ')}); they were left as text`,
    );
  return text;
}
/** Bracketed words that are no shortcodes (footnote marks, markdown-like text). */
const knownNotShortcodes = /^(\d+|x|i|note)$/i;

/** Gutenberg's embed blocks keep the address as the wrapper's text: it becomes a link. */
function linkEmbeds(html: string): string {
  return html.replace(
    /<div class="wp-block-embed__wrapper">\s*(https?:\/\/[^\s<]+)\s*<\/div>/gi,
    (_match, url: string) => `<p><a href="${url}">${url}</a></p>`,
  );
}

/** A bare address alone on a line (WordPress's classic oEmbed): a link. */
function linkBareEmbeds(html: string): string {
  return html.replace(
    /^(\s*)(https?:\/\/[^\s<"]+)\s*$/gim,
    (_match, space: string, url: string) => `${space}<p><a href="${url}">${url}</a></p>`,
  );
}

/** Sanitised, then converted: markdown with GFM tables and strikethrough. */
export function htmlToMarkdown(html: string, options: { wordpress?: boolean } = {}): Conversion {
  const notes: string[] = [];
  let source = html.replace(/\r\n?/g, '\n');
  if (/<script[\s>]/i.test(source) || /\son[a-z]+\s*=/i.test(source))
    notes.push('its HTML held scripts or event handlers; they were removed');
  if (options.wordpress) {
    // Block comments (<!-- wp:paragraph -->) carry no content of their own.
    source = source.replace(/<!--\s*\/?wp:[\s\S]*?-->/g, '');
    source = linkEmbeds(source);
    source = linkBareEmbeds(source);
    source = expandShortcodes(source, notes);
    source = autoParagraphs(source);
  }
  const clean = sanitizeHtml(source, sanitizeOptions);
  const markdown = turndown
    .turndown(clean)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return { markdown, images: markdownImages(markdown), notes };
}

const imagePattern = /!\[((?:\\.|[^\]\\])*)\]\((\S+?)(?:\s+"(?:\\.|[^"\\])*")?\)/g;

/** The images of a markdown text, in order (each address once). */
export function markdownImages(markdown: string): { url: string; alt: string }[] {
  const seen = new Set<string>();
  const images: { url: string; alt: string }[] = [];
  for (const match of markdown.matchAll(imagePattern)) {
    const url = match[2].replace(/^<|>$/g, '');
    if (seen.has(url) || !/^(https?:)?\/\//i.test(url)) continue;
    seen.add(url);
    images.push({ url, alt: match[1].replace(/\\(.)/g, '$1') });
  }
  return images;
}

/** Every image of `url` in the markdown replaced by `replacement` (a library image's markdown). */
export function replaceImage(markdown: string, url: string, replacement: string): string {
  return markdown.replace(imagePattern, (whole, _alt: string, address: string) =>
    address.replace(/^<|>$/g, '') === url ? replacement : whole,
  );
}

/** The text of some HTML, for excerpts: tags dropped, entities read, spaces collapsed. */
export function plainText(html: string): string {
  return sanitizeHtml(html.replace(/<!--[\s\S]*?-->/g, ' ').replace(/</g, ' <'), {
    allowedTags: [],
    allowedAttributes: {},
    nonTextTags: sanitizeOptions.nonTextTags,
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;/g, "'")
    .replace(/\[\/?[a-z][^\]]*\]/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
