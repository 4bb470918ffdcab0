import { describe, expect, it } from 'vitest';
import { compilePattern, patternEnforced, toRe2 } from './safe-pattern.js';

/** Patterns as published documents write them, each with values that must agree with RegExp. */
const AGREEING: Array<[string, string[]]> = [
  ['^[a-z]{3}-\\d{4}$', ['abc-1234', 'abc-123', 'ABC-1234', 'xabc-1234']],
  ['^arn:aws:[A-Za-z0-9][A-Za-z0-9_/.-]{0,62}:[A-Za-z0-9_/.-]{0,63}$', ['arn:aws:s3:bucket/key', 'arn:aws::x', 'arn:aws:s3:a:b']],
  ['^.{1,5}$', ['abc', '', 'abcdef', 'a\nb', 'a\rb', 'a\u2028b', 'ab\u00e9']],
  ['^\\s*$', ['', ' \t', '\u00a0\u3000', '\ufeff', 'x', '\u000b']],
  ['^\\S+$', ['abc', 'a b', 'a\u00a0b', '\u00e9']],
  ['^[\\s\\d]+$', ['1 2', '1\u00a02', '1x']],
  ['^\\u0041\\x42$', ['AB', 'ab']],
  ['^[\\u0020-\\u007E]+$', ['hello', 'héllo', '~']],
  ['^\\w+@\\w+\\.com$', ['a@b.com', 'a@b.org', 'é@b.com']],
  ['\\bcat\\b', ['a cat sat', 'concatenate']],
  ['^[^]$', ['a', '\n', '', 'ab']],
  ['^a[]b$', ['ab', 'a]b']],
  ['^\\cJ$', ['\n', 'J']],
  ['^a\\/b\\-c$', ['a/b-c', 'ab-c']],
  ['^\\a\\z$', ['az', '\u0007']],
  ['^{x}$', ['{x}', 'x']],
  ['^(?<year>\\d{4})-(?:\\d{2})$', ['2024-01', '24-01']],
  ['^[[:alpha:]]$', ['[', ':', 'a', 'b']],
  ['^[a\\b]$', ['a', '\b', 'b']],
  ['^a{2}b{1,}c{0,1}$', ['aab', 'aabbbc', 'ab', 'aabcc']],
  ['^x*?y+?$', ['y', 'xxyy', 'x']],
  ['colou?r', ['color', 'colour', 'colr']],
  ['^\\d+(\\.\\d+)?$', ['1', '1.5', '1.', '.5']],
  ['^(a|b)*$', ['abab', 'abc', '']],
  ['^\\0$', ['\u0000', '0']],
  ['^\\v$', ['\u000b', 'v']],
  ['^[A-Z]\\.$', ['A.', 'AA']],
];

describe('compilePattern', () => {
  it.each(AGREEING)('agrees with RegExp on %s', (source, values) => {
    expect(toRe2(source), 'RE2 can run it').not.toBeNull();
    expect(patternEnforced(source)).toBe(true);
    const safe = compilePattern(source);
    const native = new RegExp(source);
    for (const value of values) expect(safe.test(value), JSON.stringify(value)).toBe(native.test(value));
  });

  it('runs a pattern that makes RegExp backtrack exponentially in linear time', () => {
    // From a published document: nested `*` over overlapping classes.
    const source = '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$';
    const safe = compilePattern(source);
    expect(safe.test('http://www.example.com/path')).toBe(true);
    // RegExp takes minutes on this value at 40 characters; RE2 answers at any length.
    expect(safe.test(`http://www.example.com/${'a'.repeat(100_000)}!`)).toBe(false);
    expect(compilePattern('^(a+)+$').test(`${'a'.repeat(100_000)}!`)).toBe(false);
  });

  it('reads repetition counts past RE2 limit as unbounded: lenient, never stricter', () => {
    const safe = compilePattern('^.{0,262144}$');
    expect(safe.test('x'.repeat(5000))).toBe(true);
    expect(safe.test('a\nb')).toBe(false);
    expect(compilePattern('^a{2000}$').test('a'.repeat(1000))).toBe(true);
    expect(compilePattern('^a{2000}$').test('a'.repeat(999))).toBe(false);
  });

  it('reads \\p{...} as Unicode classes, as documents that write it mean', () => {
    const safe = compilePattern('^[\\p{L}\\p{N}_ ]+$');
    expect(safe.test('Grüße 42')).toBe(true);
    expect(safe.test('a-b')).toBe(false);
  });

  it('does not enforce lookaround or backreferences, and says so', () => {
    for (const source of ['^(?!aws:).+$', '^(?=.*\\d)[a-z\\d]+$', '^[a-z]+(?<!\\.)$', '^(.)\\1$', '^(?<c>.)\\k<c>$', '^\\p{IsLetter}+$']) {
      expect(patternEnforced(source), source).toBe(false);
      expect(compilePattern(source).test('aws:anything'), source).toBe(true);
    }
  });

  it('keeps an invalid pattern an error', () => {
    expect(() => compilePattern('(')).toThrow(SyntaxError);
    expect(() => compilePattern('a{2,1}')).toThrow(SyntaxError);
    expect(patternEnforced('(')).toBe(false);
  });
});
