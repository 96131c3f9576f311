import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

/**
 * The filters of a server-paginated admin list live in the address (bookmarkable). Changing one
 * goes back to page 1, replaces the history entry and keeps the scroll position; the route's loader
 * fetches the new page.
 */
export function useListFilters() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const params = new URLSearchParams(search);
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>) => {
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
      const query = next.toString();
      void navigate(query ? `${pathname}?${query}` : pathname, { replace: true, preventScrollReset: true });
    },
    [navigate, pathname, search],
  );
  return { params, setFilters };
}
