import axe from 'axe-core';
import type { Page } from '@playwright/test';

/** The WCAG 2.0, 2.1 and 2.2 A and AA rules and axe's best practices. */
export const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/** One violating node: rule, impact, where, and what the rule asks. */
export interface AxeFinding {
  rule: string;
  impact: string;
  target: string;
  help: string;
}

declare global {
  interface Window {
    axe?: typeof axe;
  }
}

/**
 * Runs axe-core in the page as it is now and returns its violations, one entry per node.
 *
 * axe-core is put into each document once (checked before each run) and run with `axe.run` there.
 * `@axe-core/playwright` put its 550 KB into the page twice per run and finished every run in a new
 * blank page: the accessibility suite spent most of its time on that, not on the checks. The site has
 * no cross-origin frames (third-party widgets are not in the server HTML), so the single-document run
 * sees everything a visitor does; same-origin frames get axe too and are checked by `axe.run`.
 */
export async function axeFindings(page: Page, tags: string[] | null = wcag22aa): Promise<AxeFinding[]> {
  for (const frame of page.frames()) {
    const present = await frame.evaluate(() => typeof window.axe?.run === 'function').catch(() => true);
    if (!present) await frame.evaluate(axe.source);
  }
  return page.evaluate(async (runOnly) => {
    const results = await window.axe!.run(document, {
      ...(runOnly ? { runOnly: { type: 'tag' as const, values: runOnly } } : {}),
      resultTypes: ['violations'],
    });
    return results.violations.flatMap((violation) =>
      violation.nodes.map((node) => ({
        rule: violation.id,
        impact: violation.impact ?? 'no impact',
        target: node.target.join(' '),
        help: violation.help,
      })),
    );
  }, tags);
}
