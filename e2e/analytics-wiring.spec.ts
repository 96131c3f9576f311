import { expect, test, type Page } from './fixtures';
import { gotoHydrated } from './helpers/hydration';

interface Tracked {
  event: string;
  properties: Record<string, unknown>;
}

/** Records every analytics call the page makes (and answers it like the server would). */
async function recordTracking(page: Page): Promise<Tracked[]> {
  const events: Tracked[] = [];
  await page.route('**/api/analytics/track', async (route) => {
    events.push(route.request().postDataJSON() as Tracked);
    await route.fulfill({ status: 204 });
  });
  return events;
}

const names = (events: Tracked[]) => events.map((entry) => entry.event);

test.describe('Analytics events from the lead-capture forms and marketing pages', () => {
  test('the contact form reports its start once and its submission with its details', async ({ page }) => {
    const events = await recordTracking(page);
    // The page's clock runs five seconds behind the server's, so the form was started "five seconds
    // ago": the server quietly drops forms sent within three seconds.
    await page.clock.install({ time: Date.now() - 5_000 });
    await gotoHydrated(page, '/contact');
    const form = page
      .locator('form')
      .filter({ has: page.getByLabel('Name') })
      .first();
    await form.getByLabel('Name').click();
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Name').blur();
    await form.getByLabel('Name').focus();
    await expect.poll(() => names(events).filter((name) => name === 'Contact Form Started').length).toBe(1);
    expect(names(events).filter((name) => name === 'contact_form_start')).toHaveLength(1);

    await form.getByLabel(/Email/).first().fill('ada@example.com');
    await form.getByLabel(/Company/).fill('Analytical Engines Ltd');
    await form.getByLabel(/Message/).fill('We would like a prototype of a difference engine.');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: /send/i }).click();
    await expect.poll(() => names(events)).toContain('Contact Form Submitted');
    const submitted = events.find((entry) => entry.event === 'Contact Form Submitted')!;
    expect(submitted.properties).toMatchObject({ has_company: true, form_type: 'contact' });
    expect(submitted.properties.message_length).toBe('We would like a prototype of a difference engine.'.length);
  });

  test('a case study reports its view and its call-to-action click; the index reports its view', async ({ page }) => {
    const events = await recordTracking(page);
    await gotoHydrated(page, '/case-studies');
    await expect.poll(() => names(events)).toContain('case_study_index_view');
    await gotoHydrated(page, '/case-studies/relative-probability');
    await expect.poll(() => names(events)).toContain('case_study_view');
    expect(events.find((entry) => entry.event === 'case_study_view')!.properties).toMatchObject({
      slug: 'relative-probability',
    });
    await page.getByTestId('case-study-cta').getByRole('link').first().click();
    await expect.poll(() => names(events)).toContain('case_study_cta_click');
    expect(events.find((entry) => entry.event === 'case_study_cta_click')!.properties).toMatchObject({
      slug: 'relative-probability',
    });
  });

  test('a studio card click is reported with the studio', async ({ page, context }) => {
    const events = await recordTracking(page);
    await gotoHydrated(page, '/immersive');
    const popup = context.waitForEvent('page');
    await page.locator('[data-studio="fooh_studios"]').click();
    await (await popup).close();
    await expect
      .poll(() => events.find((entry) => entry.event === 'studio_visit')?.properties.studio)
      .toBe('fooh_studios');
  });
});
