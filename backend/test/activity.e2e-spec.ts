import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import supertest from 'supertest';
import { Secret, TOTP } from 'otpauth';
import {
  activityActions,
  emptyImportCounts,
  mediaUploadHeader,
  staffMessages,
  type ActivityAction,
  type ActivityEntry,
} from '@northbeam/common';
import { TwoFactorService } from '../src/modules/auth/two-factor/two-factor.service.js';
import { RetentionService } from '../src/modules/privacy/retention.service.js';
import { UsersRepository } from '../src/modules/users/users.repository.js';
import { ImportRunner } from '../src/modules/imports/import-runner.js';
import { caseStudyRequest } from './factories/case-study.js';
import { importFinished, postImport, smallGhostExport } from './factories/imports.js';
import { createStaff, signedInAgent, staffPassword } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

interface ActivityRow {
  actor_id: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
}

const validPost = {
  title: 'An activity post',
  slug: 'an-activity-post',
  excerpt: 'Logged.',
  body: 'Body text here.',
  section: 'labs',
};

const validCaseStudy = caseStudyRequest('an-activity-case-study', {
  title: 'An activity case study',
  summary: 'Logged.',
});

const validTeamMember = {
  name: 'An Activity Member',
  slug: 'an-activity-member',
  role: 'Consultant',
  stripRole: '',
  bio: 'Logged.',
  fullBio: '',
  linkedin: '',
  avatar: null,
  expertise: [],
  inStrip: true,
  hidden: false,
};

describe('Activity log', () => {
  let testApp: TestApp;
  let superAdmin: Agent;
  let admin: Agent;
  let consultant: Agent;
  const ids = {} as Record<'superAdmin' | 'admin' | 'consultant', string>;
  const state: {
    postId?: string;
    mediaId?: string;
    reviewPostId?: string;
    secret?: string;
    recoveryCodes?: string[];
    inviteeEmail: string;
    memberId?: string;
    caseStudyId?: string;
    teamMemberId?: string;
    redirectId?: string;
    apiTokenId?: string;
    webhookId?: string;
  } = {
    inviteeEmail: 'activity-invitee@northbeam.example',
  };

  async function linkToken(to: string, kind: string): Promise<string> {
    const rows = await testApp.dataSource.query<{ text_body: string }[]>(
      `SELECT "text_body" FROM "email_outbox" WHERE "to_address" = $1 AND "kind" = $2 ORDER BY "created_at" DESC LIMIT 1`,
      [to, kind],
    );
    return /\/admin\/(?:invitation|reset-password)\/([A-Za-z0-9_-]{43})/.exec(rows[0].text_body)![1];
  }

  async function deletionRequest(status: string, requestType = 'full_deletion'): Promise<string> {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "deletion_requests" ("id", "request_id", "email", "email_hash", "request_type", "status", "received_at", "deadline_at")
       VALUES ($1, $2, $3, $4, $5, $6, now(), now() + interval '30 days')`,
      [
        id,
        `DDR-${id.slice(0, 16).replace(/-/g, 'X').toUpperCase()}`,
        `${id}@example.com`,
        'a'.repeat(64),
        requestType,
        status,
      ],
    );
    return id;
  }

  async function enquiry(): Promise<string> {
    const id = randomUUID();
    await testApp.dataSource.query(
      `INSERT INTO "contact_messages" ("id", "name", "email", "message", "consent") VALUES ($1, 'Logged Enquirer', $2, 'Hello', true)`,
      [id, `${id}@example.com`],
    );
    return id;
  }

  /** A mail in the connected mailbox's Unmatched list (as the poller records one). */
  async function unmatchedMail(): Promise<string> {
    const [{ id }] = await testApp.dataSource.query<{ id: string }[]>(
      `INSERT INTO "inbound_messages" ("uid_validity", "uid", "state", "kind", "from_address", "from_name", "subject", "sent_at", "text", "quoted")
       VALUES (1, (SELECT coalesce(max("uid"), 0) + 1 FROM "inbound_messages"), 'unmatched', 'answer', 'someone@example.com', 'Someone', 'Re: hello', now(), 'Thanks', '')
       RETURNING "id"`,
    );
    return id;
  }

  const code = (steps = 0) =>
    TOTP.generate({
      secret: Secret.fromBase32(state.secret!),
      algorithm: 'SHA1',
      digits: 6,
      period: 30,
      timestamp: Date.now() + steps * 30_000,
    });

  /** One scenario per action: each does the action once (and what it needs first, when that is another action). */
  const scenarios: Record<
    ActivityAction,
    { run: () => Promise<unknown>; actor: () => string | null; targetType: string }
  > = {
    'auth.sign_in': {
      run: () => signedInAgent(testApp, 'admin@northbeam.example'),
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'auth.sign_in_failed': {
      run: () =>
        testApp
          .request()
          .post('/api/admin/login')
          .send({ email: 'admin@northbeam.example', password: 'wrong password!' }),
      actor: () => null,
      targetType: 'staff',
    },
    'auth.password_reset_requested': {
      run: () => testApp.request().post('/api/password-reset').send({ email: 'consultant@northbeam.example' }),
      actor: () => null,
      targetType: 'staff',
    },
    'auth.password_reset': {
      run: async () => {
        const token = await linkToken('consultant@northbeam.example', 'staff_password_reset');
        await testApp.request().post(`/api/password-reset/${token}`).send({ password: staffPassword });
        // The reset ended the consultant's sessions.
        consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
      },
      actor: () => ids.consultant,
      targetType: 'staff',
    },
    'two_factor.enabled': {
      run: async () => {
        const setup = await admin.post('/api/admin/account/two-factor/setup').send({});
        state.secret = setup.body.secret as string;
        const enabled = await admin.post('/api/admin/account/two-factor/enable').send({ code: code(-1) });
        state.recoveryCodes = enabled.body.recoveryCodes as string[];
      },
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'two_factor.recovery_code_used': {
      run: async () => {
        const agent = supertest.agent(testApp.app.getHttpServer());
        await agent.post('/api/admin/login').send({ email: 'admin@northbeam.example', password: staffPassword });
        await agent.post('/api/admin/login/two-factor').send({ code: state.recoveryCodes![0] });
      },
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'two_factor.recovery_codes_regenerated': {
      run: () => admin.post('/api/admin/account/two-factor/recovery-codes').send({ password: staffPassword }),
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'two_factor.disabled': {
      run: () => admin.post('/api/admin/account/two-factor/disable').send({ password: staffPassword }),
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'two_factor.reset': {
      run: async () => {
        await testApp.app
          .get(TwoFactorService)
          .reset((await testApp.app.get(UsersRepository).findByEmail('admin@northbeam.example'))!);
        // The reset ended the admin's sessions.
        admin = await signedInAgent(testApp, 'admin@northbeam.example');
      },
      actor: () => null,
      targetType: 'staff',
    },
    'session.ended': {
      run: async () => {
        const other = await signedInAgent(testApp, 'super-admin@northbeam.example');
        const sessions = await other.get('/api/admin/account/sessions');
        const current = (sessions.body as { id: string; current: boolean }[]).find((session) => session.current)!;
        await superAdmin.delete(`/api/admin/account/sessions/${current.id}`);
      },
      actor: () => ids.superAdmin,
      targetType: 'session',
    },
    'staff.invited': {
      run: () =>
        superAdmin.post('/api/admin/staff/invitations').send({ email: state.inviteeEmail, role: 'consultant' }),
      actor: () => ids.superAdmin,
      targetType: 'invitation',
    },
    'staff.invitation_accepted': {
      run: async () => {
        const token = await linkToken(state.inviteeEmail, 'staff_invitation');
        await testApp
          .request()
          .post(`/api/staff-invitations/${token}`)
          .send({ name: 'Ivy Invitee', password: staffPassword });
        const [row] = await testApp.dataSource.query<{ id: string }[]>(`SELECT "id" FROM "users" WHERE "email" = $1`, [
          state.inviteeEmail,
        ]);
        state.memberId = row.id;
      },
      actor: () => state.memberId!,
      targetType: 'staff',
    },
    'staff.role_changed': {
      run: () => superAdmin.patch(`/api/admin/staff/${state.memberId}`).send({ role: 'admin' }),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'staff.disabled': {
      run: () => superAdmin.patch(`/api/admin/staff/${state.memberId}`).send({ disabled: true }),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'staff.enabled': {
      run: () => superAdmin.patch(`/api/admin/staff/${state.memberId}`).send({ disabled: false }),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'staff.password_reset_sent': {
      run: () => superAdmin.post(`/api/admin/staff/${state.memberId}/password-reset`).send({}),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'staff.signed_out_everywhere': {
      run: () => superAdmin.post(`/api/admin/staff/${state.memberId}/sign-out-everywhere`).send({}),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'staff.removed': {
      run: () => superAdmin.delete(`/api/admin/staff/${state.memberId}`),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'post.created': {
      run: async () => {
        const created = await consultant.post('/api/admin/posts').send(validPost);
        state.postId = created.body.id as string;
      },
      actor: () => ids.consultant,
      targetType: 'post',
    },
    'post.updated': {
      run: () => consultant.put(`/api/admin/posts/${state.postId}`).send({ ...validPost, title: 'Edited' }),
      actor: () => ids.consultant,
      targetType: 'post',
    },
    'post.published': {
      run: () => admin.put(`/api/admin/posts/${state.postId}`).send({ ...validPost, status: 'published' }),
      actor: () => ids.admin,
      targetType: 'post',
    },
    'post.unpublished': {
      run: () => admin.put(`/api/admin/posts/${state.postId}`).send({ ...validPost, status: 'draft' }),
      actor: () => ids.admin,
      targetType: 'post',
    },
    'post.restored': {
      run: async () => {
        const revisions = await admin.get(`/api/admin/posts/${state.postId}/revisions`);
        const oldest = (revisions.body.items as { id: string }[]).at(-1)!;
        await admin.post(`/api/admin/posts/${state.postId}/revisions/${oldest.id}/restore`);
      },
      actor: () => ids.admin,
      targetType: 'post',
    },
    'post.deleted': {
      run: () => admin.delete(`/api/admin/posts/${state.postId}`),
      actor: () => ids.admin,
      targetType: 'post',
    },
    'privacy.request_approved': {
      run: async () => admin.post(`/api/admin/deletion-requests/${await deletionRequest('verified')}/approve`).send({}),
      actor: () => ids.admin,
      targetType: 'deletion_request',
    },
    'privacy.request_rejected': {
      run: async () =>
        admin
          .post(`/api/admin/deletion-requests/${await deletionRequest('verified')}/reject`)
          .send({ reason: 'Not ours' }),
      actor: () => ids.admin,
      targetType: 'deletion_request',
    },
    'privacy.request_completed': {
      run: async () =>
        admin
          .post(`/api/admin/deletion-requests/${await deletionRequest('approved', 'partial_deletion')}/complete`)
          .send({ note: 'Removed the CRM entry' }),
      actor: () => ids.admin,
      targetType: 'deletion_request',
    },
    'enquiry.status_changed': {
      run: async () => admin.patch(`/api/admin/enquiries/${await enquiry()}`).send({ status: 'open' }),
      actor: () => ids.admin,
      targetType: 'enquiry',
    },
    'enquiry.assigned': {
      run: async () => admin.patch(`/api/admin/enquiries/${await enquiry()}`).send({ assigneeId: ids.consultant }),
      actor: () => ids.admin,
      targetType: 'enquiry',
    },
    'enquiry.replied': {
      run: async () =>
        admin
          .post(`/api/admin/enquiries/${await enquiry()}/replies`)
          .send({ subject: 'Your enquiry', body: 'Thank you.' }),
      actor: () => ids.admin,
      targetType: 'enquiry',
    },
    'inbound_mail.attached': {
      run: async () =>
        admin
          .post(`/api/admin/inbound-mail/unmatched/${await unmatchedMail()}/attach`)
          .send({ enquiryId: await enquiry() }),
      actor: () => ids.admin,
      targetType: 'enquiry',
    },
    'inbound_mail.dismissed': {
      run: async () => admin.post(`/api/admin/inbound-mail/unmatched/${await unmatchedMail()}/dismiss`),
      actor: () => ids.admin,
      targetType: 'inbound_mail',
    },
    'reply_template.created': {
      run: () => admin.post('/api/admin/reply-templates').send({ name: 'Created template', body: 'Thank you.' }),
      actor: () => ids.admin,
      targetType: 'reply_template',
    },
    'reply_template.updated': {
      run: async () => {
        const created = await admin.post('/api/admin/reply-templates').send({ name: 'To update', body: 'Hello.' });
        return admin.put(`/api/admin/reply-templates/${created.body.id}`).send({ name: 'Updated', body: 'Hello!' });
      },
      actor: () => ids.admin,
      targetType: 'reply_template',
    },
    'reply_template.deleted': {
      run: async () => {
        const created = await admin.post('/api/admin/reply-templates').send({ name: 'To delete', body: 'Hello.' });
        return admin.delete(`/api/admin/reply-templates/${created.body.id}`);
      },
      actor: () => ids.admin,
      targetType: 'reply_template',
    },
    'notifications.preferences_changed': {
      run: () => admin.put('/api/admin/account/notifications').send({ off: ['post_live'] }),
      actor: () => ids.admin,
      targetType: 'staff',
    },
    'enquiry.exported': {
      run: () => admin.get('/api/admin/enquiries.csv'),
      actor: () => ids.admin,
      targetType: 'export',
    },
    'site.exported': {
      run: () => admin.get('/api/admin/exports/site'),
      actor: () => ids.admin,
      targetType: 'export',
    },
    'subscriber.removed': {
      run: async () => {
        const id = randomUUID();
        await testApp.dataSource.query(
          `INSERT INTO "subscribers" ("id", "email", "status") VALUES ($1, $2, 'confirmed')`,
          [id, `${id}@example.com`],
        );
        return admin.delete(`/api/admin/subscribers/${id}`);
      },
      actor: () => ids.admin,
      targetType: 'subscriber',
    },
    'subscriber.exported': {
      run: () => admin.get('/api/admin/subscribers.csv'),
      actor: () => ids.admin,
      targetType: 'export',
    },
    'playbook.exported': {
      run: () => admin.get('/api/admin/playbook-requests.csv'),
      actor: () => ids.admin,
      targetType: 'export',
    },
    'newsletter.draft_created': {
      run: () => newsletterDraft(),
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.draft_updated': {
      run: async () =>
        admin
          .put(`/api/admin/newsletter/issues/${await newsletterDraft()}`)
          .send({ subject: 'Edited', body: 'Edited body' }),
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.draft_deleted': {
      run: async () => admin.delete(`/api/admin/newsletter/issues/${await newsletterDraft()}`),
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.test_sent': {
      run: async () => admin.post(`/api/admin/newsletter/issues/${await newsletterDraft()}/test`),
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.sent': {
      run: async () => {
        await testApp.dataSource.query(
          `INSERT INTO "subscribers" ("id", "email", "status") VALUES ($1, $2, 'confirmed')`,
          [randomUUID(), `${randomUUID()}@example.com`],
        );
        return admin.post(`/api/admin/newsletter/issues/${await newsletterDraft()}/send`).expect(200);
      },
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.scheduled': {
      run: async () => {
        await testApp.dataSource.query(
          `INSERT INTO "subscribers" ("id", "email", "status") VALUES ($1, $2, 'confirmed')`,
          [randomUUID(), `${randomUUID()}@example.com`],
        );
        return admin
          .post(`/api/admin/newsletter/issues/${await newsletterDraft()}/schedule`)
          .send({ sendAt: new Date(Date.now() + 86_400_000).toISOString() })
          .expect(200);
      },
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    'newsletter.unscheduled': {
      run: async () => {
        await testApp.dataSource.query(
          `INSERT INTO "subscribers" ("id", "email", "status") VALUES ($1, $2, 'confirmed')`,
          [randomUUID(), `${randomUUID()}@example.com`],
        );
        const id = await newsletterDraft();
        await admin
          .post(`/api/admin/newsletter/issues/${id}/schedule`)
          .send({ sendAt: new Date(Date.now() + 86_400_000).toISOString() })
          .expect(200);
        return admin.post(`/api/admin/newsletter/issues/${id}/unschedule`).expect(200);
      },
      actor: () => ids.admin,
      targetType: 'newsletter_issue',
    },
    // Media library
    'media.uploaded': {
      run: async () => {
        const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#0af' } })
          .png()
          .toBuffer();
        const response = await consultant
          .post('/api/admin/media')
          .set(mediaUploadHeader.name, mediaUploadHeader.value)
          .field('alt', 'A blue square')
          .attach('file', png, 'square.png');
        state.mediaId = (response.body as { id: string }).id;
      },
      actor: () => ids.consultant,
      targetType: 'media',
    },
    'media.alt_changed': {
      run: () => admin.patch(`/api/admin/media/${state.mediaId}`).send({ alt: 'A small blue square' }),
      actor: () => ids.admin,
      targetType: 'media',
    },
    'media.deleted': {
      run: () => admin.delete(`/api/admin/media/${state.mediaId}`),
      actor: () => ids.admin,
      targetType: 'media',
    },
    'privacy.request_extended': {
      run: async () =>
        admin
          .post(`/api/admin/deletion-requests/${await deletionRequest('verified')}/extend`)
          .send({ months: 1, reason: 'Records in several systems' }),
      actor: () => ids.admin,
      targetType: 'deletion_request',
    },
    'privacy.export_reviewed': {
      run: async () => {
        const id = await deletionRequest('verified', 'access');
        const findings = await admin.get(`/api/admin/deletion-requests/${id}/findings`);
        return admin
          .post(`/api/admin/deletion-requests/${id}/approve`)
          .send({ digest: findings.body.digest, include: [], exclude: [] });
      },
      actor: () => ids.admin,
      targetType: 'deletion_request',
    },
    'privacy.consent_exported': {
      run: async () => {
        const recorded = await testApp
          .request()
          .post('/api/consent')
          .send({ analytics: false, marketing: false, action: 'reject_all', bannerVersion: '0badc0de' });
        return admin.get(`/api/admin/privacy/consent/${recorded.body.consentId}/export`);
      },
      actor: () => ids.admin,
      targetType: 'export',
    },
    // Scheduling and review (docs/product.md#publishing), on a post of their own.
    'post.submitted_for_review': {
      run: async () => {
        const reviewed = { ...validPost, slug: 'an-activity-review' };
        const created = await consultant.post('/api/admin/posts').send(reviewed);
        state.reviewPostId = created.body.id as string;
        await consultant.put(`/api/admin/posts/${state.reviewPostId}`).send({ ...reviewed, status: 'in_review' });
      },
      actor: () => ids.consultant,
      targetType: 'post',
    },
    'post.sent_back': {
      run: () => admin.post(`/api/admin/posts/${state.reviewPostId}/send-back`).send({ note: 'Shorter, please.' }),
      actor: () => ids.admin,
      targetType: 'post',
    },
    'post.scheduled': {
      run: () =>
        admin.put(`/api/admin/posts/${state.reviewPostId}`).send({
          ...validPost,
          slug: 'an-activity-review',
          status: 'scheduled',
          publishAt: new Date(Date.now() + 86_400_000).toISOString(),
        }),
      actor: () => ids.admin,
      targetType: 'post',
    },
    'post.unscheduled': {
      run: () =>
        admin
          .put(`/api/admin/posts/${state.reviewPostId}`)
          .send({ ...validPost, slug: 'an-activity-review', status: 'draft' }),
      actor: () => ids.admin,
      targetType: 'post',
    },
    // Case studies in the admin.
    'case_study.created': {
      run: async () => {
        const created = await admin.post('/api/admin/case-studies').send(validCaseStudy);
        state.caseStudyId = created.body.id as string;
      },
      actor: () => ids.admin,
      targetType: 'case_study',
    },
    'case_study.updated': {
      run: () =>
        superAdmin.put(`/api/admin/case-studies/${state.caseStudyId}`).send({ ...validCaseStudy, title: 'Edited' }),
      actor: () => ids.superAdmin,
      targetType: 'case_study',
    },
    'case_study.published': {
      run: () => admin.post(`/api/admin/case-studies/${state.caseStudyId}/publish`),
      actor: () => ids.admin,
      targetType: 'case_study',
    },
    'case_study.unpublished': {
      run: () => admin.post(`/api/admin/case-studies/${state.caseStudyId}/unpublish`),
      actor: () => ids.admin,
      targetType: 'case_study',
    },
    'case_study.restored': {
      run: async () => {
        const revisions = await admin.get(`/api/admin/case-studies/${state.caseStudyId}/revisions`);
        const oldest = (revisions.body.items as { id: string }[]).at(-1)!;
        await admin.post(`/api/admin/case-studies/${state.caseStudyId}/revisions/${oldest.id}/restore`);
      },
      actor: () => ids.admin,
      targetType: 'case_study',
    },
    'case_study.deleted': {
      run: () => admin.delete(`/api/admin/case-studies/${state.caseStudyId}`),
      actor: () => ids.admin,
      targetType: 'case_study',
    },
    'team.member_created': {
      run: async () => {
        const created = await admin.post('/api/admin/team').send(validTeamMember).expect(201);
        state.teamMemberId = created.body.id as string;
      },
      actor: () => ids.admin,
      targetType: 'team_member',
    },
    'team.member_updated': {
      run: () =>
        admin
          .put(`/api/admin/team/${state.teamMemberId}`)
          .send({ ...validTeamMember, bio: 'Changed.' })
          .expect(200),
      actor: () => ids.admin,
      targetType: 'team_member',
    },
    'team.reordered': {
      run: async () => {
        const list = await admin.get('/api/admin/team').expect(200);
        const order = (list.body.items as { id: string }[]).map((item) => item.id).reverse();
        await admin.put('/api/admin/team/order').send({ ids: order }).expect(204);
      },
      actor: () => ids.admin,
      targetType: 'team_member',
    },
    'staff.team_member_linked': {
      run: () =>
        superAdmin.patch(`/api/admin/staff/${ids.consultant}`).send({ teamMemberId: state.teamMemberId }).expect(200),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'team.member_deleted': {
      run: () => admin.delete(`/api/admin/team/${state.teamMemberId}`).expect(204),
      actor: () => ids.admin,
      targetType: 'team_member',
    },
    'staff.renamed': {
      run: () =>
        superAdmin.patch(`/api/admin/staff/${ids.consultant}`).send({ name: 'Test consultant renamed' }).expect(200),
      actor: () => ids.superAdmin,
      targetType: 'staff',
    },
    'account.renamed': {
      run: () => consultant.patch('/api/admin/account').send({ name: 'Test consultant' }).expect(200),
      actor: () => ids.consultant,
      targetType: 'staff',
    },
    'settings.updated': {
      run: async () => {
        const current = await admin.get('/api/admin/settings').expect(200);
        const { updatedAt: _at, updatedByName: _by, ...settings } = current.body as Record<string, unknown>;
        return admin
          .put('/api/admin/settings')
          .send({ ...settings, phone: '+44 20 7946 0999' })
          .expect(200);
      },
      actor: () => ids.admin,
      targetType: 'settings',
    },
    'settings.mailbox_changed': {
      run: async () => {
        const current = await admin.get('/api/admin/settings').expect(200);
        const { updatedAt: _at, updatedByName: _by, ...settings } = current.body as Record<string, unknown>;
        return admin
          .put('/api/admin/settings')
          .send({ ...settings, privacyInbox: `privacy-${Date.now()}@northbeam.example` })
          .expect(200);
      },
      actor: () => ids.admin,
      targetType: 'settings',
    },
    'settings.playbook_uploaded': {
      run: () =>
        admin
          .post('/api/admin/settings/playbook')
          .set(mediaUploadHeader.name, mediaUploadHeader.value)
          .attach('file', Buffer.from('%PDF-1.4\n%%EOF\n'), 'logged-playbook.pdf')
          .expect(201),
      actor: () => ids.admin,
      targetType: 'settings',
    },
    'settings.playbook_reset': {
      run: () => admin.delete('/api/admin/settings/playbook').expect(200),
      actor: () => ids.admin,
      targetType: 'settings',
    },
    'redirect.created': {
      run: async () => {
        const created = await admin
          .post('/api/admin/redirects')
          .send({ fromPath: '/old-logged-page', toPath: '/about' })
          .expect(201);
        state.redirectId = created.body.id as string;
      },
      actor: () => ids.admin,
      targetType: 'redirect',
    },
    'redirect.deleted': {
      run: () => admin.delete(`/api/admin/redirects/${state.redirectId}`).expect(204),
      actor: () => ids.admin,
      targetType: 'redirect',
    },
    'api_token.created': {
      run: async () => {
        const created = await superAdmin
          .post('/api/admin/api-tokens')
          .send({ name: 'Activity sync', role: 'consultant', expiresInDays: 30 })
          .expect(201);
        state.apiTokenId = created.body.apiToken.id as string;
      },
      actor: () => ids.superAdmin,
      targetType: 'api_token',
    },
    'api_token.revoked': {
      run: () => superAdmin.post(`/api/admin/api-tokens/${state.apiTokenId}/revoke`).expect(200),
      actor: () => ids.superAdmin,
      targetType: 'api_token',
    },
    'webhook.created': {
      run: async () => {
        const created = await admin
          .post('/api/admin/webhooks')
          .send({ url: 'https://hooks.example.com/logged', events: ['post.published'], format: 'standard' })
          .expect(201);
        state.webhookId = (created.body as { endpoint: { id: string } }).endpoint.id;
      },
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.updated': {
      run: () =>
        admin
          .put(`/api/admin/webhooks/${state.webhookId}`)
          .send({ url: 'https://hooks.example.com/logged-2', events: ['post.published'], format: 'slack' })
          .expect(200),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.secret_rotated': {
      run: () => admin.post(`/api/admin/webhooks/${state.webhookId}/rotate-secret`).expect(200),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.test_sent': {
      run: () => admin.post(`/api/admin/webhooks/${state.webhookId}/test`).expect(202),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.redelivered': {
      run: async () => {
        // The test event is given up here rather than tried against a name that does not resolve.
        await testApp.dataSource.query(`UPDATE "webhook_deliveries" SET "status" = 'failed' WHERE "endpoint_id" = $1`, [
          state.webhookId,
        ]);
        const [delivery] = await testApp.dataSource.query<{ id: string }[]>(
          `SELECT "id" FROM "webhook_deliveries" WHERE "endpoint_id" = $1`,
          [state.webhookId],
        );
        await admin.post(`/api/admin/webhooks/${state.webhookId}/deliveries/${delivery.id}/redeliver`).expect(202);
      },
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.paused': {
      run: () => admin.post(`/api/admin/webhooks/${state.webhookId}/pause`).expect(200),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.resumed': {
      run: () => admin.post(`/api/admin/webhooks/${state.webhookId}/resume`).expect(200),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    'webhook.deleted': {
      run: () => admin.delete(`/api/admin/webhooks/${state.webhookId}`).expect(204),
      actor: () => ids.admin,
      targetType: 'webhook_endpoint',
    },
    // One line per import run (docs/import.md), written when the job ends.
    'import.completed': {
      run: async () => {
        const started = await postImport(admin, smallGhostExport({ slug: 'activity-import' }), 'activity.json');
        expect(started.status).toBe(202);
        expect((await importFinished(admin, started.body.id as string)).state).toBe('done');
      },
      actor: () => ids.admin,
      targetType: 'import',
    },
    'import.failed': {
      run: async () => {
        // A job whose parsed file is gone (it cannot happen through the API): the run ends as failed.
        const [{ id }] = await testApp.dataSource.query<{ id: string }[]>(
          `INSERT INTO "import_jobs" ("kind", "filename", "total", "counts", "created_by_id", "created_by_name", "created_by_role")
           VALUES ('ghost', 'lost.json', 1, $1, $2, 'Admin', 'admin') RETURNING "id"`,
          [JSON.stringify(emptyImportCounts()), ids.admin],
        );
        testApp.app.get(ImportRunner).kick();
        expect((await importFinished(admin, id)).state).toBe('failed');
      },
      actor: () => ids.admin,
      targetType: 'import',
    },
  };

  async function newsletterDraft(): Promise<string> {
    const created = await admin
      .post('/api/admin/newsletter/issues')
      .send({ subject: 'An issue', body: 'Hello readers' })
      .expect(201);
    return created.body.id as string;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: false } });
    ids.superAdmin = (await createStaff(testApp, 'super_admin')).id;
    ids.admin = (await createStaff(testApp, 'admin')).id;
    ids.consultant = (await createStaff(testApp, 'consultant')).id;
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('has a scenario for every action the log knows', () => {
    expect(Object.keys(scenarios).sort()).toEqual([...activityActions].sort());
  });

  it.each(Object.keys(scenarios) as ActivityAction[])(
    '%s leaves exactly one line, with its actor and target',
    async (action) => {
      const rows = () =>
        testApp.dataSource.query<ActivityRow[]>(`SELECT * FROM "staff_activity" WHERE "action" = $1 ORDER BY "at"`, [
          action,
        ]);
      const before = (await rows()).length;
      await scenarios[action].run();
      const after = await rows();
      expect(after).toHaveLength(before + 1);
      const line = after.at(-1)!;
      expect(line.actor_id).toBe(scenarios[action].actor());
      expect(line.target_type).toBe(scenarios[action].targetType);
      expect(line.target_id).toEqual(expect.any(String));
    },
  );

  it('rolls the line back with a refused action (written in the same transaction)', async () => {
    const before = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "staff_activity"`,
    );
    const refused = await superAdmin.patch(`/api/admin/staff/${ids.superAdmin}`).send({ role: 'admin' });
    expect(refused.status).toBe(409);
    const after = await testApp.dataSource.query<{ count: number }[]>(
      `SELECT count(*)::int AS "count" FROM "staff_activity"`,
    );
    expect(after[0].count).toBe(before[0].count);
  });

  describe('GET /api/admin/activity', () => {
    it('pages the log newest first with names and labels, filtered by actor, action and dates', async () => {
      const page = await admin.get('/api/admin/activity');
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ page: 1, pageSize: 15, total: expect.any(Number) });
      const items = page.body.items as ActivityEntry[];
      expect(items).toHaveLength(15);
      expect([...items].sort((a, b) => b.at.localeCompare(a.at))).toEqual(items);

      const recent = await admin.get('/api/admin/activity').query({ limit: 10 });
      expect(recent.body.items).toHaveLength(10);
      expect(recent.body.items[0]).toEqual(items[0]);

      const deleted = await admin.get('/api/admin/activity').query({ action: 'post.deleted' });
      expect(deleted.body.items).toEqual([
        {
          id: expect.any(String),
          at: expect.any(String),
          actor: { id: ids.admin, name: 'Test admin', email: 'admin@northbeam.example' },
          action: 'post.deleted',
          targetType: 'post',
          targetId: state.postId,
          targetLabel: validPost.title,
        },
      ]);
      const bySuperAdmin = await admin.get('/api/admin/activity').query({ actor: ids.superAdmin });
      expect((bySuperAdmin.body.items as ActivityEntry[]).every((item) => item.actor?.id === ids.superAdmin)).toBe(
        true,
      );
      const today = new Date().toISOString().slice(0, 10);
      expect((await admin.get('/api/admin/activity').query({ from: today, to: today })).body.total).toBe(
        page.body.total,
      );
      expect((await admin.get('/api/admin/activity').query({ to: '2000-01-01' })).body.total).toBe(0);
    });

    it("gives each actor's current e-mail with their name, and none once the account is removed", async () => {
      const accepted = await admin.get('/api/admin/activity').query({ action: 'staff.invitation_accepted' });
      // The invitee accepted, then was removed: the line keeps the name they had, without an address.
      expect((accepted.body.items as ActivityEntry[]).map((item) => item.actor)).toEqual([
        { id: state.memberId, name: 'Ivy Invitee', email: null },
      ]);
      const removed = await admin.get('/api/admin/activity').query({ action: 'staff.removed' });
      expect((removed.body.items as ActivityEntry[])[0].actor).toEqual({
        id: ids.superAdmin,
        name: 'Test super_admin',
        email: 'super-admin@northbeam.example',
      });
    });

    it('shows a consultant only their own actions, whatever the filter asks', async () => {
      const own = await consultant.get('/api/admin/activity').query({ actor: ids.admin });
      expect(own.status).toBe(200);
      expect(own.body.total).toBeGreaterThan(0);
      expect((own.body.items as ActivityEntry[]).every((item) => item.actor?.id === ids.consultant)).toBe(true);
    });

    it('answers 400 for a bad filter', async () => {
      const badDate = await admin.get('/api/admin/activity').query({ from: '25/11/2026' });
      expect(badDate.status).toBe(400);
      expect(badDate.body.error).toBe(staffMessages.dateInvalid);
      expect((await admin.get('/api/admin/activity').query({ action: 'made.up' })).body.error).toBe(
        staffMessages.actionInvalid,
      );
      expect((await admin.get('/api/admin/activity').query({ limit: 100 })).status).toBe(400);
    });
  });

  it('is kept two years by the daily purge', async () => {
    const now = new Date();
    const older = new Date(now);
    older.setUTCFullYear(older.getUTCFullYear() - 2);
    older.setUTCDate(older.getUTCDate() - 1);
    const recent = new Date(now);
    recent.setUTCFullYear(recent.getUTCFullYear() - 1);
    await testApp.dataSource.query(
      `INSERT INTO "staff_activity" ("at", "action", "target_label") VALUES ($1, 'auth.sign_in', 'too old'), ($2, 'auth.sign_in', 'kept')`,
      [older, recent],
    );
    const purged = await testApp.app.get(RetentionService).runRetention(now);
    expect(purged['staff_activity older than 2 years']).toBe(1);
    const labels = await testApp.dataSource.query<{ target_label: string }[]>(
      `SELECT "target_label" FROM "staff_activity" WHERE "target_label" IN ('too old', 'kept')`,
    );
    expect(labels).toEqual([{ target_label: 'kept' }]);
  });
});
