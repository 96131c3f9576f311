import sharp from 'sharp';
import {
  mediaLimits,
  caseStudyMessages,
  mediaMessages,
  teamMessages,
  mediaUploadHeader,
  messages,
  type MediaItem,
  type MediaListItem,
  type Post,
  type PostPage,
  type SaveCaseStudyRequest,
} from '@northbeam/common';
import { caseStudyRequest } from './factories/case-study.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

/** A GPS position and a camera owner, as a phone writes them into a photo. */
const revealingExif = {
  IFD0: { Copyright: 'Ada Lovelace', Artist: 'Ada Lovelace', Make: 'PhoneCo' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
};

function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();
}

/** An animated GIF of `frames` frames, alternately light and dark (identical frames would be merged). */
function animatedGif(frames: number, width: number, height: number): Promise<Buffer> {
  const frameBytes = width * height * 3;
  const pixels = Buffer.alloc(frameBytes * frames);
  for (let frame = 0; frame < frames; frame++)
    pixels.fill(frame % 2 ? 40 : 200, frame * frameBytes, (frame + 1) * frameBytes);
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ effort: 1 })
    .toBuffer();
}

describe('Media library', () => {
  let testApp: TestApp;
  let admin: Agent;
  let consultant: Agent;

  function upload(agent: Agent, file: Buffer, filename: string, alt = 'A test image') {
    return agent
      .post('/api/admin/media')
      .set(mediaUploadHeader.name, mediaUploadHeader.value)
      .field('alt', alt)
      .attach('file', file, filename);
  }

  async function uploaded(file: Buffer, filename: string, alt?: string): Promise<MediaItem> {
    const response = await upload(admin, file, filename, alt);
    expect(response.status).toBe(201);
    return response.body as MediaItem;
  }

  const variant = (path: string) =>
    testApp
      .request()
      .get(path)
      .buffer(true)
      .parse((response, done) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => done(null, Buffer.concat(chunks)));
      });

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'consultant');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  describe('uploads', () => {
    it('takes a PNG with its alt text and lists it, searchable by file name and alt text', async () => {
      const item = await uploaded(await png(800, 600), 'harbour-at-dawn.png', 'Boats in the harbour at dawn');
      expect(item).toMatchObject({
        filename: 'harbour-at-dawn.png',
        alt: 'Boats in the harbour at dawn',
        format: 'png',
        width: 800,
        height: 600,
        uploadedBy: 'Test admin',
      });
      const list = await admin.get('/api/admin/media');
      expect(list.status).toBe(200);
      expect(list.body).toMatchObject({ page: 1, pageSize: mediaLimits.listPageSize });
      expect((list.body.items as MediaItem[]).map((entry) => entry.id)).toContain(item.id);
      expect(
        (await admin.get('/api/admin/media').query({ q: 'HARBOUR' })).body.items.map((entry: MediaItem) => entry.id),
      ).toEqual([item.id]);
      expect(
        (await admin.get('/api/admin/media').query({ q: 'boats in' })).body.items.map((entry: MediaItem) => entry.id),
      ).toEqual([item.id]);
      expect((await admin.get('/api/admin/media').query({ q: 'no such picture' })).body.total).toBe(0);
    });

    it('accepts a PNG renamed .jpg by its bytes, and stores it as the PNG it is', async () => {
      const item = await uploaded(await png(40, 30), 'actually-a-png.jpg');
      expect(item.format).toBe('png');
      const served = await variant(`/media/${item.id}/320.png`);
      expect(served.status).toBe(200);
      expect(served.headers['content-type']).toBe('image/png');
      expect((await variant(`/media/${item.id}/320.jpg`)).status).toBe(404);
    });

    it('refuses a script renamed .png with 415', async () => {
      const response = await upload(admin, Buffer.from('#!/bin/sh\necho pwned\n'), 'innocent.png');
      expect(response.status).toBe(415);
      expect(response.body.error).toBe(mediaMessages.typeRefused);
    });

    it('refuses SVG with 415 whatever its name says', async () => {
      const svg = Buffer.from(
        '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
      );
      for (const name of ['drawing.svg', 'drawing.png']) {
        const response = await upload(admin, svg, name);
        expect(response.status).toBe(415);
        expect(response.body.error).toBe(mediaMessages.svgRefused);
      }
    });

    it('refuses a file over 20 MB with 413', async () => {
      const response = await upload(admin, Buffer.alloc(mediaLimits.uploadMaxBytes + 1, 0xff), 'huge.jpg');
      expect(response.status).toBe(413);
      expect(response.body.error).toBe(mediaMessages.tooLarge);
    });

    it('refuses an animated GIF of 3,000 frames with 413 before decoding it, and keeps a short animation', async () => {
      const long = await animatedGif(3000, 64, 64);
      expect((await sharp(long).metadata()).pages).toBe(3000);
      const started = Date.now();
      const refused = await upload(admin, long, 'spinner.gif');
      expect(refused.status).toBe(413);
      expect(refused.body.error).toBe(mediaMessages.tooManyFrames);
      // Decoding and encoding it again took tens of seconds; the header alone is read now.
      expect(Date.now() - started).toBeLessThan(5000);

      const short = await uploaded(await animatedGif(12, 64, 64), 'blink.gif');
      expect(short).toMatchObject({ format: 'gif', width: 64, height: 64 });
      const served = await variant(`/media/${short.id}/320.gif`);
      expect(served.status).toBe(200);
      expect((await sharp(served.body as Buffer).metadata()).pages).toBe(12);
    });

    it('refuses an upload without a file or without alt text with 400', async () => {
      const noFile = await admin
        .post('/api/admin/media')
        .set(mediaUploadHeader.name, mediaUploadHeader.value)
        .field('alt', 'Something');
      expect(noFile.status).toBe(400);
      expect(noFile.body.error).toBe(mediaMessages.fileRequired);
      const noAlt = await upload(admin, await png(10, 10), 'square.png', '   ');
      expect(noAlt.status).toBe(400);
      expect(noAlt.body.fieldErrors).toEqual({ alt: [mediaMessages.altRequired] });
    });

    it('refuses a multipart upload without the upload header (a cross-site form) with 403', async () => {
      const response = await admin
        .post('/api/admin/media')
        .field('alt', 'A square')
        .attach('file', await png(10, 10), 'square.png');
      expect(response.status).toBe(403);
      expect(response.body.error).toBe(messages.crossSiteRefused);
    });

    it('strips EXIF and GPS from the stored original and from every served variant', async () => {
      const photo = await sharp({ create: { width: 1000, height: 700, channels: 3, background: '#789' } })
        .withExif(revealingExif)
        .jpeg()
        .toBuffer();
      const before = await sharp(photo).metadata();
      expect(before.exif?.includes(Buffer.from('PhoneCo'))).toBe(true);
      const item = await uploaded(photo, 'phone-photo.jpg');
      expect(item.format).toBe('jpeg');
      const [original] = await testApp.dataSource.query<{ body: Buffer }[]>(
        `SELECT "body" FROM "media_objects" WHERE "key" = $1`,
        [`${item.id}/original`],
      );
      const originalMetadata = await sharp(Buffer.from(original.body)).metadata();
      expect(originalMetadata.exif).toBeUndefined();
      expect(Buffer.from(original.body).includes(Buffer.from('Lovelace'))).toBe(false);
      for (const width of mediaLimits.variantWidths) {
        for (const extension of ['jpg', 'webp', 'avif']) {
          const served = await variant(`/media/${item.id}/${width}.${extension}`);
          expect(served.status).toBe(200);
          const body = served.body as Buffer;
          const metadata = await sharp(body).metadata();
          expect(metadata.exif).toBeUndefined();
          expect(body.includes(Buffer.from('Lovelace'))).toBe(false);
          expect(body.includes(Buffer.from('PhoneCo'))).toBe(false);
        }
      }
    }, 60_000);
  });

  describe('variants', () => {
    let item: MediaItem;

    beforeAll(async () => {
      item = await uploaded(await png(1000, 500), 'wide.png');
    });

    it('serves each listed width in WebP, AVIF and the original format, immutable with an ETag', async () => {
      const response = await variant(`/media/${item.id}/640.webp`);
      expect(response.status).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.etag).toMatch(/^"/);
      const metadata = await sharp(response.body as Buffer).metadata();
      expect([metadata.format, metadata.width, metadata.height]).toEqual(['webp', 640, 320]);
      const avif = await variant(`/media/${item.id}/320.avif`);
      expect(avif.headers['content-type']).toBe('image/avif');
      expect((await sharp(avif.body as Buffer).metadata()).width).toBe(320);
    });

    it('answers 304 to a request holding the ETag, and the same bytes on a second request', async () => {
      const first = await variant(`/media/${item.id}/960.png`);
      const again = await variant(`/media/${item.id}/960.png`);
      expect((again.body as Buffer).equals(first.body as Buffer)).toBe(true);
      const conditional = await testApp
        .request()
        .get(`/media/${item.id}/960.png`)
        .set('If-None-Match', first.headers.etag);
      expect(conditional.status).toBe(304);
    });

    it('never upscales: a width above the original serves the original width', async () => {
      const response = await variant(`/media/${item.id}/1920.webp`);
      expect(response.status).toBe(200);
      expect((await sharp(response.body as Buffer).metadata()).width).toBe(1000);
    });

    it('answers 404 for an unknown width, format or image', async () => {
      for (const path of [
        `/media/${item.id}/500.webp`,
        `/media/${item.id}/0.webp`,
        `/media/${item.id}/640.tiff`,
        `/media/${item.id}/640.jpg`,
        `/media/${item.id}/640.svg`,
        `/media/${item.id}/640`,
        `/media/${item.id}/original`,
        '/media/00000000-0000-4000-8000-000000000000/640.webp',
        '/media/not-an-id/640.webp',
      ]) {
        expect([path, (await testApp.request().get(path)).status]).toEqual([path, 404]);
      }
    });
  });

  describe('alt text and deletion', () => {
    it('changes the alt text (consultants too) and refuses an empty one', async () => {
      const item = await uploaded(await png(20, 20), 'alt.png', 'Old words');
      const changed = await consultant.patch(`/api/admin/media/${item.id}`).send({ alt: 'New words' });
      expect(changed.status).toBe(200);
      expect(changed.body.alt).toBe('New words');
      const empty = await admin.patch(`/api/admin/media/${item.id}`).send({ alt: '' });
      expect(empty.status).toBe(400);
      expect(empty.body.fieldErrors).toEqual({ alt: [mediaMessages.altRequired] });
      const tooLong = await admin
        .patch(`/api/admin/media/${item.id}`)
        .send({ alt: 'x'.repeat(mediaLimits.altMax + 1) });
      expect(tooLong.body.fieldErrors).toEqual({ alt: [mediaMessages.altTooLong] });
    });

    it('shows a changed alt text on the public post at once, the cached section list and pages included', async () => {
      const item = await uploaded(await png(1200, 800), 'alt-in-use.png', 'A grey harbour');
      const post = await admin.post('/api/admin/posts').send({
        title: 'Harbour notes',
        slug: 'harbour-notes',
        excerpt: 'With a picture.',
        body: `Look:\n\n![A grey harbour](/media/${item.id}/1280.webp)\n`,
        section: 'labs',
        status: 'published',
        featureImageId: item.id,
      });
      expect(post.status).toBe(201);
      const version = async () =>
        (await testApp.dataSource.query<{ version: string }[]>(`SELECT version FROM content_version`))[0].version;
      const featureAlt = async () =>
        ((await testApp.request().get('/api/posts/labs')).body as Post[]).find((entry) => entry.id === post.body.id)
          ?.featureImage?.alt;
      expect(await featureAlt()).toBe('A grey harbour');
      const before = await version();

      expect((await admin.patch(`/api/admin/media/${item.id}`).send({ alt: 'A sunlit harbour' })).status).toBe(200);

      expect(await featureAlt()).toBe('A sunlit harbour');
      // The content version retires every cached page and public answer (HTML cache, loaders' memo).
      expect(Number(await version())).toBeGreaterThan(Number(before));
      const article = await testApp.request().get('/api/posts/labs/harbour-notes');
      expect((article.body as Post).bodyImages?.[item.id]?.alt).toBe('A sunlit harbour');
      await admin.delete(`/api/admin/posts/${post.body.id}`);
    });

    it('lets a consultant upload but not delete', async () => {
      const response = await upload(consultant, await png(20, 20), 'mine.png');
      expect(response.status).toBe(201);
      expect((await consultant.delete(`/api/admin/media/${response.body.id}`)).status).toBe(403);
    });

    it('refuses to delete an image in use with 409 naming each post, then deletes it once unused', async () => {
      const item = await uploaded(await png(1200, 800), 'in-use.png', 'A busy office');
      const featured = await admin.post('/api/admin/posts').send({
        title: 'Featured story',
        slug: 'featured-story',
        excerpt: 'With a picture.',
        body: 'Text.',
        section: 'labs',
        status: 'published',
        featureImageId: item.id,
      });
      expect(featured.status).toBe(201);
      const inText = await admin.post('/api/admin/posts').send({
        title: 'Illustrated draft',
        slug: 'illustrated-draft',
        excerpt: 'Shows it inline.',
        body: `Look:\n\n![A busy office](/media/${item.id}/1280.webp)\n`,
        section: 'consulting',
      });
      expect(inText.status).toBe(201);

      const refused = await admin.delete(`/api/admin/media/${item.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        mediaMessages.inUse(['Post “Illustrated draft” (in the text, draft)', 'Post “Featured story” (feature image)']),
      );
      expect((await variant(`/media/${item.id}/320.webp`)).status).toBe(200);
      // The library's list says the same on the image's row, before anyone tries to delete it.
      const row = async () =>
        ((await admin.get('/api/admin/media').query({ q: 'in-use.png' })).body.items as MediaListItem[]).find(
          (listed) => listed.id === item.id,
        );
      expect((await row())?.usedIn).toEqual([
        'Post “Illustrated draft” (in the text, draft)',
        'Post “Featured story” (feature image)',
      ]);

      await admin.delete(`/api/admin/posts/${featured.body.id}`);
      await admin.delete(`/api/admin/posts/${inText.body.id}`);
      expect((await row())?.usedIn).toEqual([]);
      expect((await admin.delete(`/api/admin/media/${item.id}`)).status).toBe(204);
      expect((await admin.get(`/api/admin/media/${item.id}`)).status).toBe(404);
      expect((await testApp.request().get(`/media/${item.id}/320.webp`)).status).toBe(404);
      const objects = await testApp.dataSource.query<{ count: number }[]>(
        `SELECT count(*)::int AS "count" FROM "media_objects" WHERE "key" LIKE $1`,
        [`${item.id}/%`],
      );
      expect(objects[0].count).toBe(0);
    });

    it('refuses to delete an image used by a case study or a newsletter issue with 409 naming each, then deletes it once unused', async () => {
      const item = await uploaded(await png(1200, 800), 'case-hero.png', 'A depot at night');
      const address = `/media/${item.id}/1280.webp`;
      const caseStudy = (slug: string, title: string, images: Partial<SaveCaseStudyRequest>) =>
        caseStudyRequest(slug, { title, gallery: [], ...images });
      const hero = await admin
        .post('/api/admin/case-studies')
        .send({ ...caseStudy('depot-hero', 'Depot hero', { hero_image: address }), status: 'published' });
      expect(hero.status).toBe(201);
      const gallery = await admin.post('/api/admin/case-studies').send(
        caseStudy('depot-gallery', 'Depot gallery', {
          gallery: [
            { src: '/images/case-studies/panaquest/gallery-1.svg', alt: 'Map' },
            { src: address, alt: 'Depot' },
          ],
          seo: { title: '', description: '', image: address },
        }),
      );
      expect(gallery.status).toBe(201);
      const issue = await admin
        .post('/api/admin/newsletter/issues')
        .send({ subject: 'Depot notes', preheader: '', body: `Look:\n\n![A depot](${address})\n` });
      expect(issue.status).toBe(201);

      const refused = await admin.delete(`/api/admin/media/${item.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        mediaMessages.inUse([
          'Case study “Depot gallery” (gallery, sharing image, draft)',
          'Case study “Depot hero” (hero image)',
          'Newsletter issue “Depot notes” (draft)',
        ]),
      );
      const listed = await admin.get('/api/admin/media').query({ q: 'case-hero.png' });
      expect(listed.body.items[0].usedIn).toEqual([
        'Case study “Depot gallery” (gallery, sharing image, draft)',
        'Case study “Depot hero” (hero image)',
        'Newsletter issue “Depot notes” (draft)',
      ]);

      expect((await admin.delete(`/api/admin/case-studies/${hero.body.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/case-studies/${gallery.body.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/media/${item.id}`)).body.error).toBe(
        mediaMessages.inUse(['Newsletter issue “Depot notes” (draft)']),
      );
      expect((await admin.delete(`/api/admin/newsletter/issues/${issue.body.id}`)).status).toBe(204);
      expect((await admin.delete(`/api/admin/media/${item.id}`)).status).toBe(204);
    });
  });

  describe('uses by id, whatever the case', () => {
    it('counts a team photo, a case study image and a post body naming the id in capitals as uses, stores addresses in lower case, and refuses an id that is no id', async () => {
      const item = await uploaded(await png(640, 640), 'capital-photo.png', 'A portrait');
      const upper = item.id.toUpperCase();
      const memberFields = {
        name: 'Capital Person',
        slug: 'capital-person',
        role: 'Consultant',
        stripRole: '',
        bio: 'Writes ids in capitals.',
        fullBio: 'Writes ids in capitals.',
        linkedin: 'https://www.linkedin.com/in/capital-person',
        avatar: `/media/${upper}/320.webp`,
        expertise: ['Delivery'],
        inStrip: false,
        hidden: false,
      };
      const member = await admin.post('/api/admin/team').send(memberFields);
      expect(member.status).toBe(201);
      expect(member.body.avatar).toBe(`/media/${item.id}/320.webp`);
      const study = await admin.post('/api/admin/case-studies').send(
        caseStudyRequest('capital-hero', {
          title: 'Capital hero',
          gallery: [],
          hero_image: `/media/${upper}/1280.webp`,
        }),
      );
      expect(study.status).toBe(201);
      expect(study.body.hero_image).toBe(`/media/${item.id}/1280.webp`);
      const post = await admin.post('/api/admin/posts').send({
        title: 'Capital body',
        slug: 'capital-body',
        excerpt: 'An image in capitals.',
        body: `![A portrait](/media/${upper}/1280.webp)`,
        section: 'labs',
      });
      expect(post.status).toBe(201);

      const refused = await admin.delete(`/api/admin/media/${item.id}`);
      expect(refused.status).toBe(409);
      expect(refused.body.error).toBe(
        mediaMessages.inUse([
          'Post “Capital body” (in the text, draft)',
          'Case study “Capital hero” (hero image, draft)',
          'Team member “Capital Person” (photo)',
        ]),
      );

      const dashes = '-'.repeat(36);
      const badAvatar = await admin.post('/api/admin/team').send({
        ...memberFields,
        slug: 'dashes-person',
        avatar: `/media/${dashes}/1.png`,
      });
      expect(badAvatar.status).toBe(400);
      expect(badAvatar.body.fieldErrors.avatar).toEqual([teamMessages.avatarInvalid]);
      const badHero = await admin
        .post('/api/admin/case-studies')
        .send(caseStudyRequest('dashes-hero', { title: 'Dashes', gallery: [], hero_image: `/media/${dashes}/1.png` }));
      expect(badHero.status).toBe(400);
      expect(badHero.body.fieldErrors.hero_image).toEqual([caseStudyMessages.imageAddressInvalid]);
    });
  });

  describe('feature images', () => {
    it('gives a post a feature image that readers get with its size and alt text, on the article and in lists', async () => {
      const item = await uploaded(await png(1600, 900), 'cover.png', 'A lighthouse on a cliff');
      const inline = await uploaded(await png(500, 400), 'inline.png', 'A chart');
      const created = await admin.post('/api/admin/posts').send({
        title: 'Lighthouse notes',
        slug: 'lighthouse-notes',
        excerpt: 'Notes.',
        body: `![A chart](/media/${inline.id}/1280.webp)`,
        section: 'labs',
        status: 'published',
        featureImageId: item.id,
      });
      expect(created.status).toBe(201);
      const image = { id: item.id, alt: 'A lighthouse on a cliff', width: 1600, height: 900, format: 'png' };
      expect(created.body.featureImage).toEqual(image);
      const article = (await testApp.request().get('/api/posts/labs/lighthouse-notes')).body as Post;
      expect(article.featureImage).toEqual(image);
      expect(article.bodyImages).toEqual({
        [inline.id]: { id: inline.id, alt: 'A chart', width: 500, height: 400, format: 'png' },
      });
      const page = (await testApp.request().get('/api/posts').query({ section: 'labs' })).body as PostPage;
      expect(page.items.find((post) => post.slug === 'lighthouse-notes')?.featureImage).toEqual(image);
      const list = (await testApp.request().get('/api/posts/labs')).body as Post[];
      expect(list.find((post) => post.slug === 'lighthouse-notes')?.featureImage).toEqual(image);

      const cleared = await admin.put(`/api/admin/posts/${created.body.id}`).send({
        title: 'Lighthouse notes',
        slug: 'lighthouse-notes',
        excerpt: 'Notes.',
        body: 'No pictures now.',
        section: 'labs',
        status: 'published',
        featureImageId: null,
      });
      expect(cleared.status).toBe(200);
      expect(cleared.body.featureImage).toBeNull();
    });

    it('refuses a feature image that is not in the library with 400 under its field', async () => {
      for (const featureImageId of ['00000000-0000-4000-8000-000000000000', 'not-an-id']) {
        const response = await admin.post('/api/admin/posts').send({
          title: 'No such image',
          slug: 'no-such-image',
          excerpt: 'Nope.',
          body: 'Text.',
          section: 'labs',
          featureImageId,
        });
        expect(response.status).toBe(400);
        expect(response.body.fieldErrors).toEqual({ featureImageId: [mediaMessages.featureImageInvalid] });
      }
    });
  });
});
