import type { ListPage } from '@northbeam/common';

/**
 * Page `page` (from 1) of a list of `pageSize` rows: `fetch` answers the rows from an offset and
 * the total, `map` turns a row into what the response lists.
 */
export async function listPage<Row, Item>(
  page: number,
  pageSize: number,
  fetch: (offset: number, limit: number) => Promise<[Row[], number]>,
  map: (row: Row) => Item,
): Promise<ListPage<Item>> {
  const [rows, total] = await fetch((page - 1) * pageSize, pageSize);
  return { items: rows.map(map), total, page, pageSize };
}
