import { SimplaneError } from '../../errors/simplane-error.js';

/** A cause as a log line gives it: its message, with the stack where a runtime failed. */
export function describe(cause: unknown, withStack: boolean): string {
  if (!(cause instanceof Error)) return String(cause);
  return withStack ? (cause.stack ?? cause.message) : cause.message;
}

/** The Simulation cannot answer now, and a retry shortly can (503, `Retry-After: 1`). */
export function unreachable(id: string, why: string): SimplaneError {
  return new SimplaneError('simulation_unreachable', `The Simulation ${id} ${why}; retry shortly.`, { retryAfterSeconds: 1 });
}
