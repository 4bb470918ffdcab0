import { describe, expect, it } from 'vitest';
import { JSON_MAX_DEPTH, jsonNestsDeeperThan } from './json-depth.js';

const nested = (levels: number, open = '[', close = ']') => open.repeat(levels) + close.repeat(levels);

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects together, up to the limit and past it', () => {
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(nested(JSON_MAX_DEPTH + 1))).toBe(true);
    const mixed = '{"a":['.repeat(3) + '1' + ']}'.repeat(3);
    expect(JSON.parse(mixed)).toBeDefined();
    expect(jsonNestsDeeperThan(mixed, 6)).toBe(false);
    expect(jsonNestsDeeperThan(mixed, 5)).toBe(true);
  });

  it('does not count brackets inside strings, escaped quotes included', () => {
    const text = JSON.stringify({ a: '[[[[{{{{', b: 'say \\"[[[[\\" and \\\\', c: ['"]]]]'] });
    expect(JSON.parse(text)).toBeDefined();
    expect(jsonNestsDeeperThan(text, 2)).toBe(false);
    expect(jsonNestsDeeperThan(text, 1)).toBe(true);
  });

  it('measures depth, not the number of siblings', () => {
    expect(jsonNestsDeeperThan(`[${'[],'.repeat(100_000)}[]]`, 2)).toBe(false);
  });

  it('stops at the first level too deep of a hostile text', () => {
    expect(jsonNestsDeeperThan('['.repeat(5_000_000))).toBe(true);
  });
});
