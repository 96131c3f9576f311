/**
 * Site settings (docs/product.md#site-settings): what staff change on `/admin/settings` without a
 * deploy. The brand name and the legal entity stay in `site.ts`; everything here starts from the
 * values of `site.ts` and `clients.ts` (and, for the mailboxes, the server's environment) until a
 * staff member saves the settings.
 */
import { clientLogoWidths } from './client-logo-widths.js';
import { clients } from './clients.js';
import { site } from './site.js';

/** The social networks the footer has an icon for, in footer order. */
export const socialNetworks = ['LinkedIn', 'X', 'Facebook', 'Pinterest', 'YouTube', 'Instagram'] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

export type ClientLogoSlug = keyof typeof clientLogoWidths;
export const builtInClientLogos = Object.keys(clientLogoWidths) as ClientLogoSlug[];
/** Width of each shipped logo drawing at 48 px high. */
export const builtInClientLogoWidths: Record<ClientLogoSlug, number> = clientLogoWidths;

export interface SiteProductSetting {
  name: string;
  description: string;
  href: string;
}

export interface SiteStudioSetting {
  /** Fixed: the analytics of outbound studio visits name it. */
  id: 'simulation_creation' | 'fooh_studios';
  name: string;
  blurb: string;
  href: string;
}

/** A logo of the marquee: an image of the media library, or one of the drawings shipped with the site. */
export interface ClientLogoSetting {
  name: string;
  mediaId: string | null;
  builtIn: ClientLogoSlug | null;
}

/**
 * The playbook PDF uploaded on `/admin/settings`, kept in the media storage; the gated download
 * (docs/product.md#playbook) hands it out from `playbookDocumentPath`. Without one the download is
 * the playbook shipped with the site (PLAYBOOK_URL).
 */
export interface PlaybookDocumentSetting {
  id: string;
  fileName: string;
  bytes: number;
  uploadedAt: string;
  uploadedByName: string | null;
}

/** Where the uploaded playbook is served: one address for every upload, so that a link mailed earlier gets the current one. */
export const playbookDocumentPath = '/api/playbook/document';

/** The settings as a visitor's page reads them (no mailboxes). */
export interface PublicSiteSettings {
  email: string;
  privacyEmail: string;
  phone: string;
  /** Networks with an address, in footer order; a network left blank has no icon. */
  social: { name: SocialNetwork; href: string }[];
  products: SiteProductSetting[];
  studios: SiteStudioSetting[];
  playbookUrl: string;
  /** The marquee's logos in order, each with its image address and width at 48 px high. */
  clientLogos: { name: string; src: string; width: number }[];
}

/** The settings as staff edit them. */
export interface SiteSettings {
  email: string;
  privacyEmail: string;
  phone: string;
  social: Record<SocialNetwork, string>;
  products: SiteProductSetting[];
  studios: SiteStudioSetting[];
  /** Where the gated download leads: the uploaded document, else the shipped playbook. Not edited: follows the upload. */
  playbookUrl: string;
  /** The uploaded playbook; null while the shipped one is used. Changed by its own upload, not by saving the form. */
  playbookDocument: PlaybookDocumentSetting | null;
  clientLogos: ClientLogoSetting[];
  /** Where contact-form enquiries are mailed (an enquiry route for its service wins). */
  enquiryInbox: string;
  /** Where privacy requests are mailed. */
  privacyInbox: string;
  updatedAt: string | null;
  updatedByName: string | null;
}

export type SiteSettingsInput = Omit<SiteSettings, 'updatedAt' | 'updatedByName' | 'playbookUrl' | 'playbookDocument'>;

export const siteSettingsLimits = {
  nameMax: 60,
  descriptionMax: 160,
  urlMax: 500,
  phoneMax: 30,
  clientLogosMax: 24,
  /** The playbook PDF: at most 20 MB. */
  playbookMaxBytes: 20 * 1024 * 1024,
};

export const siteSettingsMessages = {
  emailInvalid: 'Please enter a valid email address',
  phoneInvalid: 'Enter a phone number of digits, spaces and an optional leading + (at most 30 characters)',
  urlInvalid: 'Enter a web address starting with https:// or http://',
  nameRequired: 'Enter a name',
  nameTooLong: `Names must be ${siteSettingsLimits.nameMax} characters or less`,
  descriptionTooLong: `Descriptions must be ${siteSettingsLimits.descriptionMax} characters or less`,
  productsCount: 'Give exactly two products',
  studiosCount: 'Give exactly the two studios',
  studioUnknown: 'The studios are Simulation Creation and Fooh Studios',
  logosTooMany: `Show at most ${siteSettingsLimits.clientLogosMax} client logos`,
  logoImage: 'Choose an image from the media library for each logo',
  logoNotFound: 'A chosen logo image is no longer in the media library',
  saved: 'Settings saved',
  playbookMissing: 'Choose a PDF file to upload',
  playbookNotPdf: 'The playbook must be a PDF file',
  playbookTooLarge: `The playbook must be ${siteSettingsLimits.playbookMaxBytes / (1024 * 1024)} MB or smaller`,
  playbookUploaded: 'Playbook uploaded: the download now hands it out',
  playbookReset: 'The download hands out the shipped playbook again',
};

/** The two mailboxes of the settings, as the activity log and the notices of a change name them. */
export const siteMailboxLabels = { enquiryInbox: 'Enquiry mailbox', privacyInbox: 'Privacy mailbox' } as const;
export type SiteMailbox = keyof typeof siteMailboxLabels;

const phonePattern = /^\+?[0-9][0-9 ()-]{5,28}$/;

export function isSettingsPhone(value: string): boolean {
  return value.length <= siteSettingsLimits.phoneMax && phonePattern.test(value);
}

/** A web address for a public link: http(s), no spaces, at most 500 characters. */
export function isSettingsUrl(value: string): boolean {
  return value.length <= siteSettingsLimits.urlMax && /^https?:\/\/[a-z0-9.-]+(:\d+)?([/?#]\S*)?$/i.test(value);
}

/** The settings before anyone saved them: the brand facts of the code, with the server's mailboxes. */
export function defaultSiteSettings(mailboxes: {
  enquiryInbox: string;
  privacyInbox: string;
  playbookUrl: string;
}): SiteSettings {
  const social = Object.fromEntries(socialNetworks.map((name) => [name, ''])) as Record<SocialNetwork, string>;
  for (const link of site.social) social[link.name] = link.href;
  return {
    email: site.email,
    privacyEmail: site.privacyEmail,
    phone: site.phone,
    social,
    products: site.products.map((product) => ({ ...product })),
    studios: site.studios.map((studio) => ({ ...studio })),
    playbookUrl: mailboxes.playbookUrl,
    playbookDocument: null,
    clientLogos: clients.map((client) => ({
      name: client.name,
      mediaId: null,
      builtIn: client.logo.replace(/^\/images\/clients\/|\.svg$/g, '') as ClientLogoSlug,
    })),
    enquiryInbox: mailboxes.enquiryInbox,
    privacyInbox: mailboxes.privacyInbox,
    updatedAt: null,
    updatedByName: null,
  };
}

/** The built-in public settings, for a page rendered before (or without) the server's answer. */
export const fallbackPublicSiteSettings: PublicSiteSettings = {
  email: site.email,
  privacyEmail: site.privacyEmail,
  phone: site.phone,
  social: site.social.map((link) => ({ name: link.name, href: link.href })),
  products: site.products.map((product) => ({ ...product })),
  studios: site.studios.map((studio) => ({ ...studio })),
  playbookUrl: '',
  clientLogos: clients.map((client) => ({ name: client.name, src: client.logo, width: client.width })),
};

/** Redirects made by hand on `/admin/redirects` (docs/product.md#redirects). */
export interface RedirectItem {
  id: string;
  fromPath: string;
  toPath: string;
  hits: number;
  lastHitAt: string | null;
  createdAt: string;
  createdByName: string | null;
  /** What the staff member who asked may do with this redirect (`redirectActions`). */
  actions: RedirectAction[];
}

export const redirectActionNames = ['add', 'remove'] as const;
export type RedirectAction = (typeof redirectActionNames)[number];

/** A slug-change redirect of a post, listed beside the hand-made ones (read-only). */
export interface PostRedirectItem {
  fromPath: string;
  toPath: string;
  postTitle: string;
  createdAt: string;
}

export const redirectLimits = { pathMax: 500, pageSize: 15 };

/**
 * A redirect's web address target: http(s), a host of dot-separated labels (letters, digits, inner
 * hyphens) or an IPv4 address, an optional port from 1 to 65535, then an optional path, query or
 * fragment without spaces. `http://`, `http://./x` and `https://host:99999/` are refused.
 */
export function isRedirectWebAddress(value: string): boolean {
  const match = /^https?:\/\/([^/?#:\s]+)(?::(\d{1,5}))?([/?#]\S*)?$/i.exec(value);
  if (!match) return false;
  const [, host, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  if (host.length > 253) return false;
  return host.split('.').every((label) => /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i.test(label));
}

export const redirectMessages = {
  fromInvalid: 'The old path must be a path on this site starting with /',
  toInvalid: 'The new path must be a path on this site starting with /, or a web address starting with https://',
  toAddressInvalid:
    'That web address has no valid host or port: give a full address such as https://example.com/page (ports 1 to 65535)',
  same: 'The old and the new path must differ',
  livePage: 'That path is a live page of the site: a redirect would hide it',
  liveFile: 'That path is a file the site serves (its logo, icons, images or downloads): a redirect would hide it',
  exists: 'A redirect from that path exists already',
  loop: 'That redirect would lead back to its own old path',
  notFound: 'Redirect not found',
  created: 'Redirect added',
  deleted: 'Redirect removed',
};
