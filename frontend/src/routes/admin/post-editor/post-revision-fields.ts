import { sectionLabels, type PostSection } from '@northbeam/common';
import type { ComparedField } from '@/components/admin/revision-diff';

/** The fields of a post that a revision's comparison shows, in the editor's order (docs/product.md#revisions). */
export const postRevisionFields: ComparedField[] = [
  { key: 'title', label: 'Title' },
  { key: 'slug', label: 'Slug' },
  {
    key: 'section',
    label: 'Section',
    show: (value) => (typeof value === 'string' && value ? (sectionLabels[value as PostSection] ?? value) : ''),
  },
  { key: 'excerpt', label: 'Excerpt' },
  { key: 'authorName', label: 'Author' },
  { key: 'authorCredentials', label: 'Author credentials' },
  { key: 'authorBio', label: 'Author bio' },
  { key: 'tags', label: 'Tags' },
  { key: 'metaDescription', label: 'Meta description' },
  { key: 'customMetaTags', label: 'Custom meta tags' },
  { key: 'body', label: 'Body', lines: true },
];
