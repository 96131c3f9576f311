import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { IsIsoDay, IsListPage, IsListSearch } from './list-query.decorators.js';
import { Trim, TrimToUndefined } from './trim.js';

class ListQuery {
  @IsListPage()
  page?: number;

  @IsIsoDay()
  from?: string;

  @IsListSearch(10)
  q?: string;
}

class Named {
  @Trim()
  name?: unknown;

  @TrimToUndefined()
  company?: unknown;
}

function check(query: Record<string, unknown>) {
  const dto = plainToInstance(ListQuery, query);
  return { dto, errors: validateSync(dto).flatMap((error) => Object.values(error.constraints ?? {})) };
}

describe('list query decorators', () => {
  it('accepts a list query with every part absent', () => {
    expect(check({}).errors).toEqual([]);
  });

  it('trims the search before measuring it, and refuses a longer one with the sentence', () => {
    expect(check({ q: '   ten chars!   ' }).dto.q).toBe('ten chars!');
    expect(check({ q: '   ten chars!   ' }).errors).toEqual([]);
    expect(check({ q: 'eleven char' }).errors).toEqual(['Search must be 10 characters or less']);
  });

  it('refuses a repeated ?q= (an array) with the same sentence instead of a type error', () => {
    expect(check({ q: ['a', 'b'] }).errors).toContain('Search must be 10 characters or less');
  });

  it('takes a whole page number from the query string and a calendar day', () => {
    expect(check({ page: '3', from: '2026-11-26' })).toEqual({ dto: { page: 3, from: '2026-11-26' }, errors: [] });
    expect(check({ page: '0' }).errors).toEqual(['Page must be 1 or more']);
    expect(check({ from: '2026-13-01' }).errors).toHaveLength(1);
  });
});

describe('Trim and TrimToUndefined', () => {
  it('trims texts, leaves other values alone, and makes a blank optional text absent', () => {
    expect(plainToInstance(Named, { name: '  Ada  ', company: '   ' })).toEqual({ name: 'Ada', company: undefined });
    expect(plainToInstance(Named, { name: 7, company: ' Northbeam ' })).toEqual({ name: 7, company: 'Northbeam' });
  });
});
