import { diffLines, diffWordsWithSpace } from 'diff';

/** A piece of one side of a changed line: `changed` pieces are what the other side lacks. */
export interface DiffPiece {
  text: string;
  changed: boolean;
}

export interface DiffSide {
  /** 1-based line number on this side. */
  line: number;
  pieces: DiffPiece[];
}

/**
 * One row of a side-by-side diff: a line on both sides (`same`, or `changed` with the words that
 * differ marked), a line only on the left (`removed`) or only on the right (`added`), or a run of
 * unchanged lines folded away (`skipped`).
 */
export type DiffRow =
  | { kind: 'same' | 'changed'; left: DiffSide; right: DiffSide }
  | { kind: 'removed'; left: DiffSide }
  | { kind: 'added'; right: DiffSide }
  | { kind: 'skipped'; count: number };

function splitLines(value: string): string[] {
  const lines = value.split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The words of `left` and `right` that differ, marked on each side. */
export function wordPieces(left: string, right: string): { left: DiffPiece[]; right: DiffPiece[] } {
  const result = { left: [] as DiffPiece[], right: [] as DiffPiece[] };
  for (const change of diffWordsWithSpace(left, right)) {
    if (!change.added) result.left.push({ text: change.value, changed: Boolean(change.removed) });
    if (!change.removed) result.right.push({ text: change.value, changed: Boolean(change.added) });
  }
  return result;
}

/**
 * Rows of a side-by-side, line-by-line diff of `left` (an earlier revision) and `right` (the current
 * text). Removed lines followed by added ones pair up as changed lines; runs of more than
 * 2 × `context` unchanged lines fold, keeping `context` lines around each change.
 */
export function sideBySideRows(left: string, right: string, context = 3): DiffRow[] {
  const rows: DiffRow[] = [];
  let leftLine = 0;
  let rightLine = 0;
  // A last line without its newline would differ from the same line followed by another.
  const withNewline = (value: string) => (value.endsWith('\n') ? value : `${value}\n`);
  const changes = diffLines(withNewline(left), withNewline(right));
  for (let index = 0; index < changes.length; index += 1) {
    const change = changes[index];
    const lines = splitLines(change.value);
    if (!change.added && !change.removed) {
      for (const text of lines) {
        leftLine += 1;
        rightLine += 1;
        rows.push({
          kind: 'same',
          left: { line: leftLine, pieces: [{ text, changed: false }] },
          right: { line: rightLine, pieces: [{ text, changed: false }] },
        });
      }
      continue;
    }
    const next = changes[index + 1];
    const removed = change.removed ? lines : [];
    const added = change.added ? lines : change.removed && next?.added ? splitLines(next.value) : [];
    if (change.removed && next?.added) index += 1;
    for (let offset = 0; offset < Math.max(removed.length, added.length); offset += 1) {
      const before = removed[offset];
      const after = added[offset];
      if (before !== undefined && after !== undefined) {
        const pieces = wordPieces(before, after);
        leftLine += 1;
        rightLine += 1;
        rows.push({
          kind: 'changed',
          left: { line: leftLine, pieces: pieces.left },
          right: { line: rightLine, pieces: pieces.right },
        });
      } else if (before !== undefined) {
        leftLine += 1;
        rows.push({ kind: 'removed', left: { line: leftLine, pieces: [{ text: before, changed: true }] } });
      } else {
        rightLine += 1;
        rows.push({ kind: 'added', right: { line: rightLine, pieces: [{ text: after, changed: true }] } });
      }
    }
  }
  return foldUnchanged(rows, context);
}

function foldUnchanged(rows: DiffRow[], context: number): DiffRow[] {
  const folded: DiffRow[] = [];
  let start = 0;
  while (start < rows.length) {
    if (rows[start].kind !== 'same') {
      folded.push(rows[start]);
      start += 1;
      continue;
    }
    let end = start;
    while (end < rows.length && rows[end].kind === 'same') end += 1;
    const keepBefore = start === 0 ? 0 : context;
    const keepAfter = end === rows.length ? 0 : context;
    if (end - start > keepBefore + keepAfter + 1) {
      folded.push(...rows.slice(start, start + keepBefore));
      folded.push({ kind: 'skipped', count: end - start - keepBefore - keepAfter });
      folded.push(...rows.slice(end - keepAfter, end));
    } else {
      folded.push(...rows.slice(start, end));
    }
    start = end;
  }
  return folded;
}
