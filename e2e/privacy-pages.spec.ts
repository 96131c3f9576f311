import { expect, test } from './fixtures';
import { gotoHydrated } from './helpers/hydration';

/**
 * What the legal pages tell a visitor about counting and about their data (docs/product.md#analytics-counting,
 * #privacy-requests, #retention): how visits are counted and how to object, where to ask for a copy of
 * their data, and the retention list the purge follows.
 */
test.describe('Privacy and cookie pages', () => {
  test('/privacy explains the counting and the objection, links to the access request and lists every retention period', async ({
    page,
  }) => {
    await gotoHydrated(page, '/privacy');
    const counting = page.getByTestId('analytics-counting');
    await expect(counting).toContainText('without a cookie for counting');
    await expect(counting).toContainText('we do not store your IP address');
    await expect(counting).toContainText('a random value that changes every day and is destroyed after it');
    await expect(counting).toContainText('To object, choose Reject All');
    await expect(counting).toContainText('our server drops anything marked as refused');
    await expect(page.getByTestId('rights').getByRole('link', { name: 'data access request' })).toHaveAttribute(
      'href',
      '/data-access',
    );
    const retention = page.getByTestId('retention');
    await expect(retention).toContainText('Contact form data: up to 3 years after our last contact.');
    await expect(retention).toContainText('Analytics data: up to 2 years.');
    await expect(retention).toContainText('Playbook download requests: 2 years after the request.');
  });

  test('/cookies explains the counting without cookies and how to object', async ({ page }) => {
    await gotoHydrated(page, '/cookies');
    const counting = page.getByTestId('analytics-counting');
    await expect(counting).toContainText('without setting any cookie for it');
    await expect(counting).toContainText('We do not keep your IP address');
    await expect(counting).toContainText('a random value that changes every day and is destroyed after it');
    await expect(counting).toContainText('You can object: Reject All');
  });

  test('/data-deletion links to /data-access, and the footer stays as it was (no access link)', async ({ page }) => {
    await gotoHydrated(page, '/data-deletion');
    await expect(page.getByRole('main').locator('a[href="/data-access"]')).toHaveCount(1);
    const footer = page.getByTestId('site-footer');
    await expect(footer.getByRole('link', { name: 'Data Deletion' })).toHaveAttribute('href', '/data-deletion');
    await expect(footer.locator('a[href="/data-access"]')).toHaveCount(0);
  });
});
