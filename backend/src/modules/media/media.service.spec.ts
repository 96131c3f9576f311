import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import type { MediaFormat } from '@northbeam/common';
import { MediaService, originalKey } from './media.service.js';
import { MediaStorage, type StoredMediaObject } from './media-storage.js';
import type { MediaRepository } from './media.repository.js';
import type { MediaEntity } from './entities/media.entity.js';

/** Storage in memory that counts the reads of each key. */
class CountingStorage extends MediaStorage {
  readonly objects = new Map<string, StoredMediaObject>();
  readonly reads = new Map<string, number>();

  put(key: string, body: Buffer, contentType: string): Promise<StoredMediaObject> {
    const stored = this.objects.get(key) ?? { body, contentType, etag: `"${key}"` };
    this.objects.set(key, stored);
    return Promise.resolve(stored);
  }

  get(key: string): Promise<StoredMediaObject | null> {
    this.reads.set(key, (this.reads.get(key) ?? 0) + 1);
    return Promise.resolve(this.objects.get(key) ?? null);
  }

  removePrefix(prefix: string): Promise<void> {
    for (const key of [...this.objects.keys()]) if (key.startsWith(prefix)) this.objects.delete(key);
    return Promise.resolve();
  }
}

async function libraryWith(format: MediaFormat, original: Buffer) {
  const { width, pageHeight, height } = await sharp(original).metadata();
  const media = { id: randomUUID(), format, width, height: pageHeight ?? height } as MediaEntity;
  const repository = { findById: (id: string) => Promise.resolve(id === media.id ? media : null) };
  const storage = new CountingStorage();
  await storage.put(originalKey(media.id), original, `image/${format}`);
  storage.reads.clear();
  const service = new MediaService(
    repository as unknown as MediaRepository,
    storage,
    // Activity, content version and transactions: a variant touches none of them.
    undefined as never,
    undefined as never,
    undefined as never,
  );
  return { service, storage, id: media.id };
}

describe('MediaService variants', () => {
  it('makes every width and format of an image from one decoding of its original', async () => {
    const photo = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3a6ea5' } })
      .jpeg()
      .toBuffer();
    const { service, storage, id } = await libraryWith('jpeg', photo);

    const variants = await Promise.all(['960.avif', '960.webp', '960.jpg'].map((file) => service.variant(id, file)));

    expect(variants.map((variant) => variant?.contentType)).toEqual(['image/avif', 'image/webp', 'image/jpeg']);
    for (const variant of variants) expect((await sharp(variant!.body).metadata()).width).toBe(960);
    const more = await Promise.all(['320.avif', '1920.webp', '1280.jpg'].map((file) => service.variant(id, file)));
    const widths = await Promise.all(more.map(async (variant) => (await sharp(variant!.body).metadata()).width));
    // Never wider than the original (1600).
    expect(widths).toEqual([320, 1600, 1280]);
    expect(storage.reads.get(originalKey(id))).toBe(1);
  });

  it('puts a transparent WebP on white for its JPEG (mail) variant and keeps its transparency in AVIF', async () => {
    const seeThrough = await sharp({
      create: { width: 400, height: 300, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .webp({ lossless: true })
      .toBuffer();
    const { service, id } = await libraryWith('webp', seeThrough);

    const [jpeg, avif] = await Promise.all([service.variant(id, '320.jpg'), service.variant(id, '320.avif')]);

    const { data } = await sharp(jpeg!.body).raw().toBuffer({ resolveWithObject: true });
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    expect((await sharp(avif!.body).metadata()).hasAlpha).toBe(true);
  });

  it('keeps an animated GIF animated in its GIF variant', async () => {
    // Three frames of 200 × 100, each its own colour, stacked as GIF pages.
    const frames = 3;
    const pixels = Buffer.alloc(200 * 100 * frames * 3);
    for (let frame = 0; frame < frames; frame += 1)
      pixels.fill(Buffer.from([80 * frame, 200 - 60 * frame, 40]), frame * 200 * 100 * 3, (frame + 1) * 200 * 100 * 3);
    const gif = await sharp(pixels, { raw: { width: 200, height: 100 * frames, channels: 3, pageHeight: 100 } })
      .gif({ delay: [100, 100, 100] })
      .toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(frames);
    const { service, id } = await libraryWith('gif', gif);

    const variant = await service.variant(id, '320.gif');

    expect((await sharp(variant!.body).metadata()).pages).toBe(frames);
  });
});
