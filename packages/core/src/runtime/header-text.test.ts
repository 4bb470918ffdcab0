import { describe, expect, it } from 'vitest';
import { isHeaderName, isHeaderValue, sendableHeaders } from './header-text.js';

describe('header text', () => {
  it('accepts tokens as names and visible latin-1 as values, nothing with a line break', () => {
    expect(['x-rate-limit', 'ETag', "a!#$%&'*+.^_`|~b"].every(isHeaderName)).toBe(true);
    expect(['', 'Bad Name', 'x:y', 'x\r\ny', 'é'].some(isHeaderName)).toBe(false);
    expect(['', 'fine', 'a\tb', 'café', 'W/"1"'].every(isHeaderValue)).toBe(true);
    expect(['a\r\nSet-Cookie: x=1', 'a\nb', 'a\rb', 'a\u0000b', '日本'].some(isHeaderValue)).toBe(false);
  });

  it('keeps headers that can all be sent as they are, and copies the rest without the others', () => {
    const fine = { 'content-type': 'application/json', 'x-a': 'b' };
    expect(sendableHeaders(fine)).toBe(fine);
    const dropped: string[] = [];
    const mixed = { 'x-a': 'b', 'x-bad': 'a\r\nb', 'bad name': 'c' };
    expect(sendableHeaders(mixed, (name) => dropped.push(name))).toEqual({ 'x-a': 'b' });
    expect(mixed).toEqual({ 'x-a': 'b', 'x-bad': 'a\r\nb', 'bad name': 'c' });
    expect(dropped).toEqual(['x-bad', 'bad name']);
  });
});
