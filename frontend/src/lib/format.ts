/** 12,345: whole numbers grouped by hand, as the first toLocaleString of a page loads ICU's locale data. */
export function formatNumber(value: number): string {
  if (!Number.isSafeInteger(value)) return value.toLocaleString('en-GB');
  return String(value).replace(/\B(?=(\d{3})+$)/g, ',');
}
