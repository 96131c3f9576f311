/** The page number of a list address (1 when absent or not a positive whole number). */
export function pageParam(url: URL): number {
  const page = Number(url.searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** The API query of a server-paginated list: the page and the named filters the address carries. */
export function listQuery(url: URL, filters: readonly string[]): string {
  const query = new URLSearchParams();
  const page = pageParam(url);
  if (page > 1) query.set('page', String(page));
  for (const name of filters) {
    const value = url.searchParams.get(name)?.trim();
    if (value) query.set(name, value);
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}
