import { describe, expect, it } from 'vitest';
import { copyBytes } from './bytes.js';

describe('copyBytes', () => {
  it('copies a Buffer view without sharing memory, only the bytes it views', () => {
    const backing = Buffer.from('..hello..');
    const view = backing.subarray(2, 7);
    const copy = copyBytes(view);
    expect(Buffer.from(copy).toString()).toBe('hello');
    backing[2] = 'J'.charCodeAt(0);
    expect(Buffer.from(copy).toString()).toBe('hello');
    expect(copy.byteLength).toBe(5);
    expect(Buffer.isBuffer(copy)).toBe(false);
  });

  it('copies a plain Uint8Array', () => {
    const original = new Uint8Array([1, 2, 3]);
    const copy = copyBytes(original);
    original[0] = 9;
    expect([...copy]).toEqual([1, 2, 3]);
  });
});
