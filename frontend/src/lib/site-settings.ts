import { fallbackPublicSiteSettings, type PublicSiteSettings } from '@northbeam/common';
import { useMatches } from '@/app/data-router';
import { loadJson } from '@/lib/api';

/**
 * The site settings every public page shows (contact details, links, client logos): the root
 * route's data. On the server the loader reads them through the memoised public API (once per
 * content version, not per request); a failed read shows the built-in values rather than no page.
 */
export async function loadSiteSettings(context: unknown): Promise<PublicSiteSettings> {
  try {
    return (await loadJson<PublicSiteSettings>(context, '/api/site-settings')) ?? fallbackPublicSiteSettings;
  } catch {
    return fallbackPublicSiteSettings;
  }
}

/** The settings in the root route's data (the built-in values where it has none). */
export function siteSettingsOf(rootData: unknown): PublicSiteSettings {
  return (rootData as PublicSiteSettings | undefined) ?? fallbackPublicSiteSettings;
}

export function useSiteSettings(): PublicSiteSettings {
  const [root] = useMatches();
  return siteSettingsOf(root?.data);
}

/** A phone number as a `tel:` address. */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[\s()-]+/g, '')}`;
}
