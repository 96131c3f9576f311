import { returnedRows, rowCount } from './query-result.js';

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
});
