import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import {
  mediaUploadHeader,
  messages,
  redirectMessages,
  siteSettingsMessages,
  turnstileFallbackToken,
  type ActivityEntry,
  type PublicSiteSettings,
  type RedirectItem,
  type SiteSettings,
} from '@northbeam/common';
import { contentKeys } from '../src/core/http/cdn-cache.js';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Site settings and hand-made redirects (docs/product.md#site-settings, docs/product.md#redirects):
 * what staff change, who may, what visitors see at once, what the shared cache is told, and the log.
 */
const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

function editable(settings: SiteSettings) {
  const { updatedAt: _at, updatedByName: _by, ...rest } = settings;
  return rest;
}

describe('Site settings and redirects', () => {
  let testApp: TestApp;
  let superAdmin: Agent;
  let admin: Agent;
  let consultant: Agent;
  const purges: string[][] = [];
  const purgeTarget = http.createServer((request, response) => {
    if (request.method === 'PURGE') purges.push(String(request.headers['surrogate-key'] ?? '').split(' '));
    response.writeHead(200).end();
  });

  const publicSettings = async () => {
    const response = await testApp.request().get('/api/site-settings').expect(200);
    return response.body as PublicSiteSettings;
  };
  const current = async () => (await admin.get('/api/admin/settings').expect(200)).body as SiteSettings;

  async function upload(name: string, width: number, height: number): Promise<string> {
    const file = await sharp({ create: { width, height, channels: 3, background: '#246' } })
      .png()
      .toBuffer();
    const response = await admin
      .post('/api/admin/media')
      .set(mediaUploadHeader.name, mediaUploadHeader.value)
      .field('alt', `${name} logo`)
      .attach('file', file, `${name}.png`);
    expect(response.status).toBe(201);
    return (response.body as { id: string }).id;
  }

  async function lastActivity(action: string): Promise<ActivityEntry | undefined> {
    const page = await superAdmin.get('/api/admin/activity').query({ action }).expect(200);
    return (page.body.items as ActivityEntry[])[0];
  }

  beforeAll(async () => {
    await new Promise<void>((resolve) => purgeTarget.listen(0, '127.0.0.1', resolve));
    testApp = await createTestApp({
      config: {
        seedContent: false,
        cdnMaxAgeSeconds: 300,
        cdnPurgeUrl: `http://127.0.0.1:${(purgeTarget.address() as AddressInfo).port}/`,
        contactInbox: 'enquiries-from-env@northbeam.example',
      },
    });
    await createStaff(testApp, 'super_admin');
    await createStaff(testApp, 'admin');
    await createStaff(testApp, 'consultant');
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
    purgeTarget.close();
  });

  describe('settings', () => {
    it('start from the code and the environment before anyone saves them', async () => {
      const settings = await current();
      expect(settings).toMatchObject({
        email: 'hello@northbeam.example',
        phone: '+44 20 7946 0321',
        enquiryInbox: 'enquiries-from-env@northbeam.example',
        updatedAt: null,
      });
      expect(settings.social.LinkedIn).toBe('https://www.linkedin.com/company/northbeam-digital');
      expect(settings.clientLogos).toHaveLength(8);
      const shown = await publicSettings();
      expect(shown.social.map((link) => link.name)).toEqual([
        'LinkedIn',
        'X',
        'Facebook',
        'Pinterest',
        'YouTube',
        'Instagram',
      ]);
      expect(shown.clientLogos[0]).toEqual({
        name: 'Relative Probability',
        src: '/images/clients/relative-probability.svg',
        width: expect.any(Number),
      });
      expect(shown).not.toHaveProperty('enquiryInbox');
      expect(shown).not.toHaveProperty('privacyInbox');
    });

    it('are open to super admins and admins, refused to consultants and to visitors', async () => {
      expect((await superAdmin.get('/api/admin/settings')).status).toBe(200);
      expect((await consultant.get('/api/admin/settings')).status).toBe(403);
      expect((await testApp.request().get('/api/admin/settings')).status).toBe(401);
      const settings = editable(await current());
      expect((await consultant.put('/api/admin/settings').send(settings)).status).toBe(403);
      expect((await testApp.request().put('/api/admin/settings').send(settings)).status).toBe(401);
      expect((await superAdmin.put('/api/admin/settings').send(settings)).status).toBe(200);
    });

    it('show a changed LinkedIn address, phone and mailbox on the public answer at once, purge `settings` and log the change', async () => {
      const before = editable(await current());
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const purgesBefore = purges.length;
      const saved = await admin
        .put('/api/admin/settings')
        .send({
          ...before,
          phone: '+44 161 496 0000',
          enquiryInbox: 'new-enquiries@northbeam.example',
          social: { ...before.social, LinkedIn: 'https://www.linkedin.com/company/northbeam-new', Pinterest: '' },
        })
        .expect(200);
      expect(saved.body).toMatchObject({ phone: '+44 161 496 0000', updatedByName: 'Test admin' });

      const shown = await publicSettings();
      expect(shown.phone).toBe('+44 161 496 0000');
      expect(shown.social).toContainEqual({ name: 'LinkedIn', href: 'https://www.linkedin.com/company/northbeam-new' });
      expect(shown.social.map((link) => link.name)).not.toContain('Pinterest');
      expect((await current()).enquiryInbox).toBe('new-enquiries@northbeam.example');

      const deadline = Date.now() + 1000;
      while (purges.length === purgesBefore && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(purges[purgesBefore]).toEqual(['settings']);
      const publicAnswer = await testApp.request().get('/api/site-settings');
      expect(publicAnswer.headers['surrogate-key']).toBe('site settings');

      expect(await lastActivity('settings.updated')).toMatchObject({
        actor: { name: 'Test admin' },
        targetType: 'settings',
        targetLabel: 'Site settings',
      });
    });

    it('name the old and new address of a moved mailbox in the log, and tell every super admin and the old mailbox in the same save', async () => {
      const before = editable(await current());
      await testApp.dataSource.query(`DELETE FROM "email_outbox"`);
      await testApp.dataSource.query(`DELETE FROM "staff_notifications"`);
      // A super admin who turned every kind off is still told: the notice cannot be turned off.
      await superAdmin
        .put('/api/admin/account/notifications')
        .send({ off: ['post_submitted', 'enquiry_digest'] })
        .expect(200);
      await admin
        .put('/api/admin/settings')
        .send({ ...before, enquiryInbox: 'outside@elsewhere.example' })
        .expect(200);

      const page = await superAdmin
        .get('/api/admin/activity')
        .query({ action: 'settings.mailbox_changed' })
        .expect(200);
      expect((page.body.items as ActivityEntry[])[0]).toMatchObject({
        actor: { name: 'Test admin' },
        targetLabel: `Enquiry mailbox: ${before.enquiryInbox} → outside@elsewhere.example`,
      });
      const bell = await testApp.dataSource.query<{ email: string; kind: string; title: string; url: string }[]>(
        `SELECT u."email", n."kind", n."title", n."url" FROM "staff_notifications" n JOIN "users" u ON u."id" = n."user_id"`,
      );
      expect(bell).toEqual([
        {
          email: 'super-admin@northbeam.example',
          kind: 'mailbox_changed',
          title: `Test admin changed the enquiry mailbox: ${before.enquiryInbox} → outside@elsewhere.example`,
          url: '/admin/settings',
        },
      ]);
      const mails = await testApp.dataSource.query<{ kind: string; to_address: string; text_body: string }[]>(
        `SELECT "kind", "to_address", "text_body" FROM "email_outbox" ORDER BY "kind"`,
      );
      expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
        ['mailbox_changed', 'super-admin@northbeam.example'],
        ['mailbox_changed_old', before.enquiryInbox],
      ]);
      for (const mail of mails) {
        expect(mail.text_body).toContain('outside@elsewhere.example');
        expect(mail.text_body).toContain(before.enquiryInbox);
        expect(mail.text_body).toContain('Test admin');
      }

      // A save that leaves the mailboxes alone (whatever their case) tells nobody.
      await testApp.dataSource.query(`DELETE FROM "email_outbox"`);
      await admin
        .put('/api/admin/settings')
        .send({ ...before, enquiryInbox: 'Outside@Elsewhere.example', phone: '+44 161 496 0001' })
        .expect(200);
      expect(await testApp.dataSource.query(`SELECT 1 FROM "email_outbox"`)).toEqual([]);
      await admin.put('/api/admin/settings').send(before).expect(200);
      await superAdmin.put('/api/admin/account/notifications').send({ off: [] }).expect(200);
    });

    it('keep the client logos in the order given, from the media library, with their names', async () => {
      const wide = await upload('wide', 400, 100);
      const square = await upload('square', 200, 200);
      const before = editable(await current());
      await admin
        .put('/api/admin/settings')
        .send({
          ...before,
          clientLogos: [
            { name: 'Square Co', mediaId: square, builtIn: null },
            { name: 'Harbourline', mediaId: null, builtIn: 'harbourline' },
            { name: 'Wide Ltd', mediaId: wide, builtIn: null },
          ],
        })
        .expect(200);
      expect((await publicSettings()).clientLogos).toEqual([
        { name: 'Square Co', src: `/media/${square}/320.png`, width: 48 },
        { name: 'Harbourline', src: '/images/clients/harbourline.svg', width: expect.any(Number) },
        { name: 'Wide Ltd', src: `/media/${wide}/320.png`, width: 192 },
      ]);

      const refusedDelete = await admin.delete(`/api/admin/media/${wide}`);
      expect(refusedDelete.status).toBe(409);
      expect(refusedDelete.body.error).toContain('Site settings (client logo “Wide Ltd”)');

      const reordered = (await current()).clientLogos.reverse();
      await admin
        .put('/api/admin/settings')
        .send({ ...before, clientLogos: reordered })
        .expect(200);
      expect((await publicSettings()).clientLogos.map((logo) => logo.name)).toEqual([
        'Wide Ltd',
        'Harbourline',
        'Square Co',
      ]);
    });

    it('refuse bad addresses, e-mails, phones, counts and unknown images with a sentence each', async () => {
      const before = editable(await current());
      const refusal = async (change: Record<string, unknown>) => {
        const response = await admin.put('/api/admin/settings').send({ ...before, ...change });
        expect(response.status).toBe(400);
        return response.body as { error: string };
      };
      expect((await refusal({ email: 'not-an-address' })).error).toBe(siteSettingsMessages.emailInvalid);
      expect((await refusal({ privacyInbox: 'privacy@' })).error).toBe(siteSettingsMessages.emailInvalid);
      expect((await refusal({ phone: 'call us' })).error).toBe(siteSettingsMessages.phoneInvalid);
      expect((await refusal({ social: { ...before.social, X: 'javascript:alert(1)' } })).error).toBe(
        siteSettingsMessages.urlInvalid,
      );
      expect((await refusal({ products: before.products.slice(0, 1) })).error).toBe(siteSettingsMessages.productsCount);
      expect((await refusal({ products: [{ ...before.products[0], name: '' }, before.products[1]] })).error).toBe(
        siteSettingsMessages.nameRequired,
      );
      expect(
        (
          await refusal({
            clientLogos: [{ name: 'Gone', mediaId: '00000000-0000-4000-8000-000000000000', builtIn: null }],
          })
        ).error,
      ).toBe(siteSettingsMessages.logoNotFound);
      expect((await refusal({ clientLogos: [{ name: 'Nothing', mediaId: null, builtIn: null }] })).error).toBe(
        siteSettingsMessages.logoImage,
      );
      expect((await publicSettings()).phone).toBe('+44 161 496 0000');
    });

    it('reach the visitors’ mails: a contact receipt names the new privacy address, its copy goes to the new inbox, read inside the enquiry’s transaction on a cold cache', async () => {
      const before = editable(await current());
      await admin
        .put('/api/admin/settings')
        .send({ ...before, privacyEmail: 'data-team@northbeam.example', enquiryInbox: 'desk@northbeam.example' })
        .expect(200);
      // Past the second an instance trusts its version reading: the enquiry's transaction reads the
      // version and the settings itself, through its own connection (the embedded database has one).
      await new Promise((resolve) => setTimeout(resolve, 1200));
      await testApp
        .request()
        .post('/api/contact')
        .set('X-Forwarded-For', '10.9.0.1')
        .send({
          name: 'Grace Hopper',
          email: 'grace@example.com',
          message: 'We would like to talk about a training simulation.',
          consent: true,
          turnstileToken: turnstileFallbackToken,
          website: '',
          startedAt: String(Date.now() - 30_000),
        })
        .expect(201);
      const mails = await testApp.dataSource.query<{ kind: string; to_address: string; text_body: string }[]>(
        `SELECT "kind", "to_address", "text_body" FROM "email_outbox" WHERE "kind" IN ('contact_notification', 'contact_receipt') ORDER BY "kind"`,
      );
      expect(mails.map((mail) => [mail.kind, mail.to_address])).toEqual([
        ['contact_notification', 'desk@northbeam.example'],
        ['contact_receipt', 'grace@example.com'],
      ]);
      expect(mails[1].text_body).toContain('write to data-team@northbeam.example');
      expect(mails[1].text_body).not.toContain('privacy@northbeam.example');
    });
  });

  describe('redirects', () => {
    it('answers a hand-made redirect with 301, counts its hits and shows them in the list', async () => {
      const created = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/Old-Services/', toPath: '/consulting' });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ fromPath: '/old-services', toPath: '/consulting', hits: 0 });

      const answer = await testApp.request().get('/old-services?ref=mail');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/consulting?ref=mail');
      expect((await testApp.request().get('/OLD-SERVICES/')).status).toBe(301);

      await new Promise((resolve) => setTimeout(resolve, 200));
      const list = await admin.get('/api/admin/redirects').expect(200);
      expect(list.body).toMatchObject({ total: 1, page: 1, pageSize: 15 });
      expect((list.body.items as RedirectItem[])[0]).toMatchObject({ fromPath: '/old-services', hits: 2 });
      expect(await lastActivity('redirect.created')).toMatchObject({
        actor: { name: 'Test admin' },
        targetLabel: '/old-services → /consulting',
      });
    });

    it('tells an admin each redirect may be removed; a consultant is offered nothing and refused', async () => {
      const created = await admin.post('/api/admin/redirects').send({ fromPath: '/offered', toPath: '/about' });
      expect(created.body).toMatchObject({ actions: ['remove'] });
      const list = (await admin.get('/api/admin/redirects').expect(200)).body as { items: RedirectItem[] };
      for (const item of list.items) expect(item.actions).toEqual(['remove']);
      const forbidden = { statusCode: 403, error: messages.forbidden };
      expect((await consultant.get('/api/admin/redirects')).body).toEqual(forbidden);
      expect((await consultant.delete(`/api/admin/redirects/${created.body.id}`)).body).toEqual(forbidden);
      expect((await admin.delete(`/api/admin/redirects/${created.body.id}`)).status).toBe(204);
    });

    it('collapses chains and refuses a loop', async () => {
      await admin.post('/api/admin/redirects').send({ fromPath: '/first', toPath: '/second' }).expect(201);
      await admin.post('/api/admin/redirects').send({ fromPath: '/second', toPath: '/about' }).expect(201);
      const answer = await testApp.request().get('/first');
      expect(answer.status).toBe(301);
      expect(answer.headers.location).toBe('/about');
      const loop = await admin.post('/api/admin/redirects').send({ fromPath: '/about-us', toPath: '/first' });
      expect(loop.status).toBe(201);
      const back = await admin.post('/api/admin/redirects').send({ fromPath: '/third', toPath: '/third/' });
      expect(back.body).toEqual({
        statusCode: 400,
        error: redirectMessages.same,
        fieldErrors: { toPath: [redirectMessages.same] },
      });
      await admin.post('/api/admin/redirects').send({ fromPath: '/ring-a', toPath: '/ring-b' }).expect(201);
      const ring = await admin.post('/api/admin/redirects').send({ fromPath: '/ring-b', toPath: '/ring-a' });
      expect(ring.status).toBe(409);
      expect(ring.body.error).toBe(redirectMessages.loop);
    });

    it('never shadows a live page: fixed pages are refused, a post published at the path takes over', async () => {
      for (const fromPath of ['/about', '/blog', '/admin/posts', '/api/posts']) {
        const refused = await admin.post('/api/admin/redirects').send({ fromPath, toPath: '/contact' });
        expect(refused.status).toBe(409);
        expect(refused.body.error).toBe(redirectMessages.livePage);
      }
      const duplicate = await admin.post('/api/admin/redirects').send({ fromPath: '/first', toPath: '/contact' });
      expect(duplicate.status).toBe(409);
      expect(duplicate.body.error).toBe(redirectMessages.exists);

      await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/blog/labs/coming-back', toPath: '/labs' })
        .expect(201);
      expect((await testApp.request().get('/blog/labs/coming-back')).status).toBe(301);
      await admin
        .post('/api/admin/posts')
        .send({
          title: 'Coming back',
          slug: 'coming-back',
          excerpt: 'It is back.',
          body: '# Back',
          section: 'labs',
          status: 'published',
        })
        .expect(201);
      expect((await testApp.request().get('/blog/labs/coming-back')).status).not.toBe(301);
      const refused = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/blog/labs/coming-back/', toPath: '/labs' });
      expect(refused.status).toBe(409);

      // A team member added in the admin has a live page at once: no redirect may hide it.
      await admin
        .post('/api/admin/team')
        .send({
          name: 'Ada Newhire',
          slug: 'ada-newhire',
          role: 'Principal Consultant',
          stripRole: '',
          bio: 'Ada helps clients ship.',
          fullBio: 'Ada joined this year.',
          linkedin: 'https://www.linkedin.com/in/ada-newhire',
          avatar: null,
          expertise: ['Delivery'],
          inStrip: true,
          hidden: false,
        })
        .expect(201);
      const memberPage = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/team/Ada-Newhire', toPath: '/about' });
      expect(memberPage.status).toBe(409);
      expect(memberPage.body.error).toBe(redirectMessages.livePage);
    });

    it('purges the page at the old path from the shared cache and moves the content version when a redirect is made or removed', async () => {
      const version = async () =>
        Number(
          (await testApp.dataSource.query<{ version: string }[]>(`SELECT version FROM content_version`))[0].version,
        );
      /** The first purge after `change` (each change is purged again 1.5 s later: that of the one before is let pass). */
      const purgedBy = async (change: () => Promise<unknown>) => {
        await new Promise((resolve) => setTimeout(resolve, 1600));
        const before = purges.length;
        await change();
        const deadline = Date.now() + 1000;
        while (purges.length === before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return purges[before];
      };
      const pageKey = contentKeys.page('/blog/tag/old-topic');

      const versionBefore = await version();
      let created: RedirectItem | undefined;
      const onCreate = await purgedBy(async () => {
        const response = await admin
          .post('/api/admin/redirects')
          .send({ fromPath: '/Blog/Tag/Old-Topic/', toPath: '/blog' })
          .expect(201);
        created = response.body as RedirectItem;
      });
      expect(onCreate).toEqual([pageKey]);
      expect(await version()).toBe(versionBefore + 1);

      const onDelete = await purgedBy(() => admin.delete(`/api/admin/redirects/${created!.id}`).expect(204));
      expect(onDelete).toEqual([pageKey]);
      expect(await version()).toBe(versionBefore + 2);

      // A refused redirect changes nothing: no purge, the same version.
      await new Promise((resolve) => setTimeout(resolve, 1600));
      const purgesBefore = purges.length;
      await admin.post('/api/admin/redirects').send({ fromPath: '/about', toPath: '/blog' }).expect(409);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(purges.length).toBe(purgesBefore);
      expect(await version()).toBe(versionBefore + 2);
    });

    it('never hides a file, a tag, a newsletter web version or an API path: refused when made, and passed over at serve time', async () => {
      const refusal = async (fromPath: string) => {
        const response = await admin.post('/api/admin/redirects').send({ fromPath, toPath: '/about' });
        expect(response.status).toBe(409);
        return response.body.error as string;
      };
      for (const file of ['/logo.png', '/favicon.svg', '/LOGO.PNG', '/images/clients/harbourline.svg', '/assets/x.js'])
        expect(await refusal(file)).toBe(redirectMessages.liveFile);
      for (const path of ['/api', '/media', '/admin', '/api/site-settings'])
        expect(await refusal(path)).toBe(redirectMessages.livePage);

      // A tag of a published post, and a sent newsletter issue's web version, are live pages.
      await admin
        .post('/api/admin/posts')
        .send({
          title: 'Tagged note',
          slug: 'tagged-note',
          excerpt: 'Tagged.',
          body: '# Tagged',
          section: 'labs',
          tags: ['Digital Twins'],
          status: 'published',
        })
        .expect(201);
      expect(await refusal('/blog/tag/digital-twins')).toBe(redirectMessages.livePage);
      await testApp.dataSource.query(
        `INSERT INTO "newsletter_issues" ("subject", "body", "status", "web_slug", "recipient_count", "sent_at")
         VALUES ('Spring notes', 'Hello readers.', 'sent', 'spring-notes', 1, now())`,
      );
      expect((await testApp.request().get('/newsletter/spring-notes')).status).toBe(200);
      expect(await refusal('/newsletter/spring-notes')).toBe(redirectMessages.livePage);

      // Redirects stored before these rules (or before the record went live) are passed over.
      await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/blog/tag/field-notes', toPath: '/about' })
        .expect(201);
      await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/newsletter/summer-notes', toPath: '/about' })
        .expect(201);
      expect((await testApp.request().get('/blog/tag/field-notes')).status).toBe(301);
      expect((await testApp.request().get('/newsletter/summer-notes')).status).toBe(301);
      await testApp.dataSource.query(
        `INSERT INTO "redirects" ("from_path", "to_path", "created_by_name") VALUES ('/logo.png', '/about', 'Old rules'), ('/favicon.svg', '/about', 'Old rules')`,
      );
      await admin
        .post('/api/admin/posts')
        .send({
          title: 'Field note',
          slug: 'field-note',
          excerpt: 'Field.',
          body: '# Field',
          section: 'labs',
          tags: ['Field notes'],
          status: 'published',
        })
        .expect(201);
      await testApp.dataSource.query(
        `INSERT INTO "newsletter_issues" ("subject", "body", "status", "web_slug", "recipient_count", "sent_at")
         VALUES ('Summer notes', 'Hello again.', 'sent', 'summer-notes', 1, now())`,
      );
      for (const path of ['/logo.png', '/favicon.svg', '/blog/tag/field-notes', '/newsletter/summer-notes'])
        expect([path, (await testApp.request().get(path)).status]).not.toEqual([path, 301]);
      expect((await testApp.request().get('/newsletter/summer-notes')).status).toBe(200);
    });

    it('follows targets on the site’s own address like paths: a loop through them is refused, alone or in a chain', async () => {
      const origin = testApp.application.config.publicUrl;
      const same = await admin.post('/api/admin/redirects').send({ fromPath: '/self-x', toPath: `${origin}/self-x` });
      expect(same.status).toBe(400);
      expect(same.body.error).toBe(redirectMessages.same);
      const sameCase = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/self-y', toPath: `${origin}/Self-Y/` });
      expect(sameCase.status).toBe(400);

      await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/hop-a', toPath: `${origin}/hop-b?from=a` })
        .expect(201);
      await admin.post('/api/admin/redirects').send({ fromPath: '/hop-b', toPath: '/hop-c' }).expect(201);
      const back = await admin.post('/api/admin/redirects').send({ fromPath: '/hop-c', toPath: `${origin}/hop-a` });
      expect(back.status).toBe(409);
      expect(back.body.error).toBe(redirectMessages.loop);
      const relativeBack = await admin.post('/api/admin/redirects').send({ fromPath: '/hop-c', toPath: '/hop-a' });
      expect(relativeBack.status).toBe(409);
      // A chain through an absolute target on the site collapses like a relative one.
      expect((await testApp.request().get('/hop-a')).headers.location).toBe('/hop-c');
    });

    it('refuses web address targets without a valid host or port with a sentence', async () => {
      for (const toPath of [
        'http://',
        'https://',
        'http://./x',
        'https://-shop.example/x',
        'https://shop.example:99999/x',
        'https://shop.example:0/x',
        'https://shop..example/x',
      ]) {
        const response = await admin.post('/api/admin/redirects').send({ fromPath: '/bad-target', toPath });
        expect([toPath, response.status]).toEqual([toPath, 400]);
        expect(response.body.fieldErrors).toEqual({ toPath: [redirectMessages.toAddressInvalid] });
      }
      await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/good-port', toPath: 'https://shop.example:8443/new?x=1' })
        .expect(201);
    });

    it('refuses addresses off the site and paths that are not paths', async () => {
      const from = await admin.post('/api/admin/redirects').send({ fromPath: 'old-page', toPath: '/about' });
      expect(from.body).toEqual({
        statusCode: 400,
        error: redirectMessages.fromInvalid,
        fieldErrors: { fromPath: [redirectMessages.fromInvalid] },
      });
      const to = await admin.post('/api/admin/redirects').send({ fromPath: '/old-page', toPath: '//evil.example' });
      expect(to.status).toBe(400);
      expect(to.body.error).toBe(redirectMessages.toInvalid);
      const outside = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/old-shop', toPath: 'https://shop.example/new' });
      expect(outside.status).toBe(201);
      expect((await testApp.request().get('/old-shop')).headers.location).toBe('https://shop.example/new');
    });

    it('lists the posts’ slug-change redirects beside them', async () => {
      const post = await admin
        .post('/api/admin/posts')
        .send({
          title: 'Renamed note',
          slug: 'renamed-note',
          excerpt: 'Renamed.',
          body: '# Renamed',
          section: 'consulting',
          status: 'published',
        })
        .expect(201);
      await admin
        .put(`/api/admin/posts/${post.body.id}`)
        .send({
          title: 'Renamed note',
          slug: 'renamed-note-2',
          excerpt: 'Renamed.',
          body: '# Renamed',
          section: 'consulting',
          status: 'published',
        })
        .expect(200);
      const list = await admin.get('/api/admin/redirects/slug-changes').expect(200);
      expect(list.body.items).toEqual([
        {
          fromPath: '/blog/consulting/renamed-note',
          toPath: '/blog/consulting/renamed-note-2',
          postTitle: 'Renamed note',
          createdAt: expect.any(String),
        },
      ]);
    });

    it('removes a redirect (it stops answering) and logs it; only admins may', async () => {
      const created = await admin
        .post('/api/admin/redirects')
        .send({ fromPath: '/short-lived', toPath: '/about' })
        .expect(201);
      expect((await consultant.delete(`/api/admin/redirects/${created.body.id}`)).status).toBe(403);
      expect((await consultant.get('/api/admin/redirects')).status).toBe(403);
      expect((await consultant.post('/api/admin/redirects').send({ fromPath: '/x', toPath: '/about' })).status).toBe(
        403,
      );
      await superAdmin.delete(`/api/admin/redirects/${created.body.id}`).expect(204);
      expect((await testApp.request().get('/short-lived')).status).not.toBe(301);
      expect((await admin.delete(`/api/admin/redirects/${created.body.id}`)).status).toBe(404);
      expect(await lastActivity('redirect.deleted')).toMatchObject({
        actor: { name: 'Test super_admin' },
        targetLabel: '/short-lived → /about',
      });
    });
  });
});
