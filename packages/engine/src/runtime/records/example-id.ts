import { uuidFrom } from '../values/generate-value.js';
import type { Random } from '../values/random.js';

const DIGITS = '0123456789';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const LOWER_HEX = '0123456789abcdef';
const UPPER_HEX = '0123456789ABCDEF';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A resource's own prefix: letters and a separator (`cus_`, `team_`, `entprg_`). */
const PREFIX = /^[A-Za-z]+[_-]/;
const MAX_EXAMPLE = 128;
/** Fewer drawn characters than this would make ids collide in a large collection: shorter examples are lengthened. */
const LEAST_DRAWN = 10;

/**
 * The example an id schema gives, when it looks like an id the API mints: printable ASCII
 * without spaces, holding a digit (`12345`, `54350110fedcbaf01234ffee`) or a prefix before
 * at least eight characters (`team_nllPyCtREAqxxdyFKbbMDlxd`). Placeholder words (`string`,
 * `id`) give none, and ids keep the `<resource>_` form.
 */
export function idExample(examples: unknown): string | null {
  const first = Array.isArray(examples) ? examples.find((e) => typeof e === 'string') : undefined;
  if (typeof first !== 'string' || first.length === 0 || first.length > MAX_EXAMPLE || !/^[\x21-\x7e]+$/.test(first)) return null;
  const prefix = PREFIX.exec(first)?.[0] ?? '';
  return /[0-9]/.test(first) || (prefix !== '' && first.length - prefix.length >= 8) ? first : null;
}

/**
 * A new id shaped like an example the document gives: a UUID for a UUID; otherwise the
 * example's prefix kept, its punctuation kept in place, and its letters and digits drawn
 * again from the alphabet they come from (lowercase hex for `54350110fedcbaf0...`, digits for
 * `12345`, letters and digits of both cases for Spotify's `2up3OPMp9Tb4dAKM2erWXQ`). An id
 * of digits does not start with 0 unless its example does, and one with fewer than ten drawn
 * characters is lengthened to ten.
 */
export function idLike(example: string, random: Random): string {
  if (UUID.test(example)) {
    const uuid = uuidFrom(random);
    return example === example.toUpperCase() ? uuid.toUpperCase() : uuid;
  }
  const prefix = PREFIX.exec(example)?.[0] ?? '';
  const body = example.slice(prefix.length);
  const alphabet = alphabetOf(body);
  let drawn = 0;
  let out = '';
  for (const char of body) {
    if (!/[A-Za-z0-9]/.test(char)) {
      out += char;
      continue;
    }
    out += drawn === 0 && alphabet === DIGITS && char !== '0' ? DIGITS[random.int(1, 9)] : alphabet[random.int(0, alphabet.length - 1)];
    drawn += 1;
  }
  for (; drawn < LEAST_DRAWN; drawn += 1) out += alphabet[random.int(0, alphabet.length - 1)];
  return prefix + out;
}

/** The characters an example's letters and digits are drawn from. */
function alphabetOf(body: string): string {
  const digits = /[0-9]/.test(body);
  const lower = /[a-z]/.test(body);
  const upper = /[A-Z]/.test(body);
  if (digits && lower && !upper && !/[g-z]/.test(body)) return LOWER_HEX;
  if (digits && upper && !lower && !/[G-Z]/.test(body)) return UPPER_HEX;
  const alphabet = (digits ? DIGITS : '') + (lower ? LOWER : '') + (upper ? UPPER : '');
  return alphabet === '' ? DIGITS + LOWER : alphabet;
}
