import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useNavigation } from '@/app/data-router';

/**
 * The filters of a server-paginated admin list live in the address (bookmarkable). Changing one
 * goes back to page 1, replaces the history entry and keeps the scroll position; the route's loader
 * fetches the new page.
 */
export function useListFilters() {
  const location = useLocation();
  const navigation = useNavigation();
  const navigate = useNavigate();
  // A filter changed while the previous change is still loading builds on that one, not on the address it leaves.
  const pending =
    navigation.state === 'loading' && navigation.location?.pathname === location.pathname
      ? navigation.location
      : undefined;
  const { pathname } = location;
  const search = pending?.search ?? location.search;
  const params = new URLSearchParams(location.search);
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
