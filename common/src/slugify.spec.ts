import { slugify } from './slugify.js';

describe('slugify', () => {
  it('lower-cases and joins words with single hyphens', () => {
    expect(slugify('Hello World')).toBe('hello-world');
  });

  it('turns each run of non-alphanumeric characters into one hyphen', () => {
    expect(slugify('AI -- in   the__Workplace: 2026!')).toBe('ai-in-the-workplace-2026');
  });

  it('removes leading and trailing hyphens', () => {
    expect(slugify('  ...Ready, set, build...  ')).toBe('ready-set-build');
  });

  it('returns an empty slug for text without letters or digits', () => {
    expect(slugify('!!!')).toBe('');
  });
});
