import { describe, expect, it } from 'vitest';
import { cloneJson } from './clone-json.js';

describe('cloneJson', () => {
  it('copies nested objects and arrays, sharing nothing, keys in order', () => {
    const value = { b: 1, a: [1, { c: 'x', d: null }, [true]], e: { f: { g: 2.5 } } };
    const copy = cloneJson(value);
    expect(copy).toEqual(value);
    expect(Object.keys(copy)).toEqual(['b', 'a', 'e']);
    (copy.a[1] as { c: string }).c = 'changed';
    copy.e.f.g = 0;
    expect(value.a[1]).toEqual({ c: 'x', d: null });
    expect(value.e.f.g).toBe(2.5);
  });

  it('keeps a __proto__ key as data, not as a prototype', () => {
    const value = JSON.parse('{"__proto__":{"polluted":true},"x":1}') as Record<string, unknown>;
    const copy = cloneJson(value as never) as Record<string, unknown>;
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe(JSON.stringify(value));
  });

  it('answers primitives as they are', () => {
    for (const value of [null, 0, -1.5, '', 'text', true, false]) expect(cloneJson(value)).toBe(value);
  });
});
