/**
 * Slug rule of the post editor: lower-cased, each run of non-alphanumeric characters becomes one
 * hyphen, leading and trailing hyphens removed.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The address of a tag's page, `/blog/tag/{slug}`: its slug by the same rule ("AI Governance" → ai-governance). */
export function tagSlug(tag: string): string {
  return slugify(tag);
}

export function tagPath(tag: string): string {
  return `/blog/tag/${tagSlug(tag)}`;
}
