import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { randomFor, seedWords } from './random.js';

/** The seeding as it has always been defined: the digest's first 16 bytes, read little-endian. */
function reference(parts: (string | number)[]): number[] {
  const digest = createHash('sha256').update(parts.map(String).join('\0')).digest();
  return [0, 4, 8, 12].map((at) => digest.readUInt32LE(at));
}

describe('randomFor', () => {
  it('seeds from the sha256 of the parts joined by NUL, words little-endian', () => {
    for (const parts of [['seed', 1, 'pets', 0], ['', 0], ['ünïcödé', 4294967295, 'a\0b'], ['bench', 10_000, 'orders.items', 7]]) {
      expect(seedWords(parts)).toEqual(reference(parts));
    }
  });

  it('draws the same sequence for the same parts and a different one for other parts', () => {
    const draw = (...parts: (string | number)[]) => {
      const random = randomFor(...parts);
      return [random.next(), random.int(0, 1000), random.chars(8, 'abcdefgh')];
    };
    expect(draw('s', 1, 'op')).toEqual(draw('s', 1, 'op'));
    expect(draw('s', 1, 'op')).not.toEqual(draw('s', 2, 'op'));
    const values = draw('s', 1, 'op');
    expect(values[0]).toBeGreaterThanOrEqual(0);
    expect(values[0]).toBeLessThan(1);
  });
});
