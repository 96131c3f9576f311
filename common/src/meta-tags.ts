export interface SafeMetaTag {
  name?: string;
  property?: string;
  content: string;
}

const metaTagPattern = /<meta\b([^>]*)>/gi;
const attributePattern = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+))/g;
const keyPattern = /^[a-zA-Z][a-zA-Z0-9:._-]{0,99}$/;
const reservedNames = new Set(['viewport', 'robots', 'description', 'keywords']);
const maxTags = 20;

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Staff may add meta tags to a post as markup. Only `<meta>` tags with a name or property and a
 * content survive; every other tag, attribute and script is dropped. Values are returned as text
 * (the renderer escapes them), and tags that would override the page's own essentials are ignored.
 */
export function parseCustomMetaTags(markup: string | null | undefined): SafeMetaTag[] {
  if (!markup) return [];
  const tags: SafeMetaTag[] = [];
  for (const match of markup.matchAll(metaTagPattern)) {
    const attributes: Record<string, string> = {};
    for (const attribute of match[1].matchAll(attributePattern)) {
      attributes[attribute[1].toLowerCase()] = decodeEntities(attribute[2] ?? attribute[3] ?? attribute[4] ?? '');
    }
    const content = attributes.content;
    if (content === undefined || content.length > 1000) continue;
    const name = attributes.name;
    const property = attributes.property;
    if (property && keyPattern.test(property)) tags.push({ property, content });
    else if (name && keyPattern.test(name) && !reservedNames.has(name.toLowerCase())) tags.push({ name, content });
    if (tags.length >= maxTags) break;
  }
  return tags;
}
