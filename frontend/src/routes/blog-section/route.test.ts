import { describe, expect, it } from 'vitest';
import { handle as blogHandle } from '../blog/route';
import { handle as sectionHandle } from './route';

const publicUrl = 'https://northbeam.example';

function headOf(handle: typeof sectionHandle | typeof blogHandle, pathname: string, page: number) {
  const data = { query: { search: '', page }, page: { items: [], total: 0, page, pageSize: 15 } };
  return handle.head!({ data: data as never, params: {}, pathname, publicUrl });
}

describe('canonical address of a paginated list', () => {
  it.each([
    ['/blog', blogHandle],
    ['/blog/labs', sectionHandle],
    ['/blog/consulting', sectionHandle],
  ] as const)('%s: each page is canonical to itself, the first without ?page=1', (path, handle) => {
    expect(headOf(handle, path, 1).canonicalPath).toBe(path);
    expect(headOf(handle, path, 2).canonicalPath).toBe(`${path}?page=2`);
    expect(headOf(handle, path, 7).canonicalPath).toBe(`${path}?page=7`);
  });
});
