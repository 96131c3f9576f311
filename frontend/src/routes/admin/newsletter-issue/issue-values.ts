import type {
  NewsletterAudienceName,
  NewsletterImage,
  NewsletterIssueDetail,
  NewsletterPostMode,
  SaveNewsletterIssueRequest,
} from '@northbeam/common';

/** The issue's form: its text, its audience, its hero image and (for an issue started from a post) how the post shows. */
export interface IssueValues {
  subject: string;
  preheader: string;
  body: string;
  audience: NewsletterAudienceName;
  hero: NewsletterImage | null;
  /** Null when the issue did not start from a post. */
  postMode: NewsletterPostMode | null;
  /** The post the issue shows: a saved issue's, or the one "Use this post" put into a new issue's form. */
  sourcePost: { id: string; title: string } | null;
}

/** The form of a saved issue, or the empty form of a new one (every confirmed subscriber). */
export function issueValues(issue: NewsletterIssueDetail | null): IssueValues {
  return {
    subject: issue?.subject ?? '',
    preheader: issue?.preheader ?? '',
    body: issue?.body ?? '',
    audience: issue?.audience ?? 'all',
    hero: issue?.heroImage ?? null,
    postMode: issue?.postMode ?? null,
    sourcePost: issue?.sourcePost ?? null,
  };
}

/** What a save (or the preview) sends for the form (the server keeps a saved issue's post as it is). */
export function issueRequest({ hero, postMode, sourcePost, ...fields }: IssueValues): SaveNewsletterIssueRequest {
  return {
    ...fields,
    heroImageId: hero?.id ?? null,
    ...(postMode ? { postMode } : {}),
    ...(sourcePost ? { sourcePostId: sourcePost.id } : {}),
  };
}

/** Whether two forms would save the same issue (the hero image by its id). */
export function sameIssueValues(a: IssueValues, b: IssueValues): boolean {
  return (
    a.subject === b.subject &&
    a.preheader === b.preheader &&
    a.body === b.body &&
    a.audience === b.audience &&
    (a.hero?.id ?? null) === (b.hero?.id ?? null) &&
    a.postMode === b.postMode &&
    (a.sourcePost?.id ?? null) === (b.sourcePost?.id ?? null)
  );
}
