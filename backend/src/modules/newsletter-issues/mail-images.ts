import { mediaExtensions, newsletterIssueLimits, type MediaFormat } from '@northbeam/common';
import { escapeHtml } from '../mail/mail-layout.js';
import type { MailImageRow } from './newsletter-issues.repository.js';

/** Library images by (lower-case) id. */
export type MailImages = ReadonlyMap<string, MailImageRow>;

/** An image as a mail shows it: an absolute address of a JPEG, PNG or GIF variant, and its size in the mail. */
export interface MailImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

const mediaPath = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//i;

/**
 * Mail clients show JPEG, PNG and GIF; Outlook on the desktop shows neither WebP nor AVIF. A JPEG,
 * PNG or GIF original is sent in its own format, a WebP or AVIF one as JPEG.
 */
export function mailFormat(format: MediaFormat): MediaFormat {
  return format === 'webp' || format === 'avif' ? 'jpeg' : format;
}

/** The variant width a mail loads: twice the column for sharp screens (the media variants never upscale). */
const mailVariantWidth = 1280;

/** The library image id of a `/media/{id}/…` address (relative, or absolute on the site); else undefined. */
export function mediaIdOf(url: string, siteUrl: string): string | undefined {
  let path = url.trim();
  if (path.toLowerCase().startsWith(siteUrl.toLowerCase())) path = path.slice(siteUrl.length);
  return mediaPath.exec(path)?.[1].toLowerCase();
}

/** The ids of the library images a markdown text shows or links. */
export function mediaIdsIn(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(/\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//gi))
    ids.add(match[1].toLowerCase());
  return [...ids];
}

/** A library image at most `maxWidth` pixels wide in the mail (never wider than the original), in a mail-safe format. */
export function mailImage(row: MailImageRow, siteUrl: string, maxWidth: number): MailImage {
  const width = Math.min(maxWidth, row.width);
  return {
    src: `${siteUrl}/media/${row.id}/${mailVariantWidth}.${mediaExtensions[mailFormat(row.format)]}`,
    alt: row.alt,
    width,
    height: Math.max(1, Math.round((row.height * width) / row.width)),
  };
}

/** An `<img>` for mail: sized, block, shrinking with a narrow screen. */
export function imageTag(image: MailImage, style = ''): string {
  return `<img src="${escapeHtml(image.src)}" alt="${escapeHtml(image.alt)}" width="${image.width}" height="${image.height}" style="display:block;width:100%;max-width:${image.width}px;height:auto;border:0;${style}">`;
}

/** The body column's width: the mail's width less its padding. */
export const bodyImageWidth = newsletterIssueLimits.mailWidth - 64;

/**
 * A markdown image of the library as a mail-safe `<img>`; an unknown library id becomes its alt
 * text; undefined when the address is not the library's (left to the markdown renderer).
 */
export function mailImageTag(url: string, alt: string, siteUrl: string, images: MailImages): string | undefined {
  const id = mediaIdOf(url, siteUrl);
  if (!id) return undefined;
  const row = images.get(id);
  if (!row) return escapeHtml(alt);
  return imageTag(
    { ...mailImage(row, siteUrl, bodyImageWidth), alt: alt || row.alt },
    'margin:0 0 16px;border-radius:8px',
  );
}
