import { describe, expect, it } from 'vitest';
import { fixedSitePaths, recordSitePaths, reservedSitePrefixes } from '@northbeam/common';
import type { AppRoute } from './data-router';
import { routes } from './routes';

/** Every full path of the table, parameters kept as `:name`. */
function paths(table: AppRoute[], parent = ''): string[] {
  return table.flatMap((route) => {
    const own = route.path === undefined ? parent : `${parent.replace(/\/$/, '')}/${route.path.replace(/^\//, '')}`;
    return [...(route.path !== undefined ? [own || '/'] : []), ...paths(route.children ?? [], own)];
  });
}

describe('the route table', () => {
  it('lists only pages the redirect rules know the site answers (common/src/site-routes.ts)', () => {
    const known = new Set<string>([...fixedSitePaths, ...recordSitePaths]);
    const unknown = paths(routes).filter(
      (path) => path !== '/*' && !known.has(path) && !reservedSitePrefixes.some((prefix) => path.startsWith(prefix)),
    );
    expect(unknown).toEqual([]);
  });
});
