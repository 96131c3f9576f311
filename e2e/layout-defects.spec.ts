import { expect, test, type Page } from './fixtures';
import { giveConsent } from './helpers/consent';
import { gotoHydrated } from './helpers/hydration';
import { seedPosts } from '../backend/src/database/seed/posts';
import { site } from '../common/src/site';
import { team } from '../common/src/team';

/**
 * One check per layout defect the layout suite (layout.spec.ts) does not name by itself: each
 * failed before its fix. The suite covers the sideways scrolling and the overlaps in general.
 */
const admin = { email: process.env.E2E_ADMIN_EMAIL!, password: process.env.E2E_ADMIN_PASSWORD! };

async function signIn(page: Page) {
  const response = await page.request.post('/api/admin/login', { data: admin });
  expect(response.ok()).toBe(true);
}

/** The boxes of the text lines inside an element (its first text node's line boxes, and so on). */
async function textBoxes(page: Page, selector: string) {
  return page.locator(selector).evaluate((element) => {
    const boxes: { left: number; top: number; right: number; bottom: number }[] = [];
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue?.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects())
        boxes.push({ left: rect.left, top: rect.top, right: rect.right, bottom: rect.bottom });
    }
    return boxes;
  });
}

type Box = { left: number; top: number; right: number; bottom: number };
const overlaps = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
const asBox = (box: { x: number; y: number; width: number; height: number }): Box => ({
  left: box.x,
  top: box.y,
  right: box.x + box.width,
  bottom: box.y + box.height,
});

test.describe('Team card', () => {
  const cases: { path: string; width: number; height: number }[] = [
    { path: '/', width: 1280, height: 800 },
    { path: '/', width: 390, height: 844 },
    { path: '/case-studies', width: 1280, height: 800 },
    { path: '/about', width: 390, height: 844 },
  ];
  for (const { path, width, height } of cases) {
    test(`opens above everything and inside the viewport on ${path} at ${width} px; its Contact Us link works`, async ({
      page,
    }) => {
      await giveConsent(page);
      await page.setViewportSize({ width, height });
      await gotoHydrated(page, path);
      for (const member of [team[0], team[team.length - 1]]) {
        const avatar = page.getByTestId(`team-avatar-${member.slug}`).first();
        await avatar.scrollIntoViewIfNeeded();
        await avatar.click();
        const card = page.getByTestId('team-card');
        await expect(card).toContainText(member.bio);
        const box = (await card.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.y).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(box.y + box.height).toBeLessThanOrEqual(height);
        // Every corner of the card is the card's own (nothing painted over it).
        const onTop = await card.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const points = [
            [rect.left + 12, rect.top + 12],
            [rect.right - 12, rect.top + 12],
            [rect.left + 12, rect.bottom - 12],
            [rect.right - 12, rect.bottom - 12],
          ];
          return points.every(([x, y]) => element.contains(document.elementFromPoint(x, y)));
        });
        expect(onTop).toBe(true);
        await page.mouse.move(0, 0);
        await page.keyboard.press('Escape');
        await expect(card).toHaveCount(0);
      }
      await page.getByTestId(`team-avatar-${team[0].slug}`).first().click();
      // A click that would land on the section behind fails here (Playwright checks the hit target).
      await page.getByTestId('team-card').getByRole('link', { name: 'Contact Us' }).click({ timeout: 5_000 });
      await expect(page).toHaveURL(/\/contact$/);
    });
  }
});

test.describe('Article banner', () => {
  for (const width of [390, 768, 1024, 1280]) {
    test(`keeps its illustration clear of the heading and subtitle at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const section of ['labs', 'consulting'] as const) {
        const post = seedPosts.find((candidate) => candidate.section === section)!;
        await gotoHydrated(page, `/blog/${section}/${post.slug}`);
        const illustration = asBox((await page.getByTestId('section-banner').locator('svg').boundingBox())!);
        const lines = [
          ...(await textBoxes(page, '[data-testid="section-banner"] h2')),
          ...(await textBoxes(page, '[data-testid="section-banner"] p')),
        ];
        expect(lines.length).toBeGreaterThan(1);
        for (const line of lines)
          expect(overlaps(line, illustration), `${section}: a text line under the illustration`).toBe(false);
      }
    });
  }
});

test.describe('Floating widgets', () => {
  test('the playbook widget opens as an icon at 1024×768 and covers none of the home copy', async ({ page }) => {
    await giveConsent(page);
    await page.setViewportSize({ width: 1024, height: 768 });
    await gotoHydrated(page, '/');
    const widget = page.getByTestId('playbook-widget');
    await expect(widget.getByRole('button', { name: 'Open playbook download' })).toBeVisible();
    await expect(widget.getByLabel('Email address for the playbook')).toHaveCount(0);
    const box = (await widget.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(64);
    expect(box.height).toBeLessThanOrEqual(64);
  });

  test('the newsletter widget on /blog opens as an icon', async ({ page }) => {
    await giveConsent(page);
    await gotoHydrated(page, '/blog');
    const widget = page.getByTestId('newsletter-floating-widget');
    await expect(widget.getByRole('button', { name: 'Open newsletter sign-up' })).toBeVisible();
    await expect(widget.getByLabel('Email address for the newsletter')).toHaveCount(0);
  });

  test('stand aside while the cookie banner is up, and come back once a choice is made', async ({ page }) => {
    await page.clock.install();
    await gotoHydrated(page, '/consulting');
    await page.clock.runFor(2_000);
    const banner = page.getByRole('dialog', { name: 'We value your privacy' });
    await expect(banner).toBeVisible();
    await expect(page.getByTestId('playbook-widget')).toBeHidden();
    await banner.getByRole('button', { name: 'Reject All' }).click();
    await expect(banner).toBeHidden();
    await expect(page.getByTestId('playbook-widget')).toBeVisible();
  });

  test('the playbook success toast does not land on the Download Playbook button', async ({ page }) => {
    await giveConsent(page);
    await page.route('**/api/playbook-download', (route) =>
      route.fulfill({ json: { downloadUrl: '/downloads/sme-ai-adoption-playbook.pdf' } }),
    );
    await gotoHydrated(page, '/labs');
    const widget = page.getByTestId('playbook-widget');
    await widget.getByRole('button', { name: 'Open playbook download' }).click();
    await widget.getByLabel('Email address for the playbook').fill('eleanor.whitcombe@harbourline-logistics.co.uk');
    await widget.getByRole('button', { name: 'Get the Playbook' }).click();
    const toast = page.getByTestId('toast');
    await expect(toast).toBeVisible();
    const download = widget.getByRole('link', { name: 'Download Playbook' });
    await expect(download).toBeVisible();
    expect(overlaps(asBox((await toast.boundingBox())!), asBox((await download.boundingBox())!))).toBe(false);
    await download.click({ trial: true, timeout: 3_000 });
  });
});

test.describe('Form controls', () => {
  /** What makes the look of a select and a checkbox, as the browser computes it. */
  async function controlStyles(page: Page, select: string, checkbox: string) {
    const style = (selector: string, properties: string[]) =>
      page
        .locator(selector)
        .first()
        .evaluate((element, names) => {
          const computed = getComputedStyle(element);
          return Object.fromEntries(names.map((name) => [name, computed.getPropertyValue(name)]));
        }, properties);
    return {
      select: await style(select, [
        'appearance',
        'background-image',
        'border-top-left-radius',
        'height',
        'padding-right',
      ]),
      checkbox: await style(checkbox, ['width', 'height', 'accent-color', 'cursor']),
    };
  }

  test('the data deletion form, the cookie Customize view and the post editor use the contact form’s select and checkbox', async ({
    page,
  }) => {
    await giveConsent(page);
    await gotoHydrated(page, '/contact');
    const contact = await controlStyles(page, 'form select', 'form input[type="checkbox"]');
    expect(contact.select.appearance).toBe('none');

    await gotoHydrated(page, '/data-deletion');
    expect(await controlStyles(page, '#deletion-requestType', '#deletion-consent')).toEqual(contact);

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    const banner = page.getByTestId('cookie-banner');
    await banner.getByRole('button', { name: 'Customize' }).click();
    await expect(banner.getByRole('checkbox')).toHaveCount(3);
    const cookieCheckbox = await banner
      .getByRole('checkbox')
      .first()
      .evaluate((element) => {
        const computed = getComputedStyle(element);
        return {
          width: computed.width,
          height: computed.height,
          'accent-color': computed.accentColor,
          cursor: computed.cursor,
        };
      });
    expect({ ...cookieCheckbox, cursor: contact.checkbox.cursor }).toEqual(contact.checkbox);

    await signIn(page);
    await gotoHydrated(page, '/admin/posts/new');
    for (const select of await page.locator('main select').all()) {
      const editorSelect = await select.evaluate((element) => {
        const computed = getComputedStyle(element);
        const names = ['appearance', 'background-image', 'border-top-left-radius', 'height', 'padding-right'];
        return Object.fromEntries(names.map((name) => [name, computed.getPropertyValue(name)]));
      });
      expect(editorSelect).toEqual(contact.select);
    }
  });

  test('the blog search shows one clear button, not the browser’s as well', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const search = page.getByRole('searchbox', { name: 'Search posts' });
    await search.fill('governance');
    await expect(page.getByRole('button', { name: 'Clear search' })).toBeVisible();
    // The browser's own button is a pseudo-element the page cannot query: its style rule is checked.
    const switchedOff = await search.evaluate((element) =>
      [...document.styleSheets].some((sheet) => {
        const rules = (list: CSSRuleList): CSSRule[] =>
          [...list].flatMap((rule) =>
            'cssRules' in rule ? [rule, ...rules((rule as CSSGroupingRule).cssRules)] : [rule],
          );
        return rules(sheet.cssRules).some(
          (rule) =>
            rule instanceof CSSStyleRule &&
            rule.selectorText.includes('::-webkit-search-cancel-button') &&
            element.matches(rule.selectorText.split('::')[0]) &&
            rule.style.getPropertyValue('appearance') === 'none',
        );
      }),
    );
    expect(switchedOff).toBe(true);
  });
});

test.describe('Small things', () => {
  test('section titles in the header stay on one line at 390 px', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    for (const path of [
      '/case-studies',
      '/consulting',
      '/immersive',
      '/contact',
      '/team/' + team[0].slug,
      '/admin/login',
      '/blog',
    ]) {
      await gotoHydrated(page, path);
      const title = page.getByTestId('brand').locator('span');
      const lines = await title.evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element);
        return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
      });
      expect(lines, `${path}: "${await title.textContent()}"`).toBe(1);
    }
  });

  test('the home hero tagline ends without a full stop', async ({ page }) => {
    await gotoHydrated(page, '/');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(site.tagline);
  });

  test('the terms body lines up with its header', async ({ page }) => {
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await gotoHydrated(page, '/terms');
      const heading = (await page.getByRole('heading', { level: 1 }).boundingBox())!;
      const firstSection = (await page.getByTestId('terms-sections').locator('h2').first().boundingBox())!;
      expect(Math.abs(firstSection.x - heading.x)).toBeLessThan(1);
    }
  });

  test('"Post Not Found" and "Error Loading Post" look like the case study error screens', async ({ page }) => {
    const look = (testId: string) =>
      page.getByTestId(testId).evaluate((element) => {
        const tile = element.querySelector(':scope > span');
        const link = element.querySelector('a');
        const heading = element.querySelector('h1');
        return {
          tile: tile
            ? {
                width: getComputedStyle(tile).width,
                background: getComputedStyle(tile).backgroundColor,
                icon: Boolean(tile.querySelector('svg')),
              }
            : null,
          heading: heading ? getComputedStyle(heading).fontSize : null,
          link: link
            ? {
                border: getComputedStyle(link).borderTopWidth,
                radius: getComputedStyle(link).borderTopLeftRadius,
                height: getComputedStyle(link).height,
              }
            : null,
          minHeight: getComputedStyle(element).minHeight,
        };
      });
    await gotoHydrated(page, '/case-studies/no-such-study');
    const caseStudy = await look('case-study-problem');
    expect(caseStudy.tile?.icon).toBe(true);

    await gotoHydrated(page, '/blog/labs/no-such-article');
    expect(await look('post-not-found')).toEqual(caseStudy);
    await expect(
      page.getByTestId('post-not-found').getByRole('link', { name: 'Back to Labs Content' }),
    ).toHaveAttribute('href', '/blog/labs');

    const post = seedPosts.find((candidate) => candidate.section === 'consulting')!;
    await gotoHydrated(page, '/blog/consulting');
    await page.route(`**/api/posts/consulting/${post.slug}`, (route) =>
      route.fulfill({ status: 500, body: '{"statusCode":500,"error":"Internal Server Error"}' }),
    );
    await page.getByRole('link', { name: post.title }).first().click();
    await expect(page.getByRole('heading', { name: 'Error Loading Post' })).toBeVisible();
    expect(await look('post-error')).toEqual(caseStudy);
  });

  test('the cookie policy sends people to the footer’s Cookie settings to change their choice', async ({ page }) => {
    await giveConsent(page);
    await gotoHydrated(page, '/cookies');
    const choices = page.locator('section').filter({ has: page.getByRole('heading', { name: '3. Your choices' }) });
    await expect(choices).toContainText('Cookie settings button in the footer');
    await expect(choices).not.toContainText('clearing');
    await page.getByRole('contentinfo').getByRole('button', { name: 'Cookie settings' }).click();
    await expect(page.getByRole('dialog', { name: 'We value your privacy' })).toBeVisible();
  });
});

test.describe('Admin navigation to privacy requests', () => {
  test('the dashboard links to /admin/privacy, which links back to the dashboard', async ({ page }) => {
    await giveConsent(page);
    await signIn(page);
    await gotoHydrated(page, '/admin');
    await page.getByRole('link', { name: 'Open privacy requests' }).click();
    await expect(page).toHaveURL(/\/admin\/privacy$/);
    await expect(page.getByRole('heading', { name: 'Privacy requests' })).toBeVisible();
    await page.getByRole('link', { name: 'Back to the dashboard' }).click();
    await expect(page).toHaveURL(/\/admin$/);
  });
});
