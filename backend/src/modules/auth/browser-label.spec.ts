import { browserLabel } from './browser-label.js';

describe(browserLabel.name, () => {
  it('names the browser and the operating system', () => {
    expect(
      browserLabel(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS');
    expect(browserLabel('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe(
      'Firefox on Windows',
    );
  });

  it('says so when there is nothing to read', () => {
    expect(browserLabel(undefined)).toBe('Unknown browser');
    expect(browserLabel('')).toBe('Unknown browser');
  });
});
