import { limits, searchText, type PostPage, type PostSection } from '@northbeam/common';
import { loadJson } from '@/lib/api';
import type { LoaderRequest } from '@/app/data-router';

export interface ListQuery {
  section?: PostSection;
  search: string;
  page: number;
}

export function readListQuery(request: LoaderRequest, section?: PostSection): ListQuery {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  return { section, search: searchText(params.get('q') ?? '').slice(0, 200), page: Number.isFinite(page) && page > 0 ? page : 1 };
}

/** One page of published posts, searched on the server so the list never grows with the blog. */
export async function loadPostPage(context: unknown, query: ListQuery, pageSize: number = limits.blogPageSize): Promise<PostPage> {
  const params = new URLSearchParams({ page: String(query.page), pageSize: String(pageSize) });
  if (query.section) params.set('section', query.section);
  if (query.search) params.set('search', query.search);
  const page = await loadJson<PostPage>(context, `/api/posts?${params.toString()}`);
  if (!page) throw new Error('The post list answered without data');
  return page;
}
