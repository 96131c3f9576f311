import { isoTimestamp, returnedRows, rowCount } from './query-result.js';

describe('query results', () => {
  it('reads the rows of an UPDATE or DELETE answered as [rows, count] and of a SELECT answered as rows', () => {
    expect(returnedRows<{ id: number }>([[{ id: 1 }], 1])).toEqual([{ id: 1 }]);
    expect(returnedRows<{ id: number }>([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1 }, { id: 2 }]);
  });

  it('counts the driver count where there is one, else the rows, and nothing for anything else', () => {
    expect(rowCount([[], 3])).toBe(3);
    expect(rowCount([{ day: '2026-01-01' }])).toBe(1);
    expect(rowCount(undefined)).toBe(0);
  });

  it('writes a timestamp as ISO 8601 UTC whether the driver gave a Date or its text, and an empty one as null', () => {
    expect(isoTimestamp(new Date('2026-11-27T02:00:00Z'))).toBe('2026-11-27T02:00:00.000Z');
    expect(isoTimestamp('2026-11-27 02:00:00+00')).toBe('2026-11-27T02:00:00.000Z');
    expect(isoTimestamp(null)).toBeNull();
  });
});
