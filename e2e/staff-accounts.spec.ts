import { Secret, TOTP } from 'otpauth';
import { SmtpCatcher } from '../backend/test/helpers/smtp-catcher';
import { messages } from '../common/src/limits';
import { expect, test, type Page } from './fixtures';
import { axeFindings } from './helpers/axe';
import { giveConsent } from './helpers/consent';
import { freePort, startServer, waitForHealth, type ServerProcess } from './helpers/server-process';

/**
 * Staff accounts in the browser, against a server of its own that sends its mail to a real SMTP
 * server in the test and asks admins for two-factor sign-in (STAFF_2FA=admins). The steps build on
 * each other: the owner enrols and invites, the invitee accepts and enrols, both sign in with codes.
 */
const owner = { email: 'staff-owner@northbeam.example', password: 'staff-owner-password-0123' };
const invitee = { email: 'nadia.admin@northbeam.example', name: 'Nadia Okoro', password: 'nadia-first-password-0123' };

const totpOptions = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const stepMs = totpOptions.period * 1000;

interface Enrolment {
  secret: string;
  recoveryCodes: string[];
  /** The last time-step whose code was used: the server refuses that step and earlier ones. */
  lastStep: number;
}

const enrolments = new Map<string, Enrolment>();

/** A code the server accepts now and has not seen: the step after the last one used, if within the ±1 step window. */
function nextCode(email: string): string {
  const enrolment = enrolments.get(email)!;
  const current = Math.floor(Date.now() / stepMs);
  const step = Math.max(enrolment.lastStep + 1, current - 1);
  expect(step, 'a fresh code within the window').toBeLessThanOrEqual(current + 1);
  enrolment.lastStep = step;
  return TOTP.generate({ ...totpOptions, secret: Secret.fromBase32(enrolment.secret), timestamp: step * stepMs });
}

function recoveryCode(email: string): string {
  return enrolments.get(email)!.recoveryCodes.shift()!;
}

async function submitPassword(page: Page, account: { email: string; password: string }) {
  await page.goto('/admin/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The enrolment page: reads the key as a person would type it into their app, confirms a code, keeps the recovery codes. */
async function enrolTwoFactor(page: Page, email: string) {
  await expect(page).toHaveURL('/admin/account/two-factor');
  await expect(page.getByTestId('totp-qr')).toBeVisible();
  const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  const step = Math.floor(Date.now() / stepMs);
  enrolments.set(email, { secret, recoveryCodes: [], lastStep: step - 1 });
  await page.getByLabel('Code').fill(nextCode(email));
  await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click();
  await expect(page.getByRole('heading', { name: 'Two-factor sign-in is on' })).toBeVisible();
  const codes = await page.getByTestId('recovery-codes').getByRole('listitem').allTextContents();
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
  enrolments.get(email)!.recoveryCodes = codes;
  await page.getByRole('button', { name: 'I have saved my codes' }).click();
  await expect(page).toHaveURL('/admin');
}

async function signInWithCode(
  page: Page,
  account: { email: string; password: string },
  code: 'app' | 'recovery' = 'app',
) {
  await submitPassword(page, account);
  await expect(page.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();
  if (code === 'recovery') {
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(recoveryCode(account.email));
  } else {
    await page.getByLabel('Code').fill(nextCode(account.email));
  }
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL('/admin');
}

async function linkFromMail(catcher: SmtpCatcher, to: string, pattern: RegExp): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = catcher.to(to).findLast((caught) => pattern.test(caught.text));
        link = mail ? pattern.exec(mail.text)![0] : '';
        return link;
      },
      { timeout: 20_000, message: `a mail to ${to} with ${pattern}` },
    )
    .not.toBe('');
  return new URL(link).pathname;
}

const adminNavigation = (page: Page) => page.getByRole('navigation', { name: 'Admin' });

/** Chosen when the file loads, so that every test's base address can name it. */
const port = await freePort();

test.describe('Staff accounts', () => {
  test.describe.configure({ mode: 'serial', timeout: 120_000 });
  // A cookie choice already made: the banner would cover the code step's "Use a recovery code" link.
  test.beforeEach(async ({ page }) => giveConsent(page));
  const catcher = new SmtpCatcher();
  let server: ServerProcess;

  test.beforeAll(async () => {
    // Starting a server (migrations on a fresh embedded database) takes a while on a busy machine.
    test.setTimeout(120_000);
    await catcher.start();
    server = startServer(
      {
        PGLITE_DIR: 'memory://',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: owner.email,
        ADMIN_PASSWORD: owner.password,
        SESSION_SECRET: 'staff-suite-session-secret-0123456789abcdef',
        SMTP_URL: catcher.url,
        STAFF_2FA: 'admins',
      },
      port,
    );
    await waitForHealth(server);
  });

  test.afterAll(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    await catcher.stop();
  });

  test.use({ baseURL: `http://127.0.0.1:${port}` });

  test('the owner must set up two-factor sign-in first, then invites an admin from the staff screen', async ({
    page,
  }) => {
    await submitPassword(page, owner);
    // The policy asks admins for two-factor sign-in: every admin page leads to the enrolment until it is done.
    await expect(page).toHaveURL('/admin/account/two-factor');
    await expect(page.getByTestId('two-factor-required')).toContainText('Set up two-factor sign-in to continue');
    await expect(adminNavigation(page).getByRole('link')).toHaveCount(0);
    await page.goto('/admin/staff');
    await expect(page).toHaveURL('/admin/account/two-factor');
    await enrolTwoFactor(page, owner.email);

    await expect(adminNavigation(page).getByRole('link')).toHaveText([
      'Dashboard',
      'Posts',
      'Case studies',
      'Team',
      'Media',
      'Enquiries',
      'Subscribers',
      'Newsletter',
      'Playbook',
      'Analytics',
      'Privacy',
      'Settings',
      'Redirects',
      'Webhooks',
      'Import',
      'Staff',
      'Activity',
      'API tokens',
    ]);
    await adminNavigation(page).getByRole('link', { name: 'Staff' }).click();
    await expect(page).toHaveURL('/admin/staff');
    await expect(adminNavigation(page).getByRole('link', { name: 'Staff' })).toHaveAttribute('aria-current', 'page');

    // An address that already has an account: the server's sentence, in the dialog.
    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Email').fill(owner.email);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog.getByTestId('invite-error')).toHaveText('A staff account with that email already exists');

    await dialog.getByLabel('Email').fill(invitee.email);
    await dialog.getByLabel('Role').selectOption({ label: 'Admin' });
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('toast')).toContainText(`Invitation sent to ${invitee.email}.`);
    const row = page.getByTestId('staff-row').filter({ hasText: invitee.email });
    await expect(row).toContainText('Invited');
    await expect(row).toContainText('Admin');

    // The filters live in the address.
    await page.getByLabel('Status').selectOption('invited');
    await expect(page).toHaveURL('/admin/staff?status=invited');
    await expect(page.getByTestId('staff-row')).toHaveCount(1);
    await page.getByLabel('Status').selectOption('');
    await page.getByRole('searchbox', { name: 'Search staff' }).fill('staff-owner');
    await expect(page).toHaveURL('/admin/staff?q=staff-owner');
    await expect(page.getByTestId('staff-row')).toHaveCount(1);
    await expect(page.getByTestId('staff-row')).toContainText(owner.email);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search staff' })).toHaveValue('staff-owner');
  });

  test('the invitee accepts by the link in the mail, enrols by typing the key, signs out and in with a code', async ({
    page,
  }) => {
    const invitation = await linkFromMail(catcher, invitee.email, /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+/);
    await page.goto(invitation);
    await expect(page.getByRole('heading', { name: /^Join / })).toBeVisible();
    await expect(page.getByText(invitee.email)).toBeVisible();
    await page.getByLabel('Name').fill(invitee.name);
    await page.getByLabel('Password', { exact: true }).fill(invitee.password);
    await page.getByLabel('Confirm password').fill('not the same password');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await expect(page.getByText('The two passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm password').fill(invitee.password);
    await page.getByRole('button', { name: 'Create my account' }).click();
    // Signed in at once: the policy asks admins for two-factor sign-in, so the enrolment comes first,
    // then the dashboard greets a first sign-in with "Welcome", not "Welcome back".
    await enrolTwoFactor(page, invitee.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Welcome, ${invitee.name.split(' ')[0]}`);
    await expect(page.getByTestId('admin-identity')).toContainText(invitee.name);

    // The link works once.
    await page.goto(invitation);
    await expect(page.getByTestId('invitation-problem')).toHaveText(
      'This invitation has expired or has already been used.',
    );
    await page.goto('/admin');

    // An admin reads the staff list but changes nothing.
    await adminNavigation(page).getByRole('link', { name: 'Staff' }).click();
    await expect(page.getByTestId('staff-row').filter({ hasText: invitee.email })).toContainText('2FA');
    await expect(page.getByRole('button', { name: 'Invite staff member' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Actions for / })).toHaveCount(0);

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/admin/login');
    await signInWithCode(page, invitee);
    await expect(page.getByRole('heading', { name: `Welcome back, ${invitee.name.split(' ')[0]}` })).toBeVisible();
  });

  test('a wrong code is refused with the server sentence; a recovery code signs in once', async ({ page }) => {
    await submitPassword(page, invitee);
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    const code = recoveryCode(invitee.email);
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL('/admin');

    await page.getByRole('button', { name: 'Sign Out' }).click();
    await submitPassword(page, invitee);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Invalid code', { exact: true })).toBeVisible();
  });

  test('the privacy screen is reached from the dashboard by the navigation; recent activity is on the dashboard', async ({
    page,
  }) => {
    const userRequests: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/admin/user') userRequests.push(request.url());
    });
    await signInWithCode(page, owner, 'recovery');
    // The shell's loader and the dashboard's ask for the user together: one request answers both.
    await expect(page.getByRole('heading', { name: 'Welcome back, Administrator' })).toBeVisible();
    expect(userRequests).toHaveLength(1);
    // The latest ten of the log, which by now holds more: this sign-in among them.
    await expect(page.getByTestId('recent-activity').getByTestId('activity-entry')).toHaveCount(10);
    await expect(page.getByTestId('recent-activity')).toContainText('Administrator · Signed in with a recovery code');

    await adminNavigation(page).getByRole('link', { name: 'Privacy' }).click();
    await expect(page).toHaveURL('/admin/privacy');
    await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
    await expect(adminNavigation(page).getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
    await expect(adminNavigation(page).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
      'page',
    );

    await adminNavigation(page).getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL('/admin/activity');
    await page.getByLabel('What').selectOption({ label: 'Turned on two-factor sign-in' });
    await expect(page).toHaveURL('/admin/activity?action=two_factor.enabled');
    await expect(page.getByTestId('activity-list').getByTestId('activity-entry')).toHaveCount(2);
    // Each line names the staff member; their e-mail shows on hover.
    for (const actor of await page.getByTestId('activity-list').getByTestId('activity-actor').all()) {
      await expect(actor).toHaveAttribute('title', /^[a-z.-]+@northbeam\.example$/);
    }
  });

  test('at 390 px nothing scrolls sideways and the admin menu opens, closes with Escape and navigates', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithCode(page, owner, 'recovery');
    for (const path of [
      '/admin',
      '/admin/staff',
      '/admin/activity',
      '/admin/account',
      '/admin/account/two-factor',
      '/admin/posts',
      '/admin/privacy',
    ]) {
      await page.goto(path);
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth, `${path} is ${scrollWidth} px wide`).toBeLessThanOrEqual(390);
    }

    const menuButton = page.getByRole('button', { name: 'Menu', exact: true });
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(adminNavigation(page)).toBeHidden();
    await menuButton.click();
    await expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    await expect(adminNavigation(page).getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
    await page.keyboard.press('Escape');
    await expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    await expect(menuButton).toBeFocused();
    await expect(page.getByTestId('admin-menu')).toHaveCount(0);

    await menuButton.click();
    await page.getByTestId('admin-menu').getByRole('link', { name: 'Activity' }).click();
    await expect(page).toHaveURL('/admin/activity');
    await expect(page.getByTestId('admin-menu')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await menuButton.click();
    await page.getByTestId('admin-menu').getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL('/admin/login');
  });

  test('"Forgot password?" mails a one-use link; the new password works with a code', async ({ page }) => {
    await page.goto('/admin/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/admin/forgot-password');
    await page.getByLabel('Email').fill(invitee.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-requested')).toContainText(
      'If that address belongs to a staff account, we have sent a link to reset its password.',
    );
    const reset = await linkFromMail(catcher, invitee.email, /https?:\/\/\S+\/admin\/reset-password\/[A-Za-z0-9_-]+/);
    await page.goto(reset);
    await expect(page.getByText(invitee.email)).toBeVisible();
    const newPassword = 'nadia-second-password-0123';
    await page.getByLabel('New password').fill(newPassword);
    await page.getByLabel('Confirm password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page.getByTestId('password-changed')).toContainText(
      'Your password has been changed. Sign in with your new password.',
    );
    await page.goto(reset);
    await expect(page.getByTestId('reset-link-problem')).toHaveText('This link has expired or has already been used.');

    await signInWithCode(page, { email: invitee.email, password: newPassword }, 'recovery');
  });

  test('the staff screens have no serious or critical accessibility violation', async ({ page }) => {
    const check = async (label: string) => {
      // Every rule axe has, enabled by default (not only the WCAG tags).
      const serious = (await axeFindings(page, null))
        .filter((finding) => finding.impact === 'serious' || finding.impact === 'critical')
        .map((finding) => `${finding.rule}: ${finding.target}`);
      expect(serious, label).toEqual([]);
    };
    for (const path of ['/admin/login', '/admin/forgot-password']) {
      await page.goto(path);
      await check(path);
    }
    await signInWithCode(page, owner, 'recovery');
    for (const path of ['/admin', '/admin/staff', '/admin/activity', '/admin/account', '/admin/account/two-factor']) {
      await page.goto(path);
      await check(path);
    }
    await page.goto('/admin/staff');
    await page.getByRole('button', { name: `Actions for ${invitee.name}` }).click();
    await check('staff row actions');
    await page.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByRole('alertdialog')).toContainText(`${invitee.name} loses access for good`);
    await check('remove confirmation');
  });

  test('the owner changes a role, disables, enables and removes a staff member, each confirmed, and ends a session of their own', async ({
    page,
  }) => {
    await signInWithCode(page, owner, 'recovery');
    await adminNavigation(page).getByRole('link', { name: 'Staff' }).click();
    const row = page.getByTestId('staff-row').filter({ hasText: invitee.email });
    const act = async (action: string) => {
      await row.getByRole('button', { name: `Actions for ${invitee.name}` }).click();
      await row.getByRole('button', { name: action }).click();
    };

    await act('Change role');
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Role').selectOption({ label: 'Consultant' });
    await dialog.getByRole('button', { name: 'Change role' }).click();
    await expect(dialog).toBeHidden();
    await expect(row).toContainText('Consultant');

    await act('Disable account');
    await expect(dialog).toContainText('will be signed out at once');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toContainText('Active');
    await act('Disable account');
    await dialog.getByRole('button', { name: 'Disable account' }).click();
    await expect(row).toContainText('Disabled');
    await act('Enable account');
    await expect(row).toContainText('Active');

    await act('Remove');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByTestId('toast')).toContainText(`${invitee.name} was removed`);
    await expect(row).toHaveCount(0);

    // Earlier tests left the owner signed in elsewhere: one of those sessions ends from here.
    await page.getByTestId('admin-identity').click();
    await expect(page).toHaveURL('/admin/account');
    const sessions = page.getByTestId('sessions').getByRole('listitem');
    const before = await sessions.count();
    expect(before).toBeGreaterThan(1);
    await expect(sessions.filter({ hasText: 'This browser' })).toHaveCount(1);
    await sessions
      .filter({ hasNotText: 'This browser' })
      .first()
      .getByRole('button', { name: /^Sign out / })
      .click();
    await expect(sessions).toHaveCount(before - 1);

    await page.getByRole('button', { name: 'New recovery codes' }).click();
    await page.getByRole('alertdialog').getByLabel('Password').fill(owner.password);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Make new codes' }).click();
    const newCodes = page.getByTestId('recovery-codes').getByRole('listitem');
    await expect(newCodes).toHaveCount(10);
    enrolments.get(owner.email)!.recoveryCodes = await newCodes.allTextContents();
  });

  test('an open invitation is sent again or withdrawn from its row; your own row offers nothing', async ({ page }) => {
    const pending = 'joining-later@northbeam.example';
    await signInWithCode(page, owner, 'recovery');
    await adminNavigation(page).getByRole('link', { name: 'Staff' }).click();
    await expect(
      page
        .getByTestId('staff-row')
        .filter({ hasText: owner.email })
        .getByRole('button', { name: /^Actions for / }),
    ).toHaveCount(0);

    await page.getByRole('button', { name: 'Invite staff member' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByLabel('Email').fill(pending);
    await dialog.getByRole('button', { name: 'Send invitation' }).click();
    await expect(dialog).toBeHidden();
    const firstLink = await linkFromMail(catcher, pending, /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+/);
    const row = page.getByTestId('staff-row').filter({ hasText: pending });
    const act = async (action: string) => {
      await row.getByRole('button', { name: `Actions for ${pending}` }).click();
      await row.getByRole('button', { name: action }).click();
    };

    await act('Send invitation again');
    // A second mail with a new link; the first link no longer works.
    await expect.poll(() => catcher.to(pending).length, { timeout: 20_000 }).toBe(2);
    await page.goto(firstLink);
    await expect(page.getByTestId('invitation-problem')).toBeVisible();

    await page.goto('/admin/staff');
    await act('Withdraw invitation');
    await expect(dialog).toContainText(`The link sent to ${pending} stops working.`);
    await dialog.getByRole('button', { name: 'Withdraw invitation' }).click();
    await expect(page.getByTestId('toast').last()).toContainText(`Invitation to ${pending} withdrawn`);
    await expect(row).toHaveCount(0);
  });

  test('a consultant sees only the areas open to them and the server refuses the staff list', async ({
    page,
    browser,
  }) => {
    const consultant = {
      email: 'casey.consultant@northbeam.example',
      name: 'Casey Byrne',
      password: 'casey-password-0123',
    };
    await signInWithCode(page, owner, 'recovery');
    const invited = await page.request.post('/api/admin/staff/invitations', {
      data: { email: consultant.email, role: 'consultant' },
    });
    expect(invited.status()).toBe(201);
    const invitation = await linkFromMail(
      catcher,
      consultant.email,
      /https?:\/\/\S+\/admin\/invitation\/[A-Za-z0-9_-]+/,
    );
    const token = invitation.split('/').pop()!;
    const accepted = await page.request.post(`/api/staff-invitations/${token}`, {
      data: { name: consultant.name, password: consultant.password },
    });
    expect(accepted.status()).toBe(201);

    const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}` });
    const consultantPage = await context.newPage();
    // No code: the policy asks only admins for two-factor sign-in.
    await submitPassword(consultantPage, consultant);
    await expect(consultantPage).toHaveURL('/admin');
    await expect(adminNavigation(consultantPage).getByRole('link')).toHaveText([
      'Dashboard',
      'Posts',
      'Team',
      'Media',
      'Enquiries',
      'Analytics',
      'Activity',
    ]);
    await consultantPage.goto('/admin/staff');
    await expect(consultantPage.getByRole('alert')).toHaveText(messages.forbidden);
    await expect(consultantPage.getByTestId('staff-list')).toHaveCount(0);
    await adminNavigation(consultantPage).getByRole('link', { name: 'Activity' }).click();
    await expect(consultantPage.getByText('Your own sign-ins and changes, newest first.')).toBeVisible();
    await expect(consultantPage.getByLabel('Who')).toHaveCount(0);
    const entries = consultantPage.getByTestId('activity-list').getByTestId('activity-entry');
    await expect(entries.first()).toBeVisible();
    for (const text of await entries.allTextContents()) expect(text).toContain(consultant.name);
    await context.close();
  });

  test("a public page's JavaScript holds no admin code", async ({ request }) => {
    const html = await (await request.get('/')).text();
    const queue = [...html.matchAll(/<(?:script[^>]+src|link[^>]+href)="([^"]+\.js)"/g)].map(
      (match) => new URL(match[1], server.baseUrl).href,
    );
    expect(queue.length).toBeGreaterThan(0);
    const seen = new Set<string>();
    while (queue.length > 0) {
      const url = queue.pop()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const code = await (await request.get(url)).text();
      for (const adminText of [
        'Invite staff member',
        'Turned on two-factor sign-in',
        'Sign out everywhere',
        'Set up two-factor sign-in',
      ]) {
        expect(code, `${url} holds "${adminText}"`).not.toContain(adminText);
      }
      // Static imports only: lazy admin chunks are fetched when an admin page opens.
      for (const match of code.matchAll(
        /import\s*(?:\{[^}]*\}|\*\s*as\s*\w+|[\w$]+)?\s*(?:from\s*)?["']([^"']+\.js)["']/g,
      )) {
        queue.push(new URL(match[1], url).href);
      }
    }
    expect(seen.size).toBeGreaterThan(1);
  });
});
