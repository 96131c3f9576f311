import type { Config } from 'vike/types';

/**
 * Vike renders one catch-all page; React Router's data router owns routing inside it
 * (docs/adr/0002-react-router-inside-one-vike-page.md). The page has no onRenderClient: its
 * +client.tsx hydrates, so browsers download no Vike client runtime (Vike's "HTML-only" mode).
 */
export default {
  clientRouting: false,
  meta: {},
} satisfies Config;
