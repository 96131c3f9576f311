import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import {
  mediaExtensions,
  mediaLimits,
  mediaMessages,
  type ListPage,
  type MediaFormat,
  type MediaImage,
  type MediaItem,
  type MediaListItem,
  type StaffUser,
} from '@northbeam/common';
import { ApiError } from '../../core/http/api-error.js';
import { globalSurrogateKey } from '../../core/http/cdn-cache.js';
import { boundedCache } from '../../core/cache/bounded-cache.js';
import { ActivityService } from '../activity/activity.service.js';
import { ContentVersionService } from '../content-version/content-version.service.js';
import { mapMediaImage, mapMediaItem, type ListMediaQueryDto } from './dto/media.dto.js';
import type { MediaEntity } from './entities/media.entity.js';
import {
  madeFromWorkingCopy,
  makeVariant,
  makeWorkingCopy,
  prepareUpload,
  variantFromCopy,
  type ImagePixels,
} from './media-images.js';
import { MediaStorage, type StoredMediaObject } from './media-storage.js';
import { MediaRepository } from './media.repository.js';
import { isUuid } from '../../core/validation/uuid.js';
import { Transactions } from '../../database/transactions.js';

const variantPattern = /^(\d{1,5})\.([a-z]{3,4})$/;
const formatOfExtension = new Map(
  Object.entries(mediaExtensions).map(([format, extension]) => [extension, format as MediaFormat]),
);
/** Variants kept in this process's memory (least recently served out first): the hot ones cost no query. */
const memoryBudgetBytes = 64 * 1024 * 1024;
/**
 * An image's working copy (media-images.ts, `makeWorkingCopy`) is kept this long for its other
 * variants: a page, a mail or the library asks for several widths and formats of an image at about
 * the same moment, and decoding the original costs more than making a variant from the copy.
 */
const workingCopyKeptMs = 10_000;
const workingCopiesBudgetBytes = 64 * 1024 * 1024;

/** An uploaded file as the multipart parser hands it over. */
export interface UploadedImage {
  originalname: string;
  buffer: Buffer;
  size: number;
}

export function originalKey(id: string): string {
  return `${id}/original`;
}

/** A file name as a label: its folders, control characters and excess length dropped. */
function cleanFilename(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').replace(/[\p{Cc}\p{Cs}\uFFFE\uFFFF]/gu, '').trim();
  return (base || 'image').slice(0, mediaLimits.filenameMax);
}

/**
 * The media library (docs/product.md#media): uploads checked by their bytes and stored without
 * metadata, alt text, deletion refused while an image is in use, and variants made once per width
 * and format, then served from storage (and this process's memory).
 */
@Injectable()
export class MediaService {
  private readonly logger = new Logger('Media');
  /** Variants by `{id}/{width}.{extension}`, made or read once however many ask at the same time. */
  private readonly variants = boundedCache<string, StoredMediaObject>({
    maxBytes: memoryBudgetBytes,
    maxEntryBytes: memoryBudgetBytes / 8,
    sizeOf: (stored) => stored.body.length,
    produce: async (key) => {
      const [id, file] = key.split('/');
      const [width, extension] = file.split('.');
      return (await this.loadOrMake(id, Number(width), formatOfExtension.get(extension)!)) ?? undefined;
    },
  });

  /** Working copies of originals by id, decoded once however many variants ask (see `workingCopyKeptMs`). */
  private readonly workingCopies = boundedCache<string, ImagePixels>({
    maxBytes: workingCopiesBudgetBytes,
    maxEntryBytes: workingCopiesBudgetBytes / 2,
    sizeOf: (pixels) => pixels.data.length,
    maxAgeMs: workingCopyKeptMs,
    produce: async (id) => {
      const original = await this.original(id);
      return original ? makeWorkingCopy(original) : undefined;
    },
  });

  constructor(
    private readonly mediaRepository: MediaRepository,
    private readonly storage: MediaStorage,
    private readonly activity: ActivityService,
    private readonly contentVersion: ContentVersionService,
    private readonly transactions: Transactions,
  ) {}

  async list(query: ListMediaQueryDto): Promise<ListPage<MediaListItem>> {
    const page = query.page ?? 1;
    const pageSize = mediaLimits.listPageSize;
    const [rows, total] = await this.mediaRepository.findPage(query.q || undefined, (page - 1) * pageSize, pageSize);
    // Each row says where its image is used, before anyone tries to delete it.
    const uses = await this.mediaRepository.findUsesOf(rows.map((row) => row.id));
    const items = rows.map((row) => ({
      ...mapMediaItem(row),
      usedIn: (uses.get(row.id) ?? []).map((use) => use.label),
    }));
    return { items, total, page, pageSize };
  }

  async detail(id: string): Promise<MediaItem> {
    return mapMediaItem(await this.require(id));
  }

  async upload(file: UploadedImage | undefined, alt: string, user: StaffUser): Promise<MediaItem> {
    if (!file || file.size === 0) throw new ApiError(HttpStatus.BAD_REQUEST, mediaMessages.fileRequired);
    if (file.size > mediaLimits.uploadMaxBytes)
      throw new ApiError(HttpStatus.PAYLOAD_TOO_LARGE, mediaMessages.tooLarge);
    const prepared = await prepareUpload(file.buffer);
    const created = await this.transactions.run(async (manager) => {
      const media = await this.mediaRepository.create(manager, {
        filename: cleanFilename(file.originalname),
        alt,
        format: prepared.format,
        width: prepared.width,
        height: prepared.height,
        size: prepared.body.length,
        uploadedById: user.id,
        uploadedByName: user.name,
      });
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'media.uploaded',
        target: { type: 'media', id: media.id, label: media.filename },
      });
      return media;
    });
    try {
      await this.storage.put(originalKey(created.id), prepared.body, `image/${prepared.format}`);
    } catch (error) {
      // No row without its bytes.
      await this.transactions.run((manager) => this.mediaRepository.delete(manager, created.id));
      throw error;
    }
    return mapMediaItem(created);
  }

  async updateAlt(id: string, alt: string, user: StaffUser): Promise<MediaItem> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
    const updated = await this.transactions.run(async (manager) => {
      const media = await this.mediaRepository.lockById(manager, id);
      if (!media) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
      if (media.alt === alt) return media;
      const saved = await this.mediaRepository.updateAlt(manager, id, alt);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'media.alt_changed',
        target: { type: 'media', id, label: `${media.filename}: “${alt}”` },
      });
      // Pages and public lists show the alt text (`<img alt>`, og:image:alt): cached ones must go.
      // Upload and delete need no bump: a new image is in no page yet, and one in use cannot be deleted.
      // The shared cache is purged whole (`site`): which pages show the image is not worth a query here.
      await this.contentVersion.bump([globalSurrogateKey], manager);
      return saved;
    });
    return mapMediaItem(updated);
  }

  /** Refused with 409 naming every use while the image is used anywhere. */
  async delete(id: string, user: StaffUser): Promise<void> {
    if (!isUuid(id)) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
    await this.transactions.run(async (manager) => {
      const media = await this.mediaRepository.lockById(manager, id);
      if (!media) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
      const uses = await this.mediaRepository.findUses(manager, media.id);
      if (uses.length > 0) throw new ApiError(HttpStatus.CONFLICT, mediaMessages.inUse(uses.map((use) => use.label)));
      await this.mediaRepository.delete(manager, media.id);
      await this.activity.record(manager, {
        actor: { id: user.id, name: user.name },
        action: 'media.deleted',
        target: { type: 'media', id: media.id, label: media.filename },
      });
    });
    const key = id.toLowerCase();
    for (const variant of [...this.variants.keys()]) if (variant.startsWith(`${key}/`)) this.variants.delete(variant);
    this.workingCopies.delete(key);
    await this.storage.removePrefix(`${id}/`);
  }

  /** Images by id (for pages that show them); unknown ids are left out. */
  async images(ids: string[]): Promise<Map<string, MediaImage>> {
    const valid = ids.filter((id) => isUuid(id));
    const rows = await this.mediaRepository.findByIds(valid);
    return new Map(rows.map((row) => [row.id, mapMediaImage(row)]));
  }

  async exists(id: string): Promise<boolean> {
    return isUuid(id) && (await this.mediaRepository.findById(id)) !== null;
  }

  /**
   * The variant `/media/{id}/{width}.{extension}`, made on its first request and stored; null when
   * the id, the width (one of the listed ones) or the format (WebP, AVIF or the original's own) is unknown.
   * A width above the original's is served at the original's width: images are never upscaled.
   */
  async variant(id: string, file: string): Promise<StoredMediaObject | null> {
    const match = variantPattern.exec(file);
    if (!isUuid(id) || !match) return null;
    const width = Number(match[1]);
    const format = formatOfExtension.get(match[2]);
    if (!format || !(mediaLimits.variantWidths as readonly number[]).includes(width)) return null;
    return (await this.variants.fetch(`${id.toLowerCase()}/${width}.${match[2]}`)) ?? null;
  }

  private async loadOrMake(id: string, width: number, format: MediaFormat): Promise<StoredMediaObject | null> {
    const media = await this.mediaRepository.findById(id);
    if (!media) return null;
    // WebP, AVIF, the original's own format, and JPEG of a WebP or AVIF original (for mail clients
    // that show neither, docs/product.md#media).
    const mailJpeg = format === 'jpeg' && (media.format === 'webp' || media.format === 'avif');
    if (format !== 'webp' && format !== 'avif' && format !== media.format && !mailJpeg) return null;
    const served = Math.min(width, media.width);
    const key = `${id}/${served}.${mediaExtensions[format]}`;
    const stored = await this.storage.get(key);
    if (stored) return stored;
    const started = Date.now();
    let variant: { body: Buffer; contentType: string };
    if (madeFromWorkingCopy(media, format)) {
      const copy = await this.workingCopies.fetch(id);
      if (!copy) return null;
      variant = await variantFromCopy(copy, served, format);
    } else {
      const original = await this.original(id);
      if (!original) return null;
      variant = await makeVariant(original, media.format, served, format);
    }
    this.logger.debug?.(`Made ${key} in ${Date.now() - started} ms`);
    return this.storage.put(key, variant.body, variant.contentType);
  }

  private async original(id: string): Promise<Buffer | undefined> {
    const original = await this.storage.get(originalKey(id));
    if (!original) this.logger.warn(`The original of media ${id} is missing from storage`);
    return original?.body;
  }

  private async require(id: string): Promise<MediaEntity> {
    const media = isUuid(id) ? await this.mediaRepository.findById(id) : null;
    if (!media) throw new ApiError(HttpStatus.NOT_FOUND, mediaMessages.notFound);
    return media;
  }
}
