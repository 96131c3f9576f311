import type { Config } from 'vike/types';

/**
 * Vike renders one catch-all page; React Router's data router owns routing inside it
 * (docs/adr/0002-react-router-inside-one-vike-page.md).
 */
export default {
  clientRouting: false,
  passToClient: ['routerHydration'],
  meta: {},
} satisfies Config;
