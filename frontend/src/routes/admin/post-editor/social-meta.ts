/**
 * A post's social title and image are kept as meta tags in its custom meta tags (`og:title` and
 * `twitter:title`, `og:image` and `twitter:image`), which take the place of the page's defaults
 * (app/head.ts). The editor shows them as fields and the other tags, as written, in the text area.
 */
export interface SocialMeta {
  title: string;
  image: string;
  /** The other custom meta tags, line for line as written. */
  rest: string;
}

const fieldOf: Record<string, 'title' | 'image'> = {
  'property:og:title': 'title',
  'name:twitter:title': 'title',
  'property:og:image': 'image',
  'name:twitter:image': 'image',
};

const singleTag = /^\s*<meta\s+(property|name)="([^"]+)"\s+content="([^"]*)"\s*\/?>\s*$/i;

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function encode(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function splitSocialMeta(markup: string): SocialMeta {
  const found: SocialMeta = { title: '', image: '', rest: '' };
  const rest: string[] = [];
  for (const line of markup.split('\n')) {
    const match = singleTag.exec(line);
    const field = match ? fieldOf[`${match[1].toLowerCase()}:${match[2].toLowerCase()}`] : undefined;
    if (match && field) found[field] ||= decode(match[3]);
    else rest.push(line);
  }
  found.rest = rest.join('\n');
  return found;
}

/** The social tags first, then the rest as typed (a line being started at its end stays). */
export function joinSocialMeta({ title, image, rest }: SocialMeta): string {
  const lines: string[] = [];
  if (title.trim()) {
    lines.push(`<meta property="og:title" content="${encode(title.trim())}">`);
    lines.push(`<meta name="twitter:title" content="${encode(title.trim())}">`);
  }
  if (image.trim()) {
    lines.push(`<meta property="og:image" content="${encode(image.trim())}">`);
    lines.push(`<meta name="twitter:image" content="${encode(image.trim())}">`);
  }
  if (rest !== '') lines.push(rest);
  return lines.join('\n');
}
