import {
  postLimits,
  messages,
  type AdminPost,
  type MediaImage,
  type PostAutosaveFields,
  type PostSection,
  type PostStatus,
} from '@northbeam/common';

/** What the editor holds; tagsText is the comma-separated field, tags its applied list. */
export interface PostFormValues {
  title: string;
  slug: string;
  excerpt: string;
  body: string;
  section: PostSection | '';
  status: PostStatus;
  authorId: string;
  authorName: string;
  authorCredentials: string;
  authorBio: string;
  tagsText: string;
  tags: string[];
  metaDescription: string;
  customMetaTags: string;
  /** From the media library (docs/product.md#media). */
  featureImage: MediaImage | null;
}

export type PostFormErrors = Partial<Record<keyof PostFormValues, string>>;

export const emptyPostForm: PostFormValues = {
  title: '',
  slug: '',
  excerpt: '',
  body: '',
  section: '',
  status: 'draft',
  authorId: '',
  authorName: '',
  authorCredentials: '',
  authorBio: '',
  tagsText: '',
  tags: [],
  metaDescription: '',
  customMetaTags: '',
  featureImage: null,
};

export function formFromPost(post: AdminPost): PostFormValues {
  return formFromAutosave(post, post.status, post.featureImage ?? null);
}

/** Tags: comma separated, each trimmed, empties dropped (docs/product.md#posts). */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** The post rules with their sentences (docs/product.md#posts); the server applies the same ones. */
export function validatePostForm(values: PostFormValues): PostFormErrors {
  const errors: PostFormErrors = {};
  const title = values.title.trim();
  const slug = values.slug.trim();
  const excerpt = values.excerpt.trim();
  if (!title) errors.title = messages.titleRequired;
  else if (title.length > postLimits.titleMax) errors.title = messages.titleTooLong;
  if (!slug) errors.slug = messages.slugRequired;
  else if (slug.length > postLimits.slugMax) errors.slug = messages.slugTooLong;
  else if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug)) errors.slug = messages.slugInvalid;
  if (!excerpt) errors.excerpt = messages.excerptRequired;
  else if (excerpt.length > postLimits.excerptMax) errors.excerpt = messages.excerptTooLong;
  if (!values.body.trim()) errors.body = messages.bodyRequired;
  if (values.section !== 'labs' && values.section !== 'consulting') errors.section = messages.sectionRequired;
  if (values.authorCredentials.length > postLimits.authorCredentialsMax)
    errors.authorCredentials = messages.credentialsTooLong;
  if (values.authorBio.length > postLimits.authorBioMax) errors.authorBio = messages.bioTooLong;
  if (values.metaDescription.length > postLimits.metaDescriptionMax)
    errors.metaDescription = messages.metaDescriptionTooLong;
  return errors;
}

/** The request body; author fields are omitted when no author is chosen. */
export function payloadFromForm(values: PostFormValues, status: PostStatus) {
  const tags = parseTags(values.tagsText);
  const hasAuthor = Boolean(values.authorName);
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
    excerpt: values.excerpt.trim(),
    body: values.body,
    section: values.section,
    status,
    ...(hasAuthor
      ? {
          authorId: values.authorId || undefined,
          authorName: values.authorName,
          authorCredentials: values.authorCredentials || undefined,
          authorBio: values.authorBio || undefined,
        }
      : {}),
    tags,
    metaDescription: values.metaDescription || undefined,
    customMetaTags: values.customMetaTags || undefined,
    featureImageId: values.featureImage?.id ?? null,
  };
}

/** Unsaved text survives a lost session or a closed tab: kept per post in this browser. */
export function draftStorageKey(postId: string | undefined): string {
  return `northbeam.admin.post-draft.${postId ?? 'new'}`;
}

export function readStoredDraft(key: string): PostFormValues | undefined {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return undefined;
    return { ...emptyPostForm, ...(JSON.parse(raw) as Partial<PostFormValues>) };
  } catch {
    return undefined;
  }
}

export function writeStoredDraft(key: string, values: PostFormValues): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(values));
  } catch {
    // Storage full or disabled: the editor still works, only without the safety net.
  }
}

export function clearStoredDraft(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}

export function sameValues(a: PostFormValues, b: PostFormValues): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The server's field errors of a refused save (`fieldErrorsOf`) under the fields this form shows
 * (the request's `tags` is the form's tags text).
 */
export function postFormErrors(fromServer: Partial<Record<string, string>>): PostFormErrors {
  const errors: PostFormErrors = {};
  for (const [field, sentence] of Object.entries(fromServer)) {
    const key = (field === 'tags' ? 'tagsText' : field) as keyof PostFormValues;
    if (key in emptyPostForm) errors[key] = sentence;
  }
  return errors;
}

/** The fields an autosave keeps (and a revision is compared on), from what the editor holds. */
export function autosaveFieldsFromForm(values: PostFormValues): PostAutosaveFields {
  const hasAuthor = Boolean(values.authorName);
  return {
    title: values.title,
    slug: values.slug,
    excerpt: values.excerpt,
    body: values.body,
    section: values.section,
    authorId: hasAuthor ? values.authorId || null : null,
    authorName: hasAuthor ? values.authorName : null,
    authorCredentials: hasAuthor ? values.authorCredentials || null : null,
    authorBio: hasAuthor ? values.authorBio || null : null,
    tags: parseTags(values.tagsText),
    metaDescription: values.metaDescription || null,
    customMetaTags: values.customMetaTags || null,
  };
}

/**
 * What the editor holds after restoring an autosave. The post's status stays, and so does the feature
 * image the editor shows: an autosave keeps the text fields only.
 */
export function formFromAutosave(
  fields: PostAutosaveFields,
  status: PostStatus,
  featureImage: MediaImage | null,
): PostFormValues {
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    body: fields.body,
    section: fields.section,
    status,
    authorId: fields.authorId ?? '',
    authorName: fields.authorName ?? '',
    authorCredentials: fields.authorCredentials ?? '',
    authorBio: fields.authorBio ?? '',
    tagsText: fields.tags.join(', '),
    tags: fields.tags,
    metaDescription: fields.metaDescription ?? '',
    customMetaTags: fields.customMetaTags ?? '',
    featureImage,
  };
}

/** Whether two states of the editor differ in anything a save would write. */
export function sameContent(a: PostFormValues, b: PostFormValues): boolean {
  return JSON.stringify(autosaveFieldsFromForm(a)) === JSON.stringify(autosaveFieldsFromForm(b));
}
