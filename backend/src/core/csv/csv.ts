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

export function toCsv(header: readonly string[], rows: (string | null)[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
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
