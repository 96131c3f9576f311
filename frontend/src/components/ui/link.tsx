import type { ComponentProps } from 'react';
import { Link as RouterLink, NavLink as RouterNavLink } from 'react-router-dom';

/*
 * React Router's links, without route discovery. Discovery (a `data-discover` attribute on every
 * link, for framework mode's lazy route manifest) has nothing to find here: the routes are declared
 * up front and our own data layer loads them (docs/adr/0002), so every link would carry the
 * attribute for nothing. The app imports `Link` and `NavLink` from here, never from the router.
 */

export function Link(props: ComponentProps<typeof RouterLink>) {
  return <RouterLink discover="none" {...props} />;
}

export function NavLink(props: ComponentProps<typeof RouterNavLink>) {
  return <RouterNavLink discover="none" {...props} />;
}
