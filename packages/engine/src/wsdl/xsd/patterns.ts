import { patternSupport } from '../../safe-pattern.js';

/**
 * XSD regular expressions (XML Schema Part 2, appendix F) as ECMA-262 patterns the runtime runs
 * on RE2 (safe-pattern.ts). An XSD pattern matches the whole value, so it is anchored as
 * `^(?:...)$`; `^` and `$` are plain characters in XSD and are escaped; groups never capture.
 * XSD's class escapes become Unicode classes: `\d` is `\p{Nd}`, `\w` every character but
 * punctuation, separators and others (`\p{L}\p{M}\p{N}\p{S}`), `\i` and `\c` XML's name
 * characters (of the Basic Multilingual Plane). A class subtraction (`[a-z-[aeiou]]`) is worked
 * out into plain ranges where both classes are made of characters, ranges, `\i`, `\c`, `\d`
 * or `\s`. Unicode block escapes (`\p{IsBasicLatin}`) are their ranges, for the blocks in
 * BLOCKS; other blocks, and anything RE2 cannot run, are refused:
 * the caller drops the pattern, which accepts more than the XSD does, never less.
 */
export type Translation = { ok: true; pattern: string } | { ok: false; problem: string };

type Ranges = [number, number][];
interface ClassPart {
  /** ECMA-262 text to put inside `[...]`. */
  text: string;
  /** The code points it holds, when they can be listed (for subtraction). */
  ranges: Ranges | null;
}

class Refused extends Error {}

const NAME_START: Ranges = [[0x3a, 0x3a], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a], [0xc0, 0xd6], [0xd8, 0xf6], [0xf8, 0x2ff], [0x370, 0x37d], [0x37f, 0x1fff], [0x200c, 0x200d], [0x2070, 0x218f], [0x2c00, 0x2fef], [0x3001, 0xd7ff], [0xf900, 0xfdcf], [0xfdf0, 0xfffd]];
const NAME_CHAR: Ranges = normalise([...NAME_START, [0x2d, 0x2e], [0x30, 0x39], [0xb7, 0xb7], [0x300, 0x36f], [0x203f, 0x2040]]);
const SPACE: Ranges = [[0x9, 0xa], [0xd, 0xd], [0x20, 0x20]];
const DIGIT: Ranges = [[0x30, 0x39]];
const SINGLE: Record<string, number> = { n: 0x0a, r: 0x0d, t: 0x09 };
/** Unicode blocks (of the Basic Multilingual Plane) that XSD's `\p{IsName}` names, the ones schemas write. */
const BLOCKS: Record<string, [number, number]> = {
  BasicLatin: [0x0000, 0x007f], 'Latin-1Supplement': [0x0080, 0x00ff], 'LatinExtended-A': [0x0100, 0x017f], 'LatinExtended-B': [0x0180, 0x024f],
  IPAExtensions: [0x0250, 0x02af], SpacingModifierLetters: [0x02b0, 0x02ff], CombiningDiacriticalMarks: [0x0300, 0x036f], Greek: [0x0370, 0x03ff],
  Cyrillic: [0x0400, 0x04ff], Armenian: [0x0530, 0x058f], Hebrew: [0x0590, 0x05ff], Arabic: [0x0600, 0x06ff], Devanagari: [0x0900, 0x097f],
  Bengali: [0x0980, 0x09ff], Tamil: [0x0b80, 0x0bff], Thai: [0x0e00, 0x0e7f], Georgian: [0x10a0, 0x10ff], HangulJamo: [0x1100, 0x11ff],
  LatinExtendedAdditional: [0x1e00, 0x1eff], GreekExtended: [0x1f00, 0x1fff], GeneralPunctuation: [0x2000, 0x206f], CurrencySymbols: [0x20a0, 0x20cf],
  LetterlikeSymbols: [0x2100, 0x214f], NumberForms: [0x2150, 0x218f], Arrows: [0x2190, 0x21ff], MathematicalOperators: [0x2200, 0x22ff],
  CJKSymbolsandPunctuation: [0x3000, 0x303f], Hiragana: [0x3040, 0x309f], Katakana: [0x30a0, 0x30ff], CJKUnifiedIdeographs: [0x4e00, 0x9fff],
  HangulSyllables: [0xac00, 0xd7a3], PrivateUse: [0xe000, 0xf8ff], AlphabeticPresentationForms: [0xfb00, 0xfb4f], HalfwidthandFullwidthForms: [0xff00, 0xffef],
};
const META = '\\|.-^?*+{}()[]';
/** Nested class subtractions read; deeper ones (only a hostile schema writes them) refuse the pattern. */
const MAX_SUBTRACTIONS = 16;

export function translatePattern(source: string): Translation {
  let body: string;
  try {
    body = translate(source);
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: error.message };
    throw error;
  }
  const pattern = `^(?:${body})$`;
  try {
    new RegExp(pattern, 'u');
  } catch {
    return { ok: false, problem: 'it is not a valid regular expression once translated' };
  }
  const support = patternSupport(pattern);
  if (support !== 'enforced') return { ok: false, problem: 'the runtime cannot run it in linear time' };
  return { ok: true, pattern };
}

function translate(s: string): string {
  let out = '';
  let i = 0;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '\\') {
      const escape = readEscape(s, i);
      out += escape.outside;
      i = escape.next;
    } else if (c === '[') {
      const cls = readClass(s, i);
      out += cls.text;
      i = cls.next;
    } else if (c === '(') {
      out += '(?:';
      i += 1;
    } else if (c === '^' || c === '$' || c === ']' || c === '}') {
      out += `\\${c}`;
      i += 1;
    } else if (c === '.') {
      out += '[^\\n\\r]';
      i += 1;
    } else if (c === '{') {
      const m = /^\{\d+(?:,\d*)?\}/.exec(s.slice(i, i + 24));
      if (m === null) throw new Refused(`"{" at ${i} is not a quantifier`);
      out += m[0];
      i += m[0].length;
    } else {
      out += c;
      i += 1;
    }
  }
  return out;
}

interface Escape {
  /** Its text outside a class. */
  outside: string;
  /** What it adds inside a class. */
  part: ClassPart;
  /** The single character it stands for, when it is one (a range's end). */
  char: number | null;
  next: number;
}

function readEscape(s: string, i: number): Escape {
  const d = s[i + 1];
  if (d === undefined) throw new Refused('it ends with a lone "\\"');
  const next = i + 2;
  const single = (code: number): Escape => ({ outside: literal(code, false), part: { text: literal(code), ranges: [[code, code]] }, char: code, next });
  if (Object.hasOwn(SINGLE, d)) return single(SINGLE[d]!);
  if (META.includes(d)) return single(d.charCodeAt(0));
  const set = (ranges: Ranges): Escape => ({ outside: `[${rangesText(ranges)}]`, part: { text: rangesText(ranges), ranges }, char: null, next });
  const negatedSet = (ranges: Ranges): Escape => ({ outside: `[^${rangesText(ranges)}]`, part: { text: rangesText(complement(ranges)), ranges: complement(ranges) }, char: null, next });
  switch (d) {
    case 'i':
      return set(NAME_START);
    case 'c':
      return set(NAME_CHAR);
    case 'I':
      return negatedSet(NAME_START);
    case 'C':
      return negatedSet(NAME_CHAR);
    case 'd':
      return { outside: '[\\p{Nd}]', part: { text: '\\p{Nd}', ranges: DIGIT }, char: null, next };
    case 'D':
      return { outside: '[^\\p{Nd}]', part: { text: '\\P{Nd}', ranges: null }, char: null, next };
    case 's':
      return { outside: '[ \\t\\n\\r]', part: { text: ' \\t\\n\\r', ranges: SPACE }, char: null, next };
    case 'S':
      return { outside: '[^ \\t\\n\\r]', part: { text: rangesText(complement(SPACE)), ranges: complement(SPACE) }, char: null, next };
    case 'w':
      return { outside: '[\\p{L}\\p{M}\\p{N}\\p{S}]', part: { text: '\\p{L}\\p{M}\\p{N}\\p{S}', ranges: null }, char: null, next };
    case 'W':
      return { outside: '[\\p{P}\\p{Z}\\p{C}]', part: { text: '\\p{P}\\p{Z}\\p{C}', ranges: null }, char: null, next };
    case 'p':
    case 'P': {
      const m = /^\{([A-Za-z0-9-]+)\}/.exec(s.slice(next, next + 40));
      if (m === null) throw new Refused(`"\\${d}" at ${i} names no property`);
      if (m[1]!.startsWith('Is')) {
        const block = Object.hasOwn(BLOCKS, m[1]!.slice(2)) ? BLOCKS[m[1]!.slice(2)] : undefined;
        if (block === undefined) throw new Refused(`the Unicode block escape \\${d}{${m[1]}} names a block not known here`);
        const escape = d === 'p' ? set([block]) : negatedSet([block]);
        return { ...escape, next: next + m[0].length };
      }
      const text = `\\${d}{${m[1]}}`;
      return { outside: `[${text}]`, part: { text, ranges: null }, char: null, next: next + m[0].length };
    }
    default:
      throw new Refused(`"\\${d}" is not an XSD escape`);
  }
}

/** A character class from `[` to its `]`, subtraction included. */
function readClass(s: string, start: number, depth = 0): ClassPart & { next: number } {
  if (depth > MAX_SUBTRACTIONS) throw new Refused(`class subtractions are nested deeper than ${MAX_SUBTRACTIONS}`);
  let i = start + 1;
  const negated = s[i] === '^';
  if (negated) i += 1;
  const parts: ClassPart[] = [];
  let subtracted: (ClassPart & { next: number }) | null = null;
  while (true) {
    const c = s[i];
    if (c === undefined) throw new Refused('a character class is not closed');
    if (c === ']' && parts.length > 0) break;
    if (c === '-' && s[i + 1] === '[') {
      subtracted = readClass(s, i + 1, depth + 1);
      i = subtracted.next;
      if (s[i] !== ']') throw new Refused('a class subtraction must end its class');
      break;
    }
    let from: number | null;
    let part: ClassPart;
    if (c === '\\') {
      const escape = readEscape(s, i);
      from = escape.char;
      part = escape.part;
      i = escape.next;
    } else {
      from = s.codePointAt(i)!;
      part = { text: literal(from), ranges: [[from, from]] };
      i += from > 0xffff ? 2 : 1;
    }
    if (from !== null && s[i] === '-' && s[i + 1] !== ']' && s[i + 1] !== '[' && s[i + 1] !== undefined) {
      const end = s[i + 1] === '\\' ? readEscape(s, i + 1) : null;
      const to = end === null ? s.codePointAt(i + 1)! : end.char;
      if (to === null || to < from) throw new Refused('a character range is not a range of characters');
      part = { text: `${literal(from)}-${literal(to)}`, ranges: [[from, to]] };
      i = end === null ? i + (to > 0xffff ? 3 : 2) : end.next;
    }
    parts.push(part);
  }
  const next = i + 1;
  const known = parts.every((p) => p.ranges !== null);
  let ranges: Ranges | null = known ? normalise(parts.flatMap((p) => p.ranges!)) : null;
  if (ranges !== null && negated) ranges = complement(ranges);
  if (subtracted === null) {
    const text = `[${negated ? '^' : ''}${parts.map((p) => p.text).join('')}]`;
    return { text, ranges, next };
  }
  if (ranges === null || subtracted.ranges === null) throw new Refused('a class subtraction names classes that cannot be listed (\\w, \\p{...})');
  const left = subtract(ranges, subtracted.ranges);
  return { text: left.length === 0 ? '[^\\s\\S]' : `[${rangesText(left)}]`, ranges: left, next };
}

/**
 * A code point as class (or pattern) text: printable ASCII as itself, escaped where it means
 * something there (never `\-` outside a class, which the `u` flag refuses), the rest as `\uXXXX`.
 */
function literal(code: number, inClass = true): string {
  if (code > 0xffff) return String.fromCodePoint(code);
  if (code >= 0x20 && code < 0x7f) {
    const ch = String.fromCharCode(code);
    return (inClass ? /[\\\]\[^-]/ : /[\\^$.|?*+()[\]{}]/).test(ch) ? `\\${ch}` : ch;
  }
  return `\\u${code.toString(16).padStart(4, '0')}`;
}

function rangesText(ranges: Ranges): string {
  return ranges.map(([a, b]) => (a === b ? literal(a) : `${literal(a)}-${literal(b)}`)).join('');
}

function normalise(ranges: Ranges): Ranges {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const out: Ranges = [];
  for (const [a, b] of sorted) {
    const last = out.at(-1);
    if (last !== undefined && a <= last[1] + 1) last[1] = Math.max(last[1], b);
    else out.push([a, b]);
  }
  return out;
}

/** The Basic Multilingual Plane's code points outside the ranges. */
function complement(ranges: Ranges): Ranges {
  const out: Ranges = [];
  let from = 0;
  for (const [a, b] of normalise(ranges)) {
    if (a > from) out.push([from, a - 1]);
    from = Math.max(from, b + 1);
  }
  if (from <= 0xffff) out.push([from, 0xffff]);
  return out;
}

/** The ranges less those of `minus`: both sorted, so one walk along each (a class may list thousands). */
function subtract(ranges: Ranges, minus: Ranges): Ranges {
  const keep = complement(minus);
  const left = normalise(ranges);
  const out: Ranges = [];
  let j = 0;
  for (const [a, b] of left) {
    while (j < keep.length && keep[j]![1] < a) j += 1;
    for (let k = j; k < keep.length && keep[k]![0] <= b; k += 1) out.push([Math.max(a, keep[k]![0]), Math.min(b, keep[k]![1])]);
  }
  return out;
}
