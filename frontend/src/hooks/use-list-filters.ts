import { useCallback, useEffect, useRef, useState } from 'react';
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
  // Leaving for another page (a row opened): a late filter change, such as a search typed just
  // before the click, must not pull the visitor back to the list.
  const leaving =
    navigation.state !== 'idle' &&
    navigation.location !== undefined &&
    navigation.location.pathname !== location.pathname;
  const { pathname } = location;
  const search = pending?.search ?? location.search;
  const params = new URLSearchParams(location.search);
  const setFilters = useCallback(
    (changes: Record<string, string | undefined>) => {
      if (leaving) return;
      const next = new URLSearchParams(search);
      for (const [name, value] of Object.entries(changes)) {
        if (value) next.set(name, value);
        else next.delete(name);
      }
      next.delete('page');
      const query = next.toString();
      void navigate(query ? `${pathname}?${query}` : pathname, { replace: true, preventScrollReset: true });
    },
    [navigate, pathname, search, leaving],
  );
  return { params, setFilters };
}

/**
 * The search box of a list: what is typed goes to the address (`q`) after a short pause, without a
 * history entry per letter; a search changed elsewhere (Clear filters, Back) replaces what is typed.
 */
export function useListSearch(
  params: URLSearchParams,
  setFilters: (changes: Record<string, string | undefined>) => void,
) {
  const addressQuery = params.get('q') ?? '';
  const [query, setQuery] = useState(addressQuery);
  const sent = useRef(addressQuery);
  useEffect(() => {
    if (addressQuery === sent.current) return;
    sent.current = addressQuery;
    setQuery(addressQuery);
  }, [addressQuery]);
  const search = useCallback(
    (text: string) => {
      sent.current = text;
      setFilters({ q: text || undefined });
    },
    [setFilters],
  );
  useEffect(() => {
    if (query.trim() === addressQuery) return;
    const timer = setTimeout(() => search(query.trim()), 350);
    return () => clearTimeout(timer);
  }, [query, addressQuery, search]);
  return { query, setQuery, submit: () => search(query.trim()) };
}

/**
 * The filters of an admin list screen by name: the address's values, their setter, the search box
 * (`q`), whether any is set, and their clearing.
 */
export function useListScreenFilters(names: readonly string[]) {
  const { params, setFilters } = useListFilters();
  const search = useListSearch(params, setFilters);
  const filtered = names.some((name) => params.get(name));
  const clear = () => setFilters(Object.fromEntries(names.map((name) => [name, undefined])));
  return { params, setFilters, search, filtered, clear };
}
