import { consentVersion, site, type ConsentPreferences, type ConsentRecord } from '@northbeam/common';

/** Reading and writing the consent record; kept apart so analytics can read it without a cycle. */
export function readConsent(): ConsentRecord | null {
  try {
    const raw = typeof localStorage === 'undefined' ? null : localStorage.getItem(site.consentStorageKey);
    if (!raw) return null;
    const record = JSON.parse(raw) as Partial<ConsentRecord>;
    const preferences = record.preferences;
    if (
      record.version !== consentVersion ||
      !preferences ||
      typeof preferences.analytics !== 'boolean' ||
      typeof preferences.marketing !== 'boolean'
    ) {
      return null;
    }
    return record as ConsentRecord;
  } catch {
    return null;
  }
}

export function writeConsent(preferences: Omit<ConsentPreferences, 'essential'>, userId: string): ConsentRecord {
  const record: ConsentRecord = {
    preferences: { essential: true, analytics: preferences.analytics, marketing: preferences.marketing },
    timestamp: new Date().toISOString(),
    userId,
    version: consentVersion,
  };
  try {
    localStorage.setItem(site.consentStorageKey, JSON.stringify(record));
  } catch (error) {
    console.warn('Could not store the cookie consent', error);
  }
  return record;
}
