import { expect, test, type Page } from './fixtures';
import { auditLayout, type LayoutFailure } from './helpers/layout-audit';

/**
 * The layout suite's rules on hand-made pages, so that a rule that stops seeing a defect, or starts
 * seeing one that is not there, fails here rather than passing or failing every screen at once.
 */
const audit = (page: Page): Promise<LayoutFailure[]> => page.evaluate(auditLayout, null);

const table = (cell: string) => `
  <main style="width: 320px; padding: 16px; font: 14px/20px sans-serif">
    <table style="width: 100%; table-layout: fixed; border-collapse: collapse">
      <tbody>
        <tr>
          <td style="padding: 0 8px 0 0">${cell}</td>
          <td style="width: 64px; text-align: right">12</td>
          <td style="width: 64px; text-align: right">3</td>
        </tr>
      </tbody>
    </table>
  </main>`;
const longTitle = 'Prototyping a digital twin in ten days for a port operator on the east coast';

test.describe('Layout rules', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a text cut short with an ellipsis in a table cell is judged by what shows, not by its hidden rest', async ({
    page,
  }) => {
    await page.setContent(
      table(
        `<a href="#a" style="display: block; overflow: hidden; white-space: nowrap; text-overflow: ellipsis">${longTitle}</a>`,
      ),
    );
    expect(await audit(page)).toEqual([]);
  });

  test('a text that runs under the next cell without an ellipsis is still clipped', async ({ page }) => {
    await page.setContent(table(`<div style="overflow: hidden; white-space: nowrap"><span>${longTitle}</span></div>`));
    const failures = await audit(page);
    expect(failures.map((failure) => failure.rule)).toContain('clipped');
  });

  test('a text under a positioned box is covered, ellipsis or not', async ({ page }) => {
    await page.setContent(`
      <main style="position: relative; width: 320px; padding: 16px; font: 14px/20px sans-serif">
        <p style="overflow: hidden; white-space: nowrap; text-overflow: ellipsis">${longTitle}</p>
        <div style="position: absolute; inset: 0; background: white"></div>
      </main>`);
    const failures = await audit(page);
    expect(failures.map((failure) => `${failure.rule} ${failure.element}`)).toContainEqual(
      expect.stringMatching(/^covered p/),
    );
  });
});
