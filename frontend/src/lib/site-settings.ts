import { fallbackPublicSiteSettings, type PublicSiteSettings } from '@northbeam/common';
import { useMatches } from '@/app/data-router';
import { loadJson } from '@/lib/api';
import type { Kept } from '@/components/page/server-html';

/** The site settings without what only some pages show (the client logos). */
type ServerFrameSettings = Omit<PublicSiteSettings, 'clientLogos'>;

/**
 * The site settings the frame and many pages show (contact details, links): the root route's data,
 * which every page's hydration data carries. The client logos are not among them: only the pages
 * that show them load them (`loadClientLogos`), so that no other page sends them. Only the footer (a
 * kept block) shows the social and studio links: in the browser they may be its stand-in
 * (components/page/server-html.ts, "Sent once"), so the Immersive page, which lists the studios,
 * loads them itself (`loadStudios`) and keeps its copy in its data (`readInBrowser`).
 */
export type FrameSettings = Omit<ServerFrameSettings, 'social' | 'studios'> & {
  social: Kept<PublicSiteSettings['social']>;
  studios: Kept<PublicSiteSettings['studios']>;
};

/**
 * The site settings as the public API gives them. On the server a loader reads them through the
 * memoised public API (once per content version, not per request); a failed read shows the built-in
 * values rather than no page.
 */
async function loadPublicSettings(context: unknown): Promise<PublicSiteSettings> {
  try {
    return (await loadJson<PublicSiteSettings>(context, '/api/site-settings')) ?? fallbackPublicSiteSettings;
  } catch {
    return fallbackPublicSiteSettings;
  }
}

/** The root route's data: the settings without the client logos. */
export async function loadSiteSettings(context: unknown): Promise<FrameSettings> {
  return frameSettings(await loadPublicSettings(context));
}

/** The settings without what only some pages show (the client logos). */
export function frameSettings(settings: PublicSiteSettings): ServerFrameSettings {
  const { clientLogos: _logos, ...frame } = settings;
  return frame;
}

/** The studios, for a page that lists them (the Immersive page's loader). */
export async function loadStudios(context: unknown): Promise<PublicSiteSettings['studios']> {
  return (await loadPublicSettings(context)).studios;
}

/** The client logos, for a page that shows them (the home and Consulting pages' loaders). */
export async function loadClientLogos(context: unknown): Promise<PublicSiteSettings['clientLogos']> {
  return (await loadPublicSettings(context)).clientLogos;
}

/** The settings in the root route's data (the built-in values where it has none). */
export function siteSettingsOf(rootData: unknown): FrameSettings {
  return (rootData as FrameSettings | undefined) ?? frameSettings(fallbackPublicSiteSettings);
}

/**
 * Server: the settings in the root route's data, every value real (stand-ins are put into the
 * hydration data's text after the render, never into the data itself).
 */
export function serverSiteSettingsOf(rootData: unknown): ServerFrameSettings {
  return (rootData as ServerFrameSettings | undefined) ?? frameSettings(fallbackPublicSiteSettings);
}

export function useSiteSettings(): FrameSettings {
  const [root] = useMatches();
  return siteSettingsOf(root?.data);
}

/** A phone number as a `tel:` address. */
export function telephoneHref(phone: string): string {
  return `tel:${phone.replace(/[\s()-]+/g, '')}`;
}
