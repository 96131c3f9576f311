import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './fixtures';
import { team } from '../common/src/team';
import { gotoHydrated } from './helpers/hydration';

const pages = [
  '/',
  '/consulting',
  '/labs',
  '/immersive',
  '/about',
  '/contact',
  '/case-studies',
  '/case-studies/relative-probability',
  '/blog',
  '/blog/labs',
  `/team/${team[0].slug}`,
  '/cookies',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/unsubscribe',
];

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }));
}

test.describe('Accessibility (axe-core)', () => {
  for (const url of pages) {
    test(`${url} has no serious or critical violation`, async ({ page }) => {
      await gotoHydrated(page, url);
      expect(await seriousViolations(page)).toEqual([]);
    });
  }

  test('an article has no serious or critical violation', async ({ page }) => {
    await gotoHydrated(page, '/blog');
    const href = await page
      .locator('main a[href^="/blog/labs/"], main a[href^="/blog/consulting/"]')
      .first()
      .getAttribute('href');
    expect(href).toBeTruthy();
    await gotoHydrated(page, href!);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
