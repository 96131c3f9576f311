import type { BrowserContext, Page } from '@playwright/test';
import { consentVersion } from '../../common/src/privacy';
import { site } from '../../common/src/site';

/**
 * Stores a consent record before the page's own scripts run, so that the cookie banner stays away
 * (while it is up the floating widgets stand aside).
 */
export async function giveConsent(target: Page | BrowserContext): Promise<void> {
  await target.addInitScript(
    ({ key, version }) => {
      const record = {
        preferences: { essential: true, analytics: false, marketing: false },
        timestamp: new Date().toISOString(),
        userId: 'e2e-visitor',
        version,
      };
      localStorage.setItem(key, JSON.stringify(record));
    },
    { key: site.consentStorageKey, version: consentVersion },
  );
}
