import { SimplaneError } from '../errors/simplane-error.js';

export const PAGE_LIMIT = { default: 50, max: 200 } as const;

const INT64 = /^[+-]?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;
const INT64_MIN = -9223372036854775808n;

/**
 * SPEC section 8: absent gives 50, below 1 gives 50, above 200 gives 200, and anything that
 * is not an int64 answers 422 `validation`.
 */
export function parsePageLimit(raw: string | undefined, field = 'limit'): number {
  if (raw === undefined) return PAGE_LIMIT.default;
  if (!INT64.test(raw)) throw new SimplaneError('validation', `${field}: must be an integer`);
  const value = BigInt(raw);
  if (value > INT64_MAX || value < INT64_MIN) {
    throw new SimplaneError('validation', `${field}: must be a 64-bit integer`);
  }
  if (value < 1n) return PAGE_LIMIT.default;
  if (value > BigInt(PAGE_LIMIT.max)) return PAGE_LIMIT.max;
  return Number(value);
}
