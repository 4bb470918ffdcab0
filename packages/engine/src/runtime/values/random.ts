import { hash } from 'node:crypto';

/**
 * Deterministic randomness: every stream is seeded from a hash of the parts that name it
 * (seed, step, operation...), so a replay, a fork or another process draws the same values.
 * Never Math.random, never a shared global stream.
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  /** `count` characters from `alphabet`. */
  chars(count: number, alphabet: string): string;
}

/**
 * The first four little-endian 32-bit words of the sha256 of the parts joined by NUL. One-shot
 * hashing to hex: a Hash object, or a Buffer for the digest, cost more than the hashing itself.
 */
export function seedWords(parts: readonly (string | number)[]): [number, number, number, number] {
  const hex = hash('sha256', parts.map(String).join('\0'), 'hex');
  return [wordLE(hex, 0), wordLE(hex, 1), wordLE(hex, 2), wordLE(hex, 3)];
}

function wordLE(hex: string, index: number): number {
  const be = Number.parseInt(hex.slice(index * 8, index * 8 + 8), 16);
  return (((be & 0xff) << 24) | ((be & 0xff00) << 8) | ((be >>> 8) & 0xff00) | (be >>> 24)) >>> 0;
}

/**
 * sfc32 seeded from the first 16 bytes of the parts' hash. The hash is taken on the first
 * draw: most reads never draw, and hashing was a tenth of a read's cost.
 */
export function randomFor(...parts: (string | number)[]): Random {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  const step = (): number => {
    a |= 0;
    b |= 0;
    c |= 0;
    d |= 0;
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  let seeded = false;
  const next = (): number => {
    if (!seeded) {
      [a, b, c, d] = seedWords(parts);
      for (let i = 0; i < 12; i += 1) step();
      seeded = true;
    }
    return step();
  };
  const random: Random = {
    next,
    int: (min, max) => (max <= min ? min : min + Math.floor(next() * (max - min + 1))),
    pick: (values) => values[Math.floor(next() * values.length)] as (typeof values)[number],
    chars: (count, alphabet) => {
      let out = '';
      for (let i = 0; i < count; i += 1) out += alphabet[Math.floor(next() * alphabet.length)];
      return out;
    },
  };
  return random;
}
