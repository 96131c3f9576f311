import Bowser from 'bowser';

export interface ParsedUserAgent {
  browser: string | null;
  os: string | null;
  device: 'desktop' | 'mobile' | 'tablet' | 'tv' | null;
}

const devices = new Set(['desktop', 'mobile', 'tablet', 'tv']);

/**
 * Browser, system and device type of a user agent, by Bowser. Only this result is stored; the agent
 * itself is used for the visit hash and then dropped (docs/product.md#analytics-counting).
 */
export function parseUserAgent(userAgent: string): ParsedUserAgent {
  try {
    const parsed = Bowser.parse(userAgent);
    const type = parsed.platform.type;
    return {
      browser: parsed.browser.name?.slice(0, 64) || null,
      os: parsed.os.name?.slice(0, 64) || null,
      device: type && devices.has(type) ? (type as ParsedUserAgent['device']) : null,
    };
  } catch {
    return { browser: null, os: null, device: null };
  }
}
