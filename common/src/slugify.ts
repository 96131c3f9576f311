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
