import sharp from 'sharp';
import {
  mediaUploadHeader,
  messages,
  team,
  teamMessages,
  type AdminTeamMember,
  type ListPage,
  type TeamMember,
  type TeamMemberFields,
  type TeamProfile,
} from '@northbeam/common';
import { createStaff, signedInAgent } from './factories/staff.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const hookTimeoutMs = 120_000;
type Agent = Awaited<ReturnType<typeof signedInAgent>>;

function memberFields(name: string, overrides: Partial<TeamMemberFields> = {}): TeamMemberFields {
  const slug = name.toLowerCase().replace(/\s+/g, '-');
  return {
    name,
    slug,
    role: 'Principal Consultant',
    stripRole: '',
    bio: `${name} helps clients ship.`,
    fullBio: `${name} joined this year.\n\nBefore that, a decade of delivery.`,
    linkedin: `https://www.linkedin.com/in/${slug}`,
    avatar: null,
    expertise: ['Delivery', '#AIGovernance'],
    inStrip: true,
    hidden: false,
    ...overrides,
  };
}

describe('The team as records', () => {
  let testApp: TestApp;
  let superAdmin: Agent;
  let admin: Agent;
  let consultant: Agent;
  let consultantId: string;

  async function contentVersion(): Promise<number> {
    const [row] = await testApp.dataSource.query<{ version: string }[]>(
      `SELECT version FROM content_version WHERE id = 1`,
    );
    return Number(row.version);
  }

  async function activity(targetId: string): Promise<string[]> {
    const rows = await testApp.dataSource.query<{ action: string }[]>(
      `SELECT action FROM staff_activity WHERE target_type = 'team_member' AND target_id = $1 ORDER BY at, id`,
      [targetId],
    );
    return rows.map((row) => row.action);
  }

  /** What an anonymous visitor's page reads. */
  async function publicTeam(): Promise<TeamMember[]> {
    const response = await testApp.request().get('/api/team');
    expect(response.status).toBe(200);
    return response.body as TeamMember[];
  }

  async function create(name: string, overrides: Partial<TeamMemberFields> = {}): Promise<AdminTeamMember> {
    const response = await admin.post('/api/admin/team').send(memberFields(name, overrides));
    if (response.status !== 201) throw new Error(`create failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as AdminTeamMember;
  }

  beforeAll(async () => {
    testApp = await createTestApp({ config: { seedContent: true } });
    await createStaff(testApp, 'super_admin');
    await createStaff(testApp, 'admin');
    consultantId = (await createStaff(testApp, 'consultant')).id;
    superAdmin = await signedInAgent(testApp, 'super-admin@northbeam.example');
    admin = await signedInAgent(testApp, 'admin@northbeam.example');
    consultant = await signedInAgent(testApp, 'consultant@northbeam.example');
  }, hookTimeoutMs);

  afterAll(async () => {
    await testApp?.close();
  }, hookTimeoutMs);

  it('starts with the seven built-in members, every field, in order, on the public list', async () => {
    const members = await publicTeam();
    expect(members).toEqual(team.map((member) => ({ ...member })));
    const list = await admin.get('/api/admin/team');
    expect(list.status).toBe(200);
    const page = list.body as ListPage<AdminTeamMember>;
    expect(page).toMatchObject({ total: 7, page: 1, pageSize: 20 });
    expect(page.items.map((item) => item.position)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const profile = await testApp.request().get(`/api/team/${team[0].slug}`);
    expect(profile.status).toBe(200);
    expect((profile.body as TeamProfile).member.name).toBe(team[0].name);
    // The built-in posts credit their authors by id: the profile lists them.
    expect((profile.body as TeamProfile).articles.length).toBeGreaterThan(0);
  });

  it('adds a member: on the public list at once, content version moved, logged', async () => {
    const before = await contentVersion();
    const created = await create('Ada Quinn');
    expect(created).toMatchObject({
      name: 'Ada Quinn',
      slug: 'ada-quinn',
      stripRole: 'Principal Consultant',
      expertise: ['#Delivery', '#AIGovernance'],
      position: 7,
      hidden: false,
      staff: [],
    });
    expect(await contentVersion()).toBeGreaterThan(before);
    expect((await publicTeam()).map((member) => member.slug).at(-1)).toBe('ada-quinn');
    expect(await activity(created.id)).toEqual(['team.member_created']);
    const profile = await testApp.request().get('/api/team/ada-quinn');
    expect(profile.status).toBe(200);
    expect(profile.body).toMatchObject({ member: { name: 'Ada Quinn' }, articles: [] });
  });

  it('refuses bad input with a sentence under each field, and a taken slug with 409', async () => {
    const bad = await admin.post('/api/admin/team').send({
      ...memberFields('Bad'),
      name: '',
      slug: 'Not A Slug',
      linkedin: 'http://insecure.example',
      avatar: 'https://elsewhere.example/a.png',
      expertise: Array.from({ length: 13 }, (_, index) => `tag${index}`),
    });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors).toMatchObject({
      name: [teamMessages.nameRequired],
      slug: [messages.slugInvalid],
      linkedin: [teamMessages.linkedinInvalid],
      avatar: [teamMessages.avatarInvalid],
      expertise: [teamMessages.expertiseInvalid],
    });
    const taken = await admin.post('/api/admin/team').send(memberFields('Someone', { slug: team[1].slug }));
    expect(taken.status).toBe(409);
    expect(taken.body.error).toBe(teamMessages.slugTaken);
    const missingImage = await admin
      .post('/api/admin/team')
      .send(memberFields('Pic', { avatar: '/media/11111111-1111-4111-8111-111111111111/640.webp' }));
    expect(missingImage.status).toBe(400);
    expect(missingImage.body.fieldErrors).toEqual({ avatar: [teamMessages.avatarNotInLibrary] });
    expect((await admin.get('/api/admin/team/not-a-member')).status).toBe(404);
  });

  it('takes a photo from the media library, which then cannot be deleted while the member uses it', async () => {
    const png = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const uploaded = await admin
      .post('/api/admin/media')
      .set(mediaUploadHeader.name, mediaUploadHeader.value)
      .field('alt', 'A portrait')
      .attach('file', png, { filename: 'portrait.png', contentType: 'image/png' });
    expect(uploaded.status).toBe(201);
    const avatar = `/media/${uploaded.body.id}/320.webp`;
    const created = await create('Pia Photo', { avatar });
    expect((await publicTeam()).find((member) => member.id === created.id)?.avatar).toBe(avatar);
    const refused = await admin.delete(`/api/admin/media/${uploaded.body.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toContain('Team member “Pia Photo” (photo)');
  });

  it('edits a member: a changed slug redirects, the name follows onto their posts, the public answer changes at once', async () => {
    const created = await create('Bea Stone');
    const before = await contentVersion();
    const post = await admin.post('/api/admin/posts').send({
      title: 'A post by Bea',
      slug: 'a-post-by-bea',
      excerpt: 'An excerpt.',
      body: 'Body text of the post.',
      section: 'labs',
      authorId: created.id,
      authorName: 'Bea Stone',
      authorCredentials: 'Principal Consultant',
      authorBio: 'Bio',
      tags: [],
      status: 'published',
    });
    expect(post.status).toBe(201);
    const updated = await admin
      .put(`/api/admin/team/${created.id}`)
      .send(memberFields('Beatrice Stone', { slug: 'beatrice-stone', bio: 'A new bio.' }));
    expect(updated.status).toBe(200);
    expect(await contentVersion()).toBeGreaterThan(before);
    const shown = (await publicTeam()).find((member) => member.id === created.id);
    expect(shown).toMatchObject({ name: 'Beatrice Stone', slug: 'beatrice-stone', bio: 'A new bio.' });
    const redirect = await testApp.request().get('/team/bea-stone?ref=x');
    expect(redirect.status).toBe(301);
    expect(redirect.headers.location).toBe('/team/beatrice-stone?ref=x');
    expect((await testApp.request().get('/api/team/bea-stone')).status).toBe(404);
    const profile = await testApp.request().get('/api/team/beatrice-stone');
    expect((profile.body as TeamProfile).articles.map((article) => article.slug)).toEqual(['a-post-by-bea']);
    const article = await testApp.request().get('/api/posts/labs/a-post-by-bea');
    expect(article.body).toMatchObject({ authorId: created.id, authorName: 'Beatrice Stone' });
    expect(await activity(created.id)).toEqual(['team.member_created', 'team.member_updated']);
  });

  it('hides a member: off the public list, no page, no redirect; shown again when unhidden', async () => {
    const created = await create('Cy Hidden');
    await admin.put(`/api/admin/team/${created.id}`).send(memberFields('Cy Hidden', { hidden: true }));
    expect((await publicTeam()).some((member) => member.id === created.id)).toBe(false);
    expect((await testApp.request().get('/api/team/cy-hidden')).status).toBe(404);
    await admin.put(`/api/admin/team/${created.id}`).send(memberFields('Cy Hidden', { inStrip: false }));
    expect((await publicTeam()).find((member) => member.id === created.id)).toMatchObject({ inStrip: false });
  });

  it('reorders the team: every member once, or 400', async () => {
    const list = (await admin.get('/api/admin/team').query({ page: 1 })).body as ListPage<AdminTeamMember>;
    const ids = list.items.map((item) => item.id);
    const reversed = [...ids].reverse();
    const before = await contentVersion();
    expect((await admin.put('/api/admin/team/order').send({ ids: reversed })).status).toBe(204);
    expect(await contentVersion()).toBeGreaterThan(before);
    expect((await publicTeam()).map((member) => member.id)).toEqual(
      reversed.filter((id) => list.items.find((item) => item.id === id && !item.hidden)),
    );
    const missing = await admin.put('/api/admin/team/order').send({ ids: reversed.slice(1) });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe(teamMessages.orderInvalid);
    const [line] = await testApp.dataSource.query<{ action: string }[]>(
      `SELECT action FROM staff_activity WHERE action = 'team.reordered'`,
    );
    expect(line).toBeDefined();
    await admin.put('/api/admin/team/order').send({ ids });
  });

  it('removes a member: their posts keep the author text, unlinked', async () => {
    const created = await create('Dee Gone');
    await admin.post('/api/admin/posts').send({
      title: 'A post by Dee',
      slug: 'a-post-by-dee',
      excerpt: 'An excerpt.',
      body: 'Body text.',
      section: 'consulting',
      authorId: created.id,
      authorName: 'Dee Gone',
      authorCredentials: 'Consultant',
      authorBio: 'Her bio',
      tags: [],
      status: 'published',
    });
    expect((await consultant.delete(`/api/admin/team/${created.id}`)).status).toBe(403);
    expect((await admin.delete(`/api/admin/team/${created.id}`)).status).toBe(204);
    expect((await publicTeam()).some((member) => member.id === created.id)).toBe(false);
    const article = await testApp.request().get('/api/posts/consulting/a-post-by-dee');
    expect(article.body).toMatchObject({
      authorId: null,
      authorName: 'Dee Gone',
      authorCredentials: 'Consultant',
      authorBio: 'Her bio',
    });
    expect(await activity(created.id)).toEqual(['team.member_created', 'team.member_deleted']);
  });

  it('lets a consultant edit only the member linked to their account, and not hide it', async () => {
    const own = await create('Eve Linked');
    const other = team[2];
    expect((await consultant.get('/api/admin/team')).body).toMatchObject({ total: 0, items: [] });
    expect((await consultant.put(`/api/admin/team/${own.id}`).send(memberFields('Eve Linked'))).status).toBe(403);
    // Only a super admin links an account to a member.
    expect((await admin.patch(`/api/admin/staff/${consultantId}`).send({ teamMemberId: own.id })).status).toBe(403);
    const link = await superAdmin.patch(`/api/admin/staff/${consultantId}`).send({ teamMemberId: own.id });
    expect(link.status).toBe(200);
    expect(link.body).toMatchObject({ teamMemberId: own.id });
    expect((await superAdmin.patch(`/api/admin/staff/${consultantId}`).send({ teamMemberId: 'nobody' })).status).toBe(
      400,
    );
    expect((await consultant.get('/api/admin/user')).body).toMatchObject({ teamMemberId: own.id });
    const listed = (await consultant.get('/api/admin/team')).body as ListPage<AdminTeamMember>;
    expect(listed.items.map((item) => item.id)).toEqual([own.id]);
    const edited = await consultant
      .put(`/api/admin/team/${own.id}`)
      .send(memberFields('Eve Linked', { bio: 'Written by herself.', hidden: true, inStrip: false }));
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ bio: 'Written by herself.', hidden: false, inStrip: true });
    expect((await publicTeam()).find((member) => member.id === own.id)?.bio).toBe('Written by herself.');
    expect((await consultant.put(`/api/admin/team/${other.id}`).send(memberFields('X'))).status).toBe(403);
    expect((await consultant.post('/api/admin/team').send(memberFields('New'))).status).toBe(403);
    expect((await consultant.put('/api/admin/team/order').send({ ids: [] })).status).toBe(403);
    expect((await consultant.get('/api/admin/team/authors')).status).toBe(200);
  });

  it('tells each reader what they may do with each member, and refuses what it does not offer', async () => {
    const own = await create('Finn Offered');
    const other = team[3];
    expect((await superAdmin.patch(`/api/admin/staff/${consultantId}`).send({ teamMemberId: own.id })).status).toBe(
      200,
    );
    const everything = ['edit', 'show_or_hide', 'reorder', 'remove'];
    const adminList = (await admin.get('/api/admin/team')).body as ListPage<AdminTeamMember>;
    expect(adminList.items.length).toBeGreaterThan(1);
    for (const item of adminList.items) expect(item.actions).toEqual(everything);
    expect(((await admin.get(`/api/admin/team/${own.id}`)).body as AdminTeamMember).actions).toEqual(everything);
    const listed = (await consultant.get('/api/admin/team')).body as ListPage<AdminTeamMember>;
    expect(listed.items.map((item) => [item.id, item.actions])).toEqual([[own.id, ['edit']]]);
    expect(((await consultant.get(`/api/admin/team/${own.id}`)).body as AdminTeamMember).actions).toEqual(['edit']);
    const saved = await consultant.put(`/api/admin/team/${own.id}`).send(memberFields('Finn Offered'));
    expect(saved.body).toMatchObject({ actions: ['edit'] });
    // Not offered: removing their own member, editing or reading another.
    const removing = await consultant.delete(`/api/admin/team/${own.id}`);
    expect([removing.status, removing.body.error]).toEqual([403, messages.forbidden]);
    const editing = await consultant.put(`/api/admin/team/${other.id}`).send(memberFields('X'));
    expect([editing.status, editing.body.error]).toEqual([403, teamMessages.ownMemberOnly]);
    const reading = await consultant.get(`/api/admin/team/${other.id}`);
    expect([reading.status, reading.body.error]).toEqual([403, teamMessages.ownMemberOnly]);
  });

  it('lists the published posts of a tag by its slug, and the sitemap names every tag page and shown member', async () => {
    const tagged = await testApp.request().get('/api/posts').query({ tag: 'ai-governance', pageSize: 50 });
    expect(tagged.status).toBe(200);
    const items = tagged.body.items as { tags: string[] }[];
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((item) => item.tags.some((tag) => tag.toLowerCase() === 'ai governance'))).toBe(true);
    const none = await testApp.request().get('/api/posts').query({ tag: 'no-such-tag' });
    expect(none.body).toMatchObject({ total: 0, items: [] });
    const bad = await testApp.request().get('/api/posts').query({ tag: 'Not A Slug' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Tag must be a slug');
    const sitemap = await testApp.request().get('/sitemap.xml');
    expect(sitemap.text).toContain('http://localhost:3000/blog/tag/ai-governance</loc>');
    expect(sitemap.text).toContain('http://localhost:3000/team/ada-quinn</loc>');
    expect(sitemap.text).not.toContain('/team/bea-stone<');
  });

  it('renames accounts: anyone themselves on their account, a super admin anyone on the staff screen', async () => {
    const own = await consultant.patch('/api/admin/account').send({ name: '  Consultant Renamed ' });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'Consultant Renamed' });
    expect((await consultant.get('/api/admin/user')).body).toMatchObject({ name: 'Consultant Renamed' });
    const empty = await consultant.patch('/api/admin/account').send({ name: ' ' });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors).toEqual({ name: [messages.nameRequired] });
    const byAdmin = await admin.patch(`/api/admin/staff/${consultantId}`).send({ name: 'Nope' });
    expect(byAdmin.status).toBe(403);
    const bySuper = await superAdmin.patch(`/api/admin/staff/${consultantId}`).send({ name: 'Named By Super' });
    expect(bySuper.status).toBe(200);
    expect(bySuper.body).toMatchObject({ name: 'Named By Super' });
    const lines = await testApp.dataSource.query<{ action: string; target_label: string }[]>(
      `SELECT action, target_label FROM staff_activity WHERE action IN ('account.renamed', 'staff.renamed') ORDER BY at, id`,
    );
    expect(lines).toEqual([
      { action: 'account.renamed', target_label: 'Test consultant → Consultant Renamed' },
      { action: 'staff.renamed', target_label: 'Consultant Renamed → Named By Super' },
    ]);
  });
});
