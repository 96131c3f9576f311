import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { auditLayout, type LayoutFailure } from './helpers/layout-audit';
import { team } from '../common/src/team';
import { seedPosts } from '../backend/src/database/seed/posts';

/**
 * The layout suite: every public route and every admin screen at four widths, with the cookie
 * banner up and then with consent given (the visitor rejects optional cookies), signed out (and
 * signed in for the admin screens). Two page loads per route (see checkScreen); the rules themselves
 * run in the page, one evaluate per state (helpers/layout-audit).
 * Each failure names the route, width, state and element, with a screenshot under test-results/.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const shots = path.join(root, 'test-results', 'layout');
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

const widths = [390, 768, 1024, 1280] as const;
const heightFor = (width: number) => (width === 390 ? 844 : width === 768 ? 1024 : width === 1024 ? 768 : 800);
type State = 'cookie banner' | 'consent given';
const states: State[] = ['cookie banner', 'consent given'];

interface Screen {
  path: string;
  /**
   * Popovers, menus and toasts to open, each checked on its own (the layer named by `scope`) after
   * the page check. `run` answers false when the opener does not exist at this width.
   */
  open?: Opening[];
}

interface Opening {
  name: string;
  scope: string;
  run: (page: Page) => Promise<boolean | void>;
}

const teamCard = (slug: string): Opening => ({
  name: `team card of ${slug}`,
  scope: '[data-testid="team-card"]',
  run: async (page: Page) => {
    const avatar = page.getByTestId(`team-avatar-${slug}`).first();
    await avatar.scrollIntoViewIfNeeded();
    // A click that cannot land (something covers the avatar) is a failure of its own, not a wait.
    await avatar.click({ timeout: 3_000 });
    await expect(page.getByTestId('team-card')).toBeVisible();
  },
});
const teamCards = [teamCard(team[0].slug), teamCard(team[team.length - 1].slug)];
/** The header's menus: the toggle menu below 1024 px, the Products dropdown from 1024 px. */
const headerMenus: Opening[] = [
  {
    name: 'mobile menu',
    scope: '#mobile-menu',
    run: async (page) => {
      const toggle = page.getByRole('button', { name: 'Open menu' });
      if (!(await toggle.isVisible())) return false;
      await toggle.click({ timeout: 3_000 });
      await expect(page.locator('#mobile-menu')).toBeVisible();
    },
  },
  {
    name: 'products menu',
    scope: '[data-testid="products-menu"]',
    run: async (page) => {
      const toggle = page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Products' });
      if (!(await toggle.isVisible())) return false;
      await toggle.click({ timeout: 3_000 });
      await expect(page.getByTestId('products-menu')).toBeVisible();
    },
  },
];
/** A toast raised by the newsletter box at the foot of /blog (an empty address): on top of everything. */
const newsletterToast: Opening = {
  name: 'toast',
  scope: '[data-testid="toast"]',
  run: async (page) => {
    const box = page.getByTestId('newsletter-box-blog');
    if (!(await box.isVisible())) return false;
    await box.getByRole('button', { name: 'Subscribe' }).click({ timeout: 3_000 });
    await expect(page.getByTestId('toast')).toBeVisible();
  },
};

const consultingPost = seedPosts.find((post) => post.section === 'consulting')!;
const labsPost = seedPosts.find((post) => post.section === 'labs')!;

const publicScreens: Screen[] = [
  { path: '/', open: [...teamCards, ...headerMenus] },
  { path: '/consulting', open: teamCards },
  { path: '/labs' },
  { path: '/immersive', open: teamCards },
  { path: '/about', open: teamCards },
  { path: '/contact' },
  { path: '/blog', open: [newsletterToast] },
  { path: '/blog/labs' },
  { path: '/blog/consulting' },
  { path: `/blog/consulting/${consultingPost.slug}` },
  { path: `/blog/labs/${labsPost.slug}` },
  { path: '/blog/labs/no-such-article' },
  { path: '/case-studies', open: teamCards },
  // The two special layouts (dashboard, assessment call to action) and one ordinary study.
  { path: '/case-studies/relative-probability' },
  { path: '/case-studies/panaquest' },
  { path: '/case-studies/northgate-fire-training-twin' },
  { path: '/case-studies/no-such-study' },
  { path: `/team/${team[0].slug}` },
  // A tag's page: the blog's cards and pager.
  { path: '/blog/tag/ai-governance' },
  { path: '/cookies' },
  { path: '/privacy' },
  { path: '/terms' },
  { path: '/data-deletion' },
  { path: '/data-access' },
  { path: '/data-deletion/verify?token=a1b2c3d4e5f6a7b8c9d0' },
  { path: '/data-deletion/verified?status=ok' },
  { path: '/data-deletion/verified?status=invalid' },
  { path: '/newsletter/confirm?token=a-link-token' },
  { path: '/newsletter/confirm?status=ok' },
  { path: '/newsletter/confirm?status=invalid' },
  { path: '/unsubscribe' },
  { path: '/unsubscribe?email=margaret.henderson%40harbourline-logistics.co.uk' },
  { path: '/this-page-does-not-exist' },
  { path: '/admin/login' },
  { path: '/admin/forgot-password' },
];

/** Every staff screen, signed in as the super admin. New admin screens are added here. */
const adminScreens: Screen[] = [
  { path: '/admin' },
  { path: '/admin/posts' },
  { path: '/admin/posts/new' },
  { path: '/admin/posts/edit/:seededPost' },
  { path: '/admin/privacy' },
  { path: '/admin/enquiries' },
  { path: '/admin/staff' },
  { path: '/admin/activity' },
  { path: '/admin/account' },
  // subscribers and playbook requests
  { path: '/admin/subscribers' },
  { path: '/admin/playbook' },
  { path: '/admin/analytics' },
  { path: '/admin/newsletter' },
  { path: '/admin/newsletter/new' },
  { path: '/admin/media' },
  // Privacy operations.
  { path: '/admin/privacy/consent' },
  { path: '/admin/privacy/data-map' },
  // The posts list's review queue tab (docs/product.md#publishing).
  { path: '/admin/posts?status=in_review' },
  // Case studies in the admin: the list, a new one and the longest built-in one (gallery split, three metrics).
  { path: '/admin/case-studies' },
  { path: '/admin/case-studies/new' },
  { path: '/admin/case-studies/:seededCaseStudy' },
  // The team: the list, a new member and a built-in one with the longest bio.
  { path: '/admin/team' },
  { path: '/admin/team/new' },
  { path: `/admin/team/${team[0].id}` },
  // Site settings and redirects (the redirects with a long old path, seeded in seedStaffRecords).
  { path: '/admin/settings' },
  { path: '/admin/redirects' },
  { path: '/admin/redirects?kind=slug' },
  // Reply templates of the inbox: the list, a new one and one with a long name and text.
  { path: '/admin/reply-templates' },
  { path: '/admin/reply-templates/new' },
  { path: '/admin/reply-templates/:seededReplyTemplate' },
  // Webhooks: the endpoints, and one with a long address and a failed attempt in its log.
  { path: '/admin/webhooks' },
  { path: '/admin/webhooks/:seededWebhook' },
];

/** Realistic records for the staff screens: long addresses are where tables break. */
const requesters = [
  'margaret.fitzgerald-henderson@harbourline-logistics.co.uk',
  'procurement.and.compliance.team@northgate-fire-and-rescue.gov.uk',
  'o.adeyemi@meridianpharma.com',
];

let seededPostId = '';
let seededCaseStudyId = '';
let seededReplyTemplateId = '';
let seededWebhookId = '';
let checked = 0;
/** The super admin's session, signed in once per worker. */
let staffSession: Awaited<ReturnType<BrowserContext['storageState']>> | undefined;
const allFailures: string[] = [];

async function seedStaffRecords(context: BrowserContext) {
  const request = context.request;
  for (const [index, email] of requesters.entries()) {
    // Each requester is a visitor of their own, so the per-address limits of other suites' requests stay apart.
    const headers = { 'x-forwarded-for': `10.88.0.${index + 1}` };
    await request.post('/api/playbook-download', { headers, data: { email, page: '/consulting' } });
    await request.post('/api/request-data-deletion', {
      headers,
      data: {
        email,
        requestType: 'full_deletion',
        reason: 'We are closing the account after the pilot ended.',
        consent: true,
      },
    });
    // The same long addresses on the subscribers screen, with the page they signed up on.
    await request.post('/api/subscribe', {
      headers,
      data: { email, source: 'blog_floating_widget', page: '/blog/consulting/an-article-with-a-long-address' },
    });
  }
}

async function signIn(context: BrowserContext) {
  const response = await context.request.post('/api/admin/login', { data: admin });
  expect(response.ok()).toBe(true);
}

/** The admin records the screens open by id, and long ones for the lists: once per worker. */
async function seedAdminRecords(context: BrowserContext) {
  const posts = (await (
    await context.request.get('/api/admin/posts', { params: { q: consultingPost.slug } })
  ).json()) as {
    items: { id: string; slug: string }[];
  };
  const firstPage = (await (await context.request.get('/api/admin/posts')).json()) as { items: { id: string }[] };
  seededPostId = posts.items.find((post) => post.slug === consultingPost.slug)?.id ?? firstPage.items[0].id;
  const caseStudies = (await (await context.request.get('/api/admin/case-studies?q=panaquest')).json()) as {
    items: { id: string }[];
  };
  seededCaseStudyId = caseStudies.items[0]?.id ?? '';
  // A hand-made redirect with long paths for /admin/redirects (a second run finds it there already).
  await context.request.post('/api/admin/redirects', {
    data: {
      fromPath: '/services/digital-transformation-consulting-for-small-and-medium-businesses-2023',
      toPath: '/consulting?utm_source=old-site&utm_campaign=digital-transformation-consulting',
    },
  });
  const templateName = 'Thank you for your enquiry about a discovery workshop and procurement frameworks';
  await context.request.post('/api/admin/reply-templates', {
    data: {
      name: templateName,
      body: 'Dear {name},\n\nThank you for getting in touch about a discovery workshop. We can work through the G-Cloud 14 and Crown Commercial Service frameworks; our procurement pack is attached.\n\nBest wishes',
    },
  });
  const templates = (await (await context.request.get('/api/admin/reply-templates')).json()) as {
    items: { id: string; name: string }[];
  };
  seededReplyTemplateId = templates.items.find((template) => template.name === templateName)?.id ?? '';
  const webhookUrl =
    'https://hooks.integrations-platform-example.com/services/T0123456789/B0123456789/northbeam-enquiries-and-newsletter-channel';
  const webhooks = (await (await context.request.get('/api/admin/webhooks')).json()) as {
    items: { id: string; url: string }[];
  };
  seededWebhookId = webhooks.items.find((endpoint) => endpoint.url === webhookUrl)?.id ?? '';
  if (!seededWebhookId) {
    const created = await context.request.post('/api/admin/webhooks', {
      data: {
        url: webhookUrl,
        description: 'The sales team channel: new enquiries and newsletter subscribers as they arrive',
        events: ['enquiry.created', 'subscriber.confirmed', 'newsletter.sent'],
        format: 'slack',
      },
    });
    seededWebhookId = ((await created.json()) as { endpoint: { id: string } }).endpoint.id;
    // Its log gets a line (the name does not resolve here: a failed attempt with its sentence).
    await context.request.post(`/api/admin/webhooks/${seededWebhookId}/test`);
  }
}

/**
 * One page load, with no consent stored: wait for hydration and the deferred
 * blocks, raise the cookie banner (fake clock), settle.
 */
async function load(page: Page, url: string) {
  await page.clock.install();
  await page.goto(url);
  await page.locator('html[data-hydrated="true"]').waitFor({ state: 'attached', timeout: 20_000 });
  await page.clock.runFor(2_000);
  // From here on the page's own timers run in real time again (clicks wait for animation frames).
  await page.clock.resume();
  await expect(banner(page)).toBeVisible();
  // The banner has reserved its room at the foot of the page.
  await expect(page.locator('html[data-cookie-banner="open"]')).toBeAttached();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await settled(page);
}

/**
 * Waits until the page stops changing height (an image without its size, a lazy screen's last request), so that
 * what is checked is the page a visitor looks at, not one still being laid out on a busy machine.
 */
async function settled(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const height = () => document.documentElement.scrollHeight;
          const before = height();
          await new Promise((resolve) => setTimeout(resolve, 150));
          return height() === before;
        }),
      { timeout: 10_000 },
    )
    .toBe(true);
}

const banner = (page: Page) => page.getByRole('dialog', { name: 'We value your privacy' });

/** From the cookie banner state to the consent-given state: the visitor rejects optional cookies. */
async function giveConsentOnPage(page: Page) {
  await banner(page).getByRole('button', { name: 'Reject All' }).click();
  await expect(banner(page)).toHaveCount(0);
  await expect(page.locator('html[data-cookie-banner]')).toHaveCount(0);
}

async function audit(page: Page, label: string, width: number, scope: string | null = null): Promise<string[]> {
  const failures: LayoutFailure[] = await page.evaluate(auditLayout, scope);
  checked += 1;
  if (failures.length === 0) return [];
  mkdirSync(shots, { recursive: true });
  const file = path.join(shots, `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}.png`);
  await page.evaluate((top) => window.scrollTo({ top: Math.max(0, top - 200), behavior: 'instant' }), failures[0].top);
  await page.screenshot({ path: file });
  return failures.map(
    (failure) =>
      `${label} @ ${width}px: [${failure.rule}] ${failure.element}: ${failure.detail} (screenshot ${path.relative(root, file)})`,
  );
}

/** Resizes the page and waits for it to lay itself out again. */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: heightFor(width) });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await settled(page);
}

/**
 * Every width in both states of one route, in two page loads: loaded at 390 px with the cookie banner
 * up, then widened step by step to 1280 px; loaded again at 1280 px, consent given (Reject All), then
 * narrowed step by step to 390 px. Each width is seen both ways (widened and narrowed), a phone's and
 * a desktop's as loaded. A load per width and state took twice as long.
 */
async function checkScreen(browser: Browser, screen: Screen, signedIn: boolean): Promise<string[]> {
  const url = screen.path
    .replace(':seededPost', seededPostId)
    .replace(':seededCaseStudy', seededCaseStudyId)
    .replace(':seededReplyTemplate', seededReplyTemplateId)
    .replace(':seededWebhook', seededWebhookId);
  const failures: string[] = [];
  const passes: { state: State; order: readonly number[] }[] = [
    { state: 'cookie banner', order: widths },
    { state: 'consent given', order: [...widths].reverse() },
  ];
  for (const { state, order } of passes) {
    const context = await browser.newContext({
      viewport: { width: order[0], height: heightFor(order[0]) },
      reducedMotion: 'reduce',
      // The super admin's session of this worker (beforeAll): no sign-in per page.
      storageState: signedIn ? staffSession : undefined,
    });
    // Hundreds of page loads a minute from one address would spend the analytics limit per client
    // for the suites that run after this one; layout needs none of those events.
    await context.route('**/api/analytics/track', (route) => route.fulfill({ status: 204 }));
    const page = await context.newPage();
    await load(page, url);
    if (state === 'consent given') await giveConsentOnPage(page);
    for (const width of order) {
      if (width !== order[0]) await resize(page, width);
      // The openings (popovers, menus, toasts) come last, over the floating widgets of the consent-given page.
      const openings = state === 'consent given' ? (screen.open ?? []) : [];
      failures.push(
        ...(await checkState(page, openings, `${url} ${width} ${state}${signedIn ? ' signed in' : ''}`, width)),
      );
    }
    await context.close();
  }
  return failures;
}

async function checkState(page: Page, openings: Opening[], label: string, width: number): Promise<string[]> {
  const failures = await audit(page, label, width);
  for (const opening of openings) {
    await page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }));
    try {
      if ((await opening.run(page)) === false) continue;
    } catch (error) {
      failures.push(
        `${label} @ ${width}px: [unreachable] cannot open the ${opening.name}: ${String(error).split('\n')[0]}`,
      );
      continue;
    }
    failures.push(...(await audit(page, `${label} ${opening.name}`, width, opening.scope)));
    await page.keyboard.press('Escape');
    // The pointer leaves the opener: a team card also opens on hover, and the page is resized next.
    await page.mouse.move(0, 0);
  }
  return failures;
}

// The routes are independent of one another: they are shared out among the workers (each worker seeds
// its own server in beforeAll), and one route's failure does not stop the others.
test.describe.configure({ mode: 'parallel' });

test.describe('Layout at 390, 768, 1024 and 1280 px', () => {
  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    await seedStaffRecords(context);
    await signIn(context);
    await seedAdminRecords(context);
    staffSession = await context.storageState();
    await context.close();
  });

  const groups: { screens: Screen[]; signedIn: boolean }[] = [
    { screens: publicScreens, signedIn: false },
    { screens: adminScreens, signedIn: true },
  ];
  for (const { screens, signedIn } of groups) {
    for (const screen of screens) {
      test(`${screen.path}${signedIn ? ' (signed in)' : ''}`, async ({ browser }) => {
        test.setTimeout(120_000);
        const failures = await checkScreen(browser, screen, signedIn);
        allFailures.push(...failures);
        expect(failures, failures.join('\n')).toEqual([]);
      });
    }
  }

  test.afterAll(() => {
    const routes = publicScreens.length + adminScreens.length;
    console.log(
      `layout (worker ${test.info().parallelIndex}): of ${routes} routes × ${widths.length} widths × ${states.length} states, ${checked} page states checked here, ${allFailures.length} failures`,
    );
  });
});
