import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { fullTitle } from '@/app/head';
import { recordPageView } from '@/lib/page-views';

/**
 * Sets the document title from a view whose data arrived after its route (a page that loaded behind
 * a skeleton): the route's head was worked out before the data was there. The page view is
 * recorded now, with this title (once per path: `recordPageView`).
 */
export function useDocumentTitle(title: string): void {
  const { pathname } = useLocation();
  useEffect(() => {
    document.title = fullTitle({ title, description: '' });
    recordPageView(pathname);
  }, [title, pathname]);
}
