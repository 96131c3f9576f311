import { expect, test } from './fixtures';
import { team } from '../common/src/team';

test.describe('Team member profile', () => {
  for (const member of team) {
    test(`shows ${member.name} with role, profile link, expertise, biography and the Work with box`, async ({
      page,
    }) => {
      const response = await page.goto(`/team/${member.slug}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole('heading', { level: 1, name: member.name })).toBeVisible();
      await expect(page.locator('main')).toContainText(member.role);
      await expect(page.getByRole('link', { name: /LinkedIn profile/ })).toHaveAttribute('href', member.linkedin);
      await expect(page.getByTestId('expertise').locator('li')).toHaveText(member.expertise);
      const paragraphs = member.fullBio.split(/\n\s*\n/);
      await expect(page.getByTestId('biography').locator('p')).toHaveCount(paragraphs.length);
      const box = page.getByTestId('work-with');
      await expect(box.getByRole('heading', { name: `Work with ${member.name.split(' ')[0]}` })).toBeVisible();
      await expect(box.getByRole('link', { name: /Get in Touch/ })).toHaveAttribute('href', '/contact');
      await expect(page.getByRole('link', { name: 'Back to About' }).first()).toHaveAttribute('href', '/about');
    });
  }

  test('sets the canonical, social tags and a ProfilePage around the Person', async ({ page }) => {
    const member = team[1];
    await page.goto(`/team/${member.slug}`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`/team/${member.slug}$`));
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'profile');
    await expect(page.locator('meta[property="og:image"]')).toHaveAttribute(
      'content',
      new RegExp(`/api/og-image/${member.slug}$`),
    );
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    const person = blocks
      .map((block) => JSON.parse(block) as Record<string, unknown>)
      .find((block) => block['@type'] === 'ProfilePage')?.mainEntity;
    expect(person).toMatchObject({ name: member.name, jobTitle: member.role });
  });

  test('shows the avatar image for a member who has one', async ({ page }) => {
    await page.goto(`/team/${team[0].slug}`);
    const avatar = page.locator('header').getByRole('img', { name: team[0].name });
    // The drawing of team[0].avatar, shown from the team's sprite (one image document for all).
    expect(team[0].avatar).toBe(`/images/team/${team[0].slug}.svg`);
    await expect(avatar).toHaveAttribute('src', `/images/team/sprite.svg#${team[0].slug}`);
    expect(await avatar.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  });

  test('answers 404 with Team Member Not Found for an unknown slug', async ({ page }) => {
    const response = await page.goto('/team/nobody-here');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Team Member Not Found' })).toBeVisible();
    await expect(page.getByText("The team member you're looking for doesn't exist.")).toBeVisible();
    await expect(page.getByRole('link', { name: 'Back to About' })).toHaveAttribute('href', '/about');
  });

  test('is reached from the About grid through View Bio', async ({ page }) => {
    await page.goto('/about');
    await page.getByRole('link', { name: `View Bio: ${team[2].name}` }).click();
    await expect(page).toHaveURL(new RegExp(`/team/${team[2].slug}$`));
    await expect(page.getByRole('heading', { level: 1, name: team[2].name })).toBeVisible();
  });
});
