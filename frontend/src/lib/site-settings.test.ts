import { describe, expect, it } from 'vitest';
import { fallbackPublicSiteSettings } from '@northbeam/common';
import { frameSettings, siteSettingsOf } from './site-settings';

describe('the settings every page carries', () => {
  it('leave out the client logos, which only the pages that show them load', () => {
    const frame = frameSettings(fallbackPublicSiteSettings);
    expect(frame).not.toHaveProperty('clientLogos');
    expect(frame.email).toBe(fallbackPublicSiteSettings.email);
    expect(frame.social).toEqual(fallbackPublicSiteSettings.social);
  });

  it('fall back to the built-in values, without the logos, where the root route has no data', () => {
    expect(siteSettingsOf(undefined)).toEqual(frameSettings(fallbackPublicSiteSettings));
  });
});
