/**
 * The browser's Temporal where it has one (Chrome, Firefox; not Node 20 nor every Safari), typed
 * as far as the site uses it. It answers time-zone questions without the ICU formatting data that
 * the first `Intl.DateTimeFormat` of a page loads: ~50 ms of main thread, four times that on the
 * phone Lighthouse simulates.
 */
interface TemporalInstant {
  toZonedDateTimeISO(zone: string): { year: number; month: number; day: number };
}

interface TemporalApi {
  Now: { timeZoneId(): string };
  Instant: { from(iso: string): TemporalInstant; fromEpochMilliseconds(milliseconds: number): TemporalInstant };
}

export const temporal: TemporalApi | undefined = (globalThis as { Temporal?: TemporalApi }).Temporal;
