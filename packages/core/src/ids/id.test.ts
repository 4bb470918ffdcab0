import { decodeTime } from 'ulid';
import { describe, expect, it } from 'vitest';
import { isId, pooledRandom, UlidIdGenerator } from './id.js';

describe('UlidIdGenerator', () => {
  it('mints prefixed ULIDs that sort in minting order, also within one millisecond', () => {
    const ids = new UlidIdGenerator(() => 1_700_000_000_000);
    const minted = Array.from({ length: 1000 }, () => ids.next('request'));
    for (const id of minted) expect(isId('request', id)).toBe(true);
    expect([...minted].sort()).toEqual(minted);
    expect(new Set(minted).size).toBe(minted.length);
  });

  it('draws fresh randomness in each new millisecond', () => {
    let now = 1_700_000_000_000;
    const ids = new UlidIdGenerator(() => now);
    const randomParts = new Set<string>();
    for (let i = 0; i < 500; i += 1) {
      now += 1;
      randomParts.add(ids.next('simulation').slice(-16));
    }
    expect(randomParts.size).toBe(500);
  });

  it('carries the millisecond in its time part, and keeps sorting when the clock goes back', () => {
    let now = 1_700_000_000_000;
    const ids = new UlidIdGenerator(() => now);
    const first = ids.next('request');
    expect(decodeTime(first.slice('req_'.length))).toBe(now);
    now += 5;
    const later = ids.next('request');
    expect(decodeTime(later.slice('req_'.length))).toBe(now);
    now -= 3;
    const afterSetBack = [ids.next('request'), ids.next('request')];
    // The time part stays at the latest millisecond seen; the IDs still sort after the earlier ones.
    for (const id of afterSetBack) expect(decodeTime(id.slice('req_'.length))).toBe(now + 3);
    expect([first, later, ...afterSetBack].sort()).toEqual([first, later, ...afterSetBack]);
    expect(new Set([first, later, ...afterSetBack]).size).toBe(4);
  });
});

describe('pooledRandom', () => {
  it('answers numbers in [0, 1) that cover every ULID character, across many refills', () => {
    const next = pooledRandom(16);
    const buckets = new Array<number>(32).fill(0);
    const seen: number[] = [];
    for (let i = 0; i < 32_000; i += 1) {
      const value = next();
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
      buckets[Math.floor(value * 32)]! += 1;
      if (i < 64) seen.push(value);
    }
    // 1,000 expected per bucket; a stuck or repeating pool would leave most of them empty.
    for (const count of buckets) expect(count).toBeGreaterThan(700);
    // Each refill is fresh: the first four 16-byte pools are not copies of each other.
    const pools = [0, 16, 32, 48].map((at) => seen.slice(at, at + 16).join(','));
    expect(new Set(pools).size).toBe(4);
  });
});
