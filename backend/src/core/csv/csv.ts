import { formatDate } from '@northbeam/common';

/**
 * CSV for spreadsheets (RFC 4180: every cell quoted, quotes doubled, CRLF between rows). Written
 * here rather than with a CSV library because quoting is all it needs; the part a library does not
 * do is the formula guard below.
 */

/**
 * A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` (or a tab or carriage return that
 * hides one) as a formula. Visitors control these texts (enquiries, the page a subscriber signed
 * up on), so such a cell gets a leading `'`, which spreadsheets show as text.
 */
export function neutraliseFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function cell(value: string | null): string {
  return `"${neutraliseFormula(value ?? '').replace(/"/g, '""')}"`;
}

/**
 * The file: UTF-8 with a byte-order mark, without which Excel reads it in the machine's code page
 * and garbles "£" and "—".
 */
export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  return '\uFEFF' + [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

/** A date and time as a spreadsheet user reads it: UK time, `26/11/2026 14:05` (common/src/dates.ts). */
export function csvDateTime(value: Date | string): string {
  return formatDate(value, 'dd/MM/yyyy HH:mm');
}

/** ` (status=confirmed&q=…)`: the filters of an export for its activity line, or nothing without filters. */
export function exportFilterLabel(query: object): string {
  const filters = new URLSearchParams(
    Object.entries(query).filter(
      (entry): entry is [string, string] => entry[0] !== 'page' && typeof entry[1] === 'string' && entry[1] !== '',
    ),
  ).toString();
  return filters ? ` (${filters})` : '';
}
