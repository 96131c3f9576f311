import { describe, expect, it } from 'vitest';
import { sideBySideRows } from './side-by-side-diff';

const text = (row: ReturnType<typeof sideBySideRows>[number], side: 'left' | 'right') =>
  row.kind === 'skipped' || !(side in row)
    ? undefined
    : (row as Record<typeof side, { pieces: { text: string }[] }>)[side].pieces.map((piece) => piece.text).join('');

describe('sideBySideRows', () => {
  it('pairs a changed line with its new version and marks only the changed word', () => {
    const rows = sideBySideRows('one\ntwo days\nthree', 'one\ntwelve days\nthree');
    expect(rows.map((row) => row.kind)).toEqual(['same', 'changed', 'same']);
    const changed = rows[1];
    if (changed.kind !== 'changed') throw new Error('expected a changed row');
    expect(changed.left.pieces.filter((piece) => piece.changed).map((piece) => piece.text)).toEqual(['two']);
    expect(changed.right.pieces.filter((piece) => piece.changed).map((piece) => piece.text)).toEqual(['twelve']);
    expect([changed.left.line, changed.right.line]).toEqual([2, 2]);
  });

  it('shows added and removed lines on one side only, with each side numbered on its own', () => {
    const rows = sideBySideRows('a\nb\nc', 'a\nc\nd');
    expect(rows.map((row) => [row.kind, text(row, 'left'), text(row, 'right')])).toEqual([
      ['same', 'a', 'a'],
      ['removed', 'b', undefined],
      ['same', 'c', 'c'],
      ['added', undefined, 'd'],
    ]);
  });

  it('folds a long run of unchanged lines, keeping three lines of context around a change', () => {
    const before = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`).join('\n');
    const after = before.replace('line 20', 'line twenty');
    const rows = sideBySideRows(before, after);
    expect(rows[0]).toEqual({ kind: 'skipped', count: 16 });
    expect(rows.slice(1).map((row) => row.kind)).toEqual(['same', 'same', 'same', 'changed']);
  });
});
