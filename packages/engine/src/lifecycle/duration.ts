/**
 * ISO 8601 durations (`P30D`, `PT1H30M`, `P1Y2M`, `P2W`), added to a time in UTC: years and
 * months move the calendar (a month after 31 January is the last day of February), weeks, days
 * and smaller parts are fixed lengths.
 */
export interface Duration {
  years: number;
  months: number;
  /** Weeks, days, hours, minutes and seconds together. */
  ms: number;
}

const PATTERN = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d{1,3})?)S)?)?$/;

/** The duration, or null when the text is not one (or names no part: `P`, `PT`). */
export function parseDuration(text: string): Duration | null {
  const m = PATTERN.exec(text);
  if (m === null || text.endsWith('T') || m.slice(1).every((part) => part === undefined)) return null;
  const n = (i: number) => Number(m[i] ?? 0);
  const ms = (((n(3) * 7 + n(4)) * 24 + n(5)) * 60 + n(6)) * 60_000 + Math.round(n(7) * 1000);
  return { years: n(1), months: n(2), ms };
}

/** `time` (ms since the epoch) plus the duration. */
export function addDuration(time: number, d: Duration): number {
  if (d.years === 0 && d.months === 0) return time + d.ms;
  const date = new Date(time);
  const months = date.getUTCMonth() + d.months + d.years * 12;
  const year = date.getUTCFullYear() + Math.floor(months / 12);
  const month = ((months % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const moved = Date.UTC(year, month, Math.min(date.getUTCDate(), lastDay), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds(), date.getUTCMilliseconds());
  return moved + d.ms;
}

/**
 * A record's time field as ms since the epoch: a date-time or date string (a date is its
 * midnight UTC), or epoch seconds (a number past 10^11 is taken as milliseconds). Null for
 * anything else. XSD's forms a SOAP Simulation keeps as sent read the same way whatever the
 * host's zone: a date-time without a zone as UTC, a date with a zone as its day.
 */
export function timeOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? (Math.abs(value) >= 1e11 ? value : value * 1000) : null;
  if (typeof value !== 'string' || value === '') return null;
  const zoned = /T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?$/.test(value) ? `${value}Z` : (/^(\d{4}-\d{2}-\d{2})(?:Z|[+-]\d{2}:\d{2})$/.exec(value)?.[1] ?? value);
  const time = Date.parse(zoned);
  return Number.isNaN(time) ? null : time;
}
