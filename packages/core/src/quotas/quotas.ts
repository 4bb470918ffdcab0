/** Per-workspace limits (SPEC section 8), from configuration. */
export interface Quotas {
  activeSimulations: number;
  buildsPerDay: number;
  concurrentBuilds: number;
  concurrentWorldBuilds: number;
}

export const DEFAULT_QUOTAS: Quotas = { activeSimulations: 50, buildsPerDay: 100, concurrentBuilds: 10, concurrentWorldBuilds: 10 };

/** The UTC day a moment falls in, as `YYYY-MM-DD`: the key of the daily build allowance. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** The next 00:00 UTC after `at`. */
export function nextUtcMidnight(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}

/** Whole seconds from `at` to the next 00:00 UTC, rounded up, so a retry never comes early. */
export function secondsToNextUtcDay(at: Date): number {
  return Math.ceil((nextUtcMidnight(at).getTime() - at.getTime()) / 1000);
}
