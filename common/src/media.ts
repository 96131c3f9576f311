/** The media library and its images as both sides see them (docs/product.md#media). */
import { mediaLimits } from './limits.js';

export const mediaFormats = ['jpeg', 'png', 'webp', 'avif', 'gif'] as const;
export type MediaFormat = (typeof mediaFormats)[number];

/** The file extension of each format in a variant URL (`/media/{id}/{width}.{extension}`). */
export const mediaExtensions: Record<MediaFormat, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  avif: 'avif',
  gif: 'gif',
};

export const mediaContentTypes: Record<MediaFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
};

export type MediaVariantWidth = (typeof mediaLimits.variantWidths)[number];

/** What a page needs to show a library image: its address, alt text and size (no layout shift). */
export interface MediaImage {
  id: string;
  alt: string;
  width: number;
  height: number;
  format: MediaFormat;
}

/** A row of `/admin/media`. */
export interface MediaItem extends MediaImage {
  filename: string;
  /** Bytes of the stored original (metadata stripped). */
  size: number;
  uploadedBy: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A row of the media library's list: the image and every place that shows it, as a person reads it. */
export interface MediaListItem extends MediaItem {
  usedIn: string[];
}

export interface UpdateMediaRequest {
  alt: string;
}

export function mediaVariantUrl(id: string, width: MediaVariantWidth, format: MediaFormat): string {
  return `/media/${id}/${width}.${mediaExtensions[format]}`;
}

/**
 * The variants of an image as `srcset` candidates: every listed width below the original, then
 * one at the original's own width (served by the first listed width at or above it: images are never
 * upscaled, docs/product.md#media).
 */
export function mediaSrcSet(image: Pick<MediaImage, 'id' | 'width'>, format: MediaFormat): string {
  const candidates: string[] = [];
  for (const width of mediaLimits.variantWidths) {
    if (width < image.width) candidates.push(`${mediaVariantUrl(image.id, width, format)} ${width}w`);
    else {
      candidates.push(`${mediaVariantUrl(image.id, width, format)} ${image.width}w`);
      break;
    }
  }
  return candidates.join(', ');
}

/** Height of the image shown at `width`, keeping its proportions. */
export function mediaHeightAt(image: Pick<MediaImage, 'width' | 'height'>, width: number): number {
  return Math.max(1, Math.round((image.height * width) / image.width));
}

/** The format a social card or a crawler gets: the original's when every reader takes it, else WebP. */
export function mediaSharedFormat(format: MediaFormat): MediaFormat {
  return format === 'jpeg' || format === 'png' || format === 'gif' ? format : 'webp';
}

const mediaPathPattern = /^\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/\d+\.[a-z]+$/i;

/** The library id of an image address `/media/{id}/{width}.{format}` (also absolute on this site), or undefined. */
export function mediaIdOfUrl(url: string): string | undefined {
  const path = url.replace(/^https?:\/\/[^/]+/i, '').split(/[?#]/)[0];
  return mediaPathPattern.exec(path)?.[1]?.toLowerCase();
}

/** `/media/{id}/{width}.{format}` with a real id (UUID syntax, any case): a relative library address. */
export function isMediaPath(value: string): boolean {
  return mediaPathPattern.test(value);
}

/**
 * Whether a path of this site is either off the media library or a library address with a real id:
 * anything else under `/media/` (`/media/------------------------------------/1.png`) names no image
 * and is refused. Web addresses of other sites pass.
 */
export function isMediaAddressWellFormed(url: string): boolean {
  return !/^\/media\//i.test(url) || isMediaPath(url.split(/[?#]/)[0]);
}

/** A library address with its id in lower case, as it is stored (uses are found by id); others as given. */
export function normaliseMediaAddress(url: string): string {
  return url.replace(
    /^((?:https?:\/\/[^/]+)?\/media\/)([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?=\/)/i,
    (_match, prefix: string, id: string) => `${prefix}${id.toLowerCase()}`,
  );
}

/** Every library id a markdown text shows as an image or links to (`/media/{id}/…`). */
export function mediaIdsInMarkdown(markdown: string): string[] {
  const ids = new Set<string>();
  for (const match of markdown.matchAll(
    /\/media\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\//gi,
  )) {
    ids.add(match[1].toLowerCase());
  }
  return [...ids];
}

/** The markdown that shows a library image in a post body. */
export function mediaMarkdown(image: Pick<MediaImage, 'id' | 'alt'>): string {
  const alt = image.alt.replace(/[[\]\\]/g, (character) => `\\${character}`);
  return `![${alt}](${mediaVariantUrl(image.id, 1280, 'webp')})`;
}

/** The header an upload carries (the cross-site guard takes multipart only with it); lower-case name. */
export const mediaUploadHeader = { name: 'x-requested-with', value: 'northbeam-upload' } as const;
