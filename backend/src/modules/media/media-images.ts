import { HttpStatus } from '@nestjs/common';
import sharp from 'sharp';
import type { Metadata, Sharp } from 'sharp';
import { mediaContentTypes, mediaLimits, mediaMessages, type MediaFormat } from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';

/** An upload made safe to keep: its format as read from the bytes, its size, and the bytes without metadata. */
export interface PreparedImage {
  format: MediaFormat;
  width: number;
  height: number;
  body: Buffer;
}

/** SVG is text: it is refused by its opening, whatever the name or the declared type says. */
function looksLikeSvg(bytes: Buffer): boolean {
  const head = bytes
    .subarray(0, 2048)
    .toString('utf8')
    .replace(/^\uFEFF/, '')
    .trimStart()
    .toLowerCase();
  return head.startsWith('<') && head.includes('<svg');
}

/** The library's format of what sharp read from the bytes (its own magic-number detection), or undefined. */
function formatOf(metadata: Metadata): MediaFormat | undefined {
  const format = metadata.format;
  if (format === 'jpeg' || format === 'png' || format === 'webp' || format === 'gif') return format;
  // HEIF holds AVIF (AV1) and HEIC (HEVC): only AVIF is a web format.
  if (format === 'heif' && metadata.compression === 'av1') return 'avif';
  return undefined;
}

const animatedFormats = new Set<MediaFormat>(['gif', 'webp']);

function open(bytes: Buffer, animated: boolean): Sharp {
  return sharp(bytes, { limitInputPixels: mediaLimits.maxPixels, animated, failOn: 'error' });
}

/** Encoders of stored originals: near-lossless, so that variants are made from a good copy. */
function encodeOriginal(image: Sharp, format: MediaFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 92 });
    case 'png':
      return image.png();
    case 'webp':
      return image.webp({ quality: 92 });
    case 'avif':
      return image.avif({ quality: 75, effort: 3 });
    case 'gif':
      return image.gif();
  }
}

/**
 * Checks an upload by its bytes (never its name or declared type) and re-encodes it without its
 * metadata: EXIF (GPS position, camera, owner), XMP, IPTC and ICC comments are dropped, the EXIF
 * orientation is applied to the pixels first. Refusals: SVG and anything not JPEG, PNG, WebP, AVIF
 * or GIF (415), more pixels than the limit (413), an animation of more frames than the limit or more
 * pixels across its frames (413).
 */
export async function prepareUpload(bytes: Buffer): Promise<PreparedImage> {
  if (looksLikeSvg(bytes)) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, mediaMessages.svgRefused);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, mediaMessages.typeRefused);
  }
  if (metadata.format === 'svg') throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, mediaMessages.svgRefused);
  const format = formatOf(metadata);
  if (!format) throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, mediaMessages.typeRefused);
  const width = metadata.width ?? 0;
  const pageHeight = metadata.pageHeight ?? metadata.height ?? 0;
  if (width * pageHeight > mediaLimits.maxPixels)
    throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, mediaMessages.tooManyPixels);
  const frames = metadata.pages ?? 1;
  const animated = animatedFormats.has(format) && frames > 1;
  // Read from the header alone: refused before a single frame is decoded.
  if (animated && (frames > mediaLimits.maxFrames || frames * width * pageHeight > mediaLimits.maxPixels))
    throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, mediaMessages.tooManyFrames);
  try {
    let image = open(bytes, animated);
    if (!animated) image = image.autoOrient();
    const { data, info } = await encodeOriginal(image, format).toBuffer({ resolveWithObject: true });
    return { format, width: info.width, height: animated ? (info.pageHeight ?? info.height) : info.height, body: data };
  } catch {
    throw new ApiError(HttpStatus.UNSUPPORTED_MEDIA_TYPE, mediaMessages.unreadable);
  }
}

/**
 * Encoders of variants: sized for pages, modern formats first. The encoders' lowest efforts: a
 * 12-megapixel upload's fifteen variants took ~4 s at AVIF effort 2 and WebP effort 4 on two cores,
 * ~2 s like this, for somewhat larger files (docs/product.md#budgets: under 3 s).
 */
function encodeVariant(image: Sharp, format: MediaFormat): Sharp {
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: 80, progressive: true, mozjpeg: true });
    case 'png':
      return image.png({ compressionLevel: 8 });
    case 'webp':
      return image.webp({ quality: 78, effort: 2 });
    case 'avif':
      return image.avif({ quality: 55, effort: 0 });
    case 'gif':
      return image.gif();
  }
}

/** Raw pixels of an image, as sharp reads and writes them. */
export interface ImagePixels {
  data: Buffer;
  width: number;
  height: number;
  channels: 1 | 2 | 3 | 4;
}

/** Whether a variant keeps the original's animation: GIF or WebP made from a GIF or WebP. */
function keepsAnimation(originalFormat: MediaFormat, format: MediaFormat): boolean {
  return animatedFormats.has(originalFormat) && animatedFormats.has(format);
}

/** The widest variant: a working copy at this width makes every variant of an image. */
const widestVariant = Math.max(...mediaLimits.variantWidths);
/** A working copy larger than this (an extreme aspect ratio) is not made: each variant reads the original instead. */
const workingCopyMaxBytes = 32 * 1024 * 1024;

/**
 * Whether an image's variants come from a working copy: not when a variant keeps the original's
 * animation, nor when the copy would be too large to hold.
 */
export function madeFromWorkingCopy(
  original: { format: MediaFormat; width: number; height: number },
  format: MediaFormat,
): boolean {
  if (keepsAnimation(original.format, format)) return false;
  const width = Math.min(original.width, widestVariant);
  const height = Math.ceil((original.height * width) / original.width);
  return width * height * 4 <= workingCopyMaxBytes;
}

/**
 * A stored original decoded once, at the widest variant's width at most (first frame only), as raw
 * pixels. Decoding a 12-megapixel original costs more than resizing this copy to every width and
 * encoding a format of it, so every variant of an image is made from one copy (docs/product.md#budgets:
 * every variant of a 12-megapixel upload within 3 s). The smaller widths are resized from the copy,
 * not from the original: a second reduction by Lanczos, invisible at these sizes.
 */
export async function makeWorkingCopy(original: Buffer): Promise<ImagePixels> {
  const { data, info } = await open(original, false)
    .resize({ width: widestVariant, withoutEnlargement: true })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** A variant from an image's working copy (see `makeWorkingCopy`), `width` pixels wide at most. */
export async function variantFromCopy(
  copy: ImagePixels,
  width: number,
  format: MediaFormat,
): Promise<{ body: Buffer; contentType: string }> {
  const { data, channels } = copy;
  let image = sharp(data, { raw: { width: copy.width, height: copy.height, channels } });
  if (width < copy.width) image = image.resize({ width });
  // JPEG has no transparency: see-through pixels go on white, as a mail's page is.
  if (format === 'jpeg' && (channels === 2 || channels === 4)) image = image.flatten({ background: '#ffffff' });
  const body = await encodeVariant(image, format).toBuffer();
  return { body, contentType: mediaContentTypes[format] };
}

/**
 * A variant made from the stored original itself: `width` pixels wide at most, never wider than the
 * original (no upscaling), in `format`. Animation survives into GIF and WebP; AVIF gets the first frame.
 */
export async function makeVariant(
  original: Buffer,
  originalFormat: MediaFormat,
  width: number,
  format: MediaFormat,
): Promise<{ body: Buffer; contentType: string }> {
  let image = open(original, keepsAnimation(originalFormat, format)).resize({ width, withoutEnlargement: true });
  // JPEG has no transparency: a transparent WebP or AVIF goes on white, as a mail's page is.
  if (format === 'jpeg' && originalFormat !== 'jpeg') image = image.flatten({ background: '#ffffff' });
  const body = await encodeVariant(image, format).toBuffer();
  return { body, contentType: mediaContentTypes[format] };
}
