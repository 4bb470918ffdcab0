import { describe, expect, it } from 'vitest';
import { sha256Digest, stableStringify } from './serialise.js';

describe('canonical serialisation', () => {
  it('sorts keys at every level and leaves undefined members out', () => {
    expect(stableStringify({ b: 1, a: { d: [3, { z: 1, y: 2 }], c: undefined } })).toBe('{"a":{"d":[3,{"y":2,"z":1}]},"b":1}');
    expect(stableStringify({ b: 1, a: 2 })).toBe(stableStringify({ a: 2, b: 1 }));
  });

  it('writes what JSON.parse reads back', () => {
    const value = { s: 'é "quoted" \n', n: -1.5e-7, t: true, z: null, list: [[], {}] };
    expect(JSON.parse(stableStringify(value))).toEqual(value);
  });

  it('names bytes by their sha256', () => {
    expect(sha256Digest(new TextEncoder().encode('abc'))).toBe('sha256:ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
