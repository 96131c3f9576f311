import { site, wordingVersion, type ConsentProof } from '@northbeam/common';
import { readConsent } from './consent-store';

/**
 * Sends a banner choice to `POST /api/consent` (docs/product.md#consent-records) with the version of
 * the wording the visitor saw, and keeps the consent id and time the server answers beside the
 * choice in the browser, where `/cookies` shows them. Best effort: a failure changes nothing the
 * visitor chose.
 */
export async function sendConsentProof(
  action: ConsentProof['action'],
  choice: { analytics: boolean; marketing: boolean },
  wording: string,
): Promise<void> {
  try {
    const response = await fetch('/api/consent', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ ...choice, action, bannerVersion: wordingVersion(wording.replace(/\s+/g, ' ').trim()) }),
    });
    if (!response.ok) return;
    const proof = (await response.json()) as ConsentProof;
    const stored = readConsent();
    if (!stored) return;
    localStorage.setItem(
      site.consentStorageKey,
      JSON.stringify({ ...stored, consentId: proof.consentId, consentRecordedAt: proof.recordedAt }),
    );
  } catch {
    // Offline or refused: the choice itself is stored and applied already.
  }
}
