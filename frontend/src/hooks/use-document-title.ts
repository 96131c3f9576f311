import { useEffect } from 'react';
import { fullTitle } from '@/app/head';

/**
 * Sets the document title from a view whose data arrived after its route (a page that loaded behind
 * a skeleton): the route's head was worked out before the data was there.
 */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = fullTitle({ title, description: '' });
  }, [title]);
}
