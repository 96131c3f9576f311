export interface SafeMetaTag {
  name?: string;
  property?: string;
  content: string;
}

/**
 * The meta tags a post may add, by `name` or by `property`. Only tags that describe the article to
 * search engines and share previews: nothing that changes how the browser treats the page
 * (`http-equiv`, `referrer`, `viewport`), sends the reader elsewhere (`refresh`) or names another
 * address for the page (`og:url`, `twitter:url`).
 */
export const allowedMetaTagNames = [
  'description',
  'keywords',
  'news_keywords',
  'author',
  'robots',
  'googlebot',
  'twitter:card',
  'twitter:title',
  'twitter:description',
  'twitter:image',
  'twitter:image:alt',
  'twitter:site',
  'twitter:creator',
  'twitter:label1',
  'twitter:data1',
  'twitter:label2',
  'twitter:data2',
] as const;

export const allowedMetaTagProperties = [
  'og:title',
  'og:description',
  'og:image',
  'og:image:secure_url',
  'og:image:alt',
  'og:image:width',
  'og:image:height',
  'og:image:type',
  'og:locale',
  'og:locale:alternate',
  'article:author',
  'article:section',
  'article:tag',
] as const;

/** Tags whose content is an address: only an absolute http(s) one is accepted. */
export const metaTagsWithAddress: readonly string[] = ['twitter:image', 'og:image', 'og:image:secure_url'];

export const metaTagsMax = 20;
export const metaTagContentMax = 1000;

const nameSet = new Set<string>(allowedMetaTagNames);
const propertySet = new Set<string>(allowedMetaTagProperties);
const metaTagPattern = /<meta\b([^>]*)>/gi;
const attributePattern = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

interface ParsedMetaTag {
  attributes: Record<string, string>;
  /** The key as written (`name` or `property` value), for messages. */
  key: string | undefined;
}

function* metaTagsIn(markup: string): Generator<ParsedMetaTag> {
  for (const match of markup.matchAll(metaTagPattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of match[1].matchAll(attributePattern)) {
      attributes[attribute[1].toLowerCase()] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    yield { attributes, key: attributes.property ?? attributes.name };
  }
}

/** An absolute http(s) address with a host and no white space. */
const httpAddressPattern = /^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/i;

function isHttpAddress(value: string): boolean {
  return httpAddressPattern.test(value.trim());
}

/** The tag as it may be rendered, or the reason it may not. */
function judge(tag: ParsedMetaTag): SafeMetaTag | string {
  const { attributes } = tag;
  if ('http-equiv' in attributes) return metaTagMessages.httpEquiv;
  if ('charset' in attributes) return metaTagMessages.charset;
  const content = attributes.content;
  const property = attributes.property?.trim().toLowerCase();
  const name = attributes.name?.trim().toLowerCase();
  if (!property && !name) return metaTagMessages.keyMissing;
  if (property && !propertySet.has(property)) return metaTagMessages.notAllowed(attributes.property);
  if (!property && name && !nameSet.has(name)) return metaTagMessages.notAllowed(attributes.name);
  if (content === undefined || content.trim() === '') return metaTagMessages.contentMissing(tag.key ?? '');
  if (content.length > metaTagContentMax) return metaTagMessages.contentTooLong(tag.key ?? '');
  const key = property ?? name;
  if (metaTagsWithAddress.includes(key) && !isHttpAddress(content)) return metaTagMessages.addressRequired(key);
  return property ? { property, content } : { name: key, content };
}

export const metaTagMessages = {
  httpEquiv: 'Meta tags with http-equiv are not allowed',
  charset: 'A meta charset tag is not allowed: the page sets its own',
  keyMissing: 'Each meta tag needs a name or property from the allowed list',
  notAllowed: (key: string | undefined) =>
    `Meta tag "${(key ?? '').slice(0, 100)}" is not allowed. Allowed names: ${allowedMetaTagNames.join(', ')}. Allowed properties: ${allowedMetaTagProperties.join(', ')}`,
  contentMissing: (key: string) => `Meta tag "${key.slice(0, 100)}" needs a content`,
  contentTooLong: (key: string) =>
    `Meta tag "${key.slice(0, 100)}" content must be ${metaTagContentMax} characters or less`,
  addressRequired: (key: string) => `Meta tag "${key}" must hold an http:// or https:// address`,
  tooMany: `At most ${metaTagsMax} custom meta tags are allowed`,
} as const;

/**
 * Why this custom meta markup may not be saved (the first problem, as a sentence), or null when
 * every `<meta>` tag in it is allowed. Markup that is not a meta tag is ignored here, as it is when
 * rendering.
 */
export function customMetaTagsProblem(markup: string | null | undefined): string | null {
  if (!markup) return null;
  let count = 0;
  for (const tag of metaTagsIn(markup)) {
    const verdict = judge(tag);
    if (typeof verdict === 'string') return verdict;
    count += 1;
    if (count > metaTagsMax) return metaTagMessages.tooMany;
  }
  return null;
}

/**
 * Staff may add meta tags to a post as markup. Only allowed `<meta>` tags (see the lists above)
 * with a content survive, addresses only where an address belongs and only http(s); every other
 * tag, attribute and script is dropped. The server refuses such markup when it is saved; this
 * filter also covers rows saved before the rule. Values are returned as text (the renderer
 * escapes them).
 */
export function parseCustomMetaTags(markup: string | null | undefined): SafeMetaTag[] {
  if (!markup) return [];
  const tags: SafeMetaTag[] = [];
  for (const tag of metaTagsIn(markup)) {
    const verdict = judge(tag);
    if (typeof verdict !== 'string') tags.push(verdict);
    if (tags.length >= metaTagsMax) break;
  }
  return tags;
}
