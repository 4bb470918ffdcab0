import { describe, expect, it } from 'vitest';
import { translatePattern } from './patterns.js';

function matcher(xsd: string): (value: string) => boolean {
  const result = translatePattern(xsd);
  if (!result.ok) throw new Error(result.problem);
  const re = new RegExp(result.pattern, 'u');
  return (value) => re.test(value);
}

describe('translatePattern', () => {
  it('anchors the pattern, as XSD matches whole values', () => {
    expect(translatePattern('[A-Z]{3}')).toEqual({ ok: true, pattern: '^(?:[A-Z]{3})$' });
    const m = matcher('[A-Z]{3}');
    expect(m('ABC')).toBe(true);
    expect(m('xABCx')).toBe(false);
  });

  it('reads ^ and $ as characters, and groups without capturing', () => {
    const m = matcher('$[0-9]+(\\.[0-9]{2})?^');
    expect(m('$12.50^')).toBe(true);
    expect(m('12.50')).toBe(false);
  });

  it('translates \\i and \\c, and the NCName idiom with class subtraction', () => {
    const ncname = matcher('[\\i-[:]][\\c-[:]]*');
    expect(ncname('customer-id.2')).toBe(true);
    expect(ncname('Übersicht')).toBe(true);
    expect(ncname('a:b')).toBe(false);
    expect(ncname('1abc')).toBe(false);
    const name = matcher('\\i\\c*');
    expect(name('a:b')).toBe(true);
    expect(matcher('\\I')('1')).toBe(true);
    expect(matcher('\\I')('a')).toBe(false);
  });

  it('subtracts classes of characters and ranges', () => {
    const consonant = matcher('[a-z-[aeiou]]+');
    expect(consonant('bcd')).toBe(true);
    expect(consonant('bad')).toBe(false);
    const notDigitOrX = matcher('[^0-9-[x]]');
    expect(notDigitOrX('a')).toBe(true);
    expect(notDigitOrX('x')).toBe(false);
    expect(notDigitOrX('5')).toBe(false);
  });

  it('reads \\d and \\w as XSD does, beyond ASCII', () => {
    expect(matcher('\\d{3}')('123')).toBe(true);
    expect(matcher('\\w+')('Müller')).toBe(true);
    expect(matcher('\\w+')('a b')).toBe(false);
    expect(matcher('[\\w\\-]+')('a-b')).toBe(true);
  });

  it('keeps escapes that are valid with and without the u flag', () => {
    const m = matcher('\\-\\.\\^[\\-\\]]');
    expect(m('-.^-')).toBe(true);
    expect(m('-.^]')).toBe(true);
  });

  it('refuses block escapes and what is not XSD', () => {
    expect(translatePattern('\\p{IsOldItalic}+')).toMatchObject({ ok: false });
    expect(translatePattern('\\p{Isconstructor}')).toMatchObject({ ok: false });
    expect(translatePattern('[a-z-[\\w]]')).toMatchObject({ ok: false });
    expect(translatePattern('\\k')).toMatchObject({ ok: false });
    expect(translatePattern('[abc')).toMatchObject({ ok: false });
  });

  it('reads Unicode blocks as their ranges', () => {
    const ascii = matcher('\\p{IsBasicLatin}*');
    expect(ascii('plain text')).toBe(true);
    expect(ascii('café')).toBe(false);
    const latin = matcher('[\\p{IsBasicLatin}\\p{IsLatin-1Supplement}-[<>]]+');
    expect(latin('café')).toBe(true);
    expect(latin('a<b')).toBe(false);
    expect(matcher('\\P{IsBasicLatin}')('é')).toBe(true);
  });

  it('keeps Unicode categories', () => {
    const m = matcher('\\p{Lu}\\p{Ll}*');
    expect(m('Émile')).toBe(true);
    expect(m('émile')).toBe(false);
  });

  it('subtracts classes of thousands of ranges', () => {
    const many = Array.from({ length: 20_000 }, (_, i) => String.fromCharCode(0x4e00 + (i % 10_000) * 2)).join('');
    const result = translatePattern(`[\u4e00-\u9fff-[${many}]]`);
    expect(result.ok).toBe(true);
  });

  it('refuses class subtractions nested without end, rather than overflowing the stack', () => {
    const deep = `${'[a-z-'.repeat(100_000)}[x]${']'.repeat(100_000)}`;
    expect(translatePattern(deep)).toMatchObject({ ok: false });
    expect(translatePattern('[a-z-[b-y-[c]]]')).toMatchObject({ ok: true });
  });
});
