import { describe, expect, it } from 'vitest';
import { formatNumber } from './format';
import { spriteAddress } from './sprite';

describe('formatNumber', () => {
  it('groups whole numbers by thousands, as en-GB does', () => {
    for (const value of [0, 7, 999, 1000, 12345, 1234567, -1234])
      expect(formatNumber(value)).toBe(value.toLocaleString('en-GB'));
    expect(formatNumber(1234.5)).toBe('1,234.5');
  });
});

describe('spriteAddress', () => {
  it('shows team and client illustrations from their folder sprite, anything else as it is', () => {
    expect(spriteAddress('/images/team/priya-raman.svg')).toBe('/images/team/sprite.svg#priya-raman');
    expect(spriteAddress('/images/clients/meridian.svg')).toBe('/images/clients/sprite.svg#meridian');
    expect(spriteAddress('/images/case-studies/hero.svg')).toBe('/images/case-studies/hero.svg');
    expect(spriteAddress('https://cdn.test/images/team/a.svg')).toBe('https://cdn.test/images/team/a.svg');
  });
});
