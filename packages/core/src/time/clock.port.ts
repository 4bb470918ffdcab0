/** Port: wall-clock time. Injected everywhere so tests can hold or move time. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that moves only when told; for tests and deterministic tools. */
export class ManualClock implements Clock {
  private current: number;
  constructor(start: Date | string = '2024-01-01T00:00:00.000Z') {
    this.current = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.current);
  }
  set(to: Date | string): void {
    this.current = new Date(to).getTime();
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

/** The two latest instants formatted, newest first: a request formats both the wall clock and a Simulation's virtual clock. */
let newestMs = Number.NaN;
let newestText = '';
let olderMs = Number.NaN;
let olderText = '';

/**
 * RFC 3339 UTC with milliseconds, the only time format on the wire. The last two answers are
 * kept: requests in the same millisecond format the same instants, and toISOString is a slow
 * builtin.
 */
export function formatTime(date: Date): string {
  const ms = date.getTime();
  if (ms === newestMs) return newestText;
  if (ms === olderMs) return olderText;
  olderMs = newestMs;
  olderText = newestText;
  newestMs = ms;
  newestText = date.toISOString();
  return newestText;
}

let parsedText = '';
let parsedMs = Number.NaN;

/**
 * The instant of an RFC 3339 text, as a new Date the caller may keep. The last text is
 * remembered: a Simulation's virtual time is read on every request and rarely moves.
 */
export function parseTime(text: string): Date {
  if (text !== parsedText) {
    parsedMs = new Date(text).getTime();
    parsedText = text;
  }
  return new Date(parsedMs);
}
