import { ArrowLeft, Tag } from '@/components/ui/icons';
import { data, isRouteErrorResponse } from 'react-router-dom';
import { Link } from '@/components/ui/link';
import { useLoaderData, useRouteError, type LoaderFunctionArgs } from '@/app/data-router';
import { site, type PostCardPage } from '@northbeam/common';
import type { RouteHandle } from '@/app/route-handle';
import { PostList, PostsLoadError } from '@/components/blog/post-list';
import { NewsletterBox } from '@/components/lead-capture/newsletter-box';
import { listPagePath, loadPostPage, readListQuery, type ListQuery } from '@/components/blog/post-queries';

interface TagData {
  query: ListQuery & { tag: string };
  /** The tag as its posts write it. */
  label: string;
  page: PostCardPage;
}

/**
 * A tag's page (docs/product.md#blog): the published posts with that tag, newest first, with the
 * blog's card and pager. The address names the tag by its slug; a tag no published post has is a 404.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs): Promise<TagData> {
  const tag = (params.tag ?? '').toLowerCase();
  if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(tag) || tag.length > 100) throw data(null, { status: 404 });
  const query = { ...readListQuery(request), search: '', tag };
  const page = await loadPostPage(context, query);
  if (page.total === 0) throw data(null, { status: 404 });
  return { query, label: page.tagLabel ?? tag, page };
}

export const handle: RouteHandle<TagData | undefined> = {
  head: ({ data: loaded, params }) => {
    if (!loaded) {
      return {
        title: 'Tag Not Found',
        description: 'No published post has this tag.',
        canonicalPath: `/blog/tag/${(params.tag ?? '').toLowerCase()}`,
        noindex: true,
      };
    }
    return {
      title: `Posts tagged ${loaded.label}`,
      description: `Articles from the ${site.name} blog tagged ${loaded.label}.`,
      keywords: [loaded.label, 'blog', site.name],
      canonicalPath: listPagePath(`/blog/tag/${loaded.query.tag}`, loaded.query),
    };
  },
};

function TagHero({ label }: { label: string }) {
  return (
    <section className="relative overflow-hidden bg-mist" data-testid="tag-hero">
      <div className="container-page relative py-16 sm:py-20">
        <Link to="/blog" className="inline-flex items-center gap-2 text-sm font-medium text-ink/80 hover:text-ink">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Blog
        </Link>
        <p className="eyebrow mt-6 inline-flex items-center gap-2">
          <Tag className="size-4" aria-hidden="true" /> Tag
        </p>
        <h1 className="heading-1 mt-2 break-words">{label}</h1>
      </div>
    </section>
  );
}

export function Component() {
  const { label, page, query } = useLoaderData<TagData>();
  return (
    <>
      <TagHero label={label} />
      <section className="container-page py-12 sm:py-16">
        <PostList page={page} search="" clearSearchHref={`/blog/tag/${query.tag}`} headingLevel={2} />
      </section>
      <section className="container-page pb-20">
        <NewsletterBox source="blog" />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <>
      <TagHero label={notFound ? 'Tag Not Found' : 'Posts'} />
      <section className="container-page py-12 sm:py-16">
        {notFound ? (
          <p className="lead" data-testid="tag-not-found">
            No published post has this tag.{' '}
            <Link to="/blog" className="font-medium text-beam underline underline-offset-4">
              See every post
            </Link>
          </p>
        ) : (
          <PostsLoadError error={error} />
        )}
      </section>
    </>
  );
}
