import { data } from 'react-router-dom';
import { limits, searchText, tagSlug, type PostPage, type PostSection } from '@northbeam/common';
import { postCardData, type PostCardPage } from '@northbeam/common';
import { loadJson, pageStatusOf } from '@/lib/api';
import type { LoaderRequest } from '@/app/data-router';

export interface ListQuery {
  section?: PostSection;
  search: string;
  page: number;
  /** A tag's slug: the posts with that tag (/blog/tag/{tag}). */
  tag?: string;
}

/** A page number as the pager writes it: digits, no sign, no leading zero. */
const pageNumberPattern = /^[1-9][0-9]*$/;

/** A list page's 404, for a `?page=` that names no page of it. */
function noSuchListPage(): never {
  throw data(null, { status: 404 });
}

/**
 * The list query of a blog address (`?page=`, `?q=`), the one place these parameters are read.
 * A page number that is not a whole number from 1 to the largest a list accepts names no page: 404.
 * A search term is cleaned of characters no one can type and cut to the longest term the API takes.
 */
export function readListQuery(request: LoaderRequest, section?: PostSection): ListQuery {
  const params = new URL(request.url).searchParams;
  const pageParam = params.get('page');
  let page = 1;
  if (pageParam !== null) {
    page = pageNumberPattern.test(pageParam) ? Number(pageParam) : Number.NaN;
    if (!(page <= limits.listPageMax)) noSuchListPage();
  }
  const search = searchText(params.get('q') ?? '');
  return { section, search: Array.from(search).slice(0, limits.searchMax).join('').trim(), page };
}

/** The canonical path of a page of a list: each page its own, the first without `?page=1`, no search. */
export function listPagePath(path: string, query: ListQuery | undefined): string {
  return query && query.page > 1 ? `${path}?page=${query.page}` : path;
}

/**
 * One page of published posts, searched on the server so the list never grows with the blog. A page
 * past the last one (the first page always exists, even when empty) is a 404, as is a query the API
 * refuses.
 */
export async function loadPostPage(
  context: unknown,
  query: ListQuery,
  pageSize: number = limits.blogPageSize,
): Promise<PostCardPage & { tagLabel?: string }> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(pageSize) });
  if (query.section) params.set('section', query.section);
  if (query.search) params.set('search', query.search);
  if (query.tag) params.set('tag', query.tag);
  let page: PostPage | null;
  try {
    page = await loadJson<PostPage>(context, `/api/posts?${params.toString()}`);
  } catch (error) {
    throw data(null, { status: pageStatusOf(error) });
  }
  if (!page) throw new Error('The post list answered without data');
  if (page.page > 1 && page.page > page.totalPages) noSuchListPage();
  // A tag as its posts write it ("AI Governance" for ai-governance).
  const tagLabel = query.tag ? page.items[0]?.tags.find((tag) => tagSlug(tag) === query.tag) : undefined;
  const withLabel = tagLabel ? { tagLabel } : {};
  return import.meta.env.SSR
    ? { ...page, items: page.items.map(postCardData), ...withLabel }
    : { ...page, ...withLabel };
}
