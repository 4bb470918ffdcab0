import { describe, expect, it } from 'vitest';
import { copyHeaders } from './http-types.js';

describe('copyHeaders', () => {
  it('is a separate map: adding to the copy leaves the original as it was', () => {
    const original = { 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] };
    const copy = copyHeaders<string | string[]>(original);
    copy['request-id'] = 'req_1';
    expect(copy).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'], 'request-id': 'req_1' });
    expect(original).toEqual({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] });
  });

  it('keeps a header named __proto__ as a header rather than a prototype', () => {
    const original: Record<string, string[]> = {};
    Object.defineProperty(original, '__proto__', { value: ['x'], enumerable: true, writable: true, configurable: true });
    const copy = copyHeaders(original);
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.keys(copy)).toEqual(['__proto__']);
    expect(Object.getOwnPropertyDescriptor(copy, '__proto__')?.value).toEqual(['x']);
  });
});
