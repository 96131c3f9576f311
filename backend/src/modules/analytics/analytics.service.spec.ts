import { flatProperties } from './analytics.service.js';

describe('flatProperties', () => {
  it('accepts strings, finite numbers, booleans and null', () => {
    expect(flatProperties({ a: 'x', b: 2, c: false, d: null })).toEqual({ a: 'x', b: 2, c: false, d: null });
  });

  it('refuses nested objects, arrays, non-finite numbers and over-long strings', () => {
    expect(flatProperties({ a: { b: 1 } })).toBeNull();
    expect(flatProperties({ a: [1] })).toBeNull();
    expect(flatProperties({ a: Number.POSITIVE_INFINITY })).toBeNull();
    expect(flatProperties({ a: 'x'.repeat(2049) })).toBeNull();
  });

  it('accepts 40 keys and refuses 41', () => {
    const keys = (count: number) =>
      Object.fromEntries(Array.from({ length: count }, (_, index) => [`k${index}`, index]));
    expect(flatProperties(keys(40))).not.toBeNull();
    expect(flatProperties(keys(41))).toBeNull();
  });
});
