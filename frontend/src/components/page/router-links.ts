import type { MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';

/**
 * For a kept block's `onClick`: a plain left click on a same-origin link inside goes through the
 * router, as a `<Link>` would (a `<Link>` rendered in place handles its own click first).
 */
export function useRouterLinks(): (event: MouseEvent<HTMLElement>) => void {
  const navigate = useNavigate();
  return (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
    const anchor = (event.target as Element).closest('a');
    if (!anchor || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    if (anchor.origin !== window.location.origin) return;
    event.preventDefault();
    void navigate(`${anchor.pathname}${anchor.search}${anchor.hash}`);
  };
}
