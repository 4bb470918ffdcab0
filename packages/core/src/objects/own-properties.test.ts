import { describe, expect, it } from 'vitest';
import { copyOwn, setOwn } from './own-properties.js';

describe('copyOwn', () => {
  it('copies own keys in order, leaves the source alone, and takes new keys afterwards', () => {
    const source = JSON.parse('{"name":"Rex","tag":"dog","n":1}') as Record<string, unknown>;
    const copy = copyOwn(source);
    setOwn(copy, 'id', 7);
    expect(Object.keys(copy)).toEqual(['name', 'tag', 'n', 'id']);
    expect(source).toEqual({ name: 'Rex', tag: 'dog', n: 1 });
  });

  it('keeps a `__proto__` key of a parsed document as an own property, never as the prototype', () => {
    const source = JSON.parse('{"__proto__":{"polluted":true},"a":1}') as Record<string, unknown>;
    const copy = copyOwn(source);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });
});

describe('copyOwn on headers', () => {
  it('is a separate map: adding to the copy leaves the original as it was', () => {
    const original = { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] };
    const copy = copyOwn<string | string[]>(original);
    copy['request-id'] = 'req_1';
    expect(copy).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], 'request-id': 'req_1' });
    expect(original).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
  });
});
