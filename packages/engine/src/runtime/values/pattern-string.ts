import DRange from 'drange';
import randexp from 'randexp';
import { types, type Tokens } from 'ret';
import { compilePattern } from '../../safe-pattern.js';
import type { Random } from './random.js';

/**
 * Strings drawn for a schema's `pattern` by randexp, from the Simulation's seeded randomness.
 * randexp reads the pattern's whole syntax (classes and their negations, escapes, groups,
 * alternations, lazy quantifiers); the drawn string is then checked with the engine that
 * validates (safe-pattern), and a pattern that cannot be drawn answers null, so the caller
 * falls back to an example or a safe string it checks. Unicode property classes (`\p{L}`),
 * which randexp does not read, are drawn from a few characters of each class.
 */

/** Repetitions drawn above the minimum of an open-ended quantifier (`*`, `+`, `{n,}`): short values, as people write them. */
const OPEN_SPAN = 3;
/** Repetitions drawn above the minimum of a bounded one: `{1,8192}` draws at most 17 characters, not thousands. */
const BOUNDED_SPAN = 16;
/** In `long` runs, open-ended quantifiers repeat this often: ids drawn from them rarely collide. */
const LONG_RUN = 16;

/**
 * How many repetitions a quantifier draws: `short` up to OPEN_SPAN or BOUNDED_SPAN over its
 * minimum, `long` LONG_RUN for an open-ended one (ids), `least` exactly its minimum (a value
 * that must stay within a `maxLength`, as `.*<uuid>.*` with `maxLength: 36` must), a number
 * exactly that many for an open-ended one (`^[a-f0-9-]+$` with a length of 36).
 */
export type Runs = 'short' | 'long' | 'least' | number;
/** Patterns whose shortest string is longer than this are not drawn. */
const MAX_LENGTH = 10_000;
/** Nor those whose longest draw (UTF-16 units) is longer than this: drawing must stay cheap. */
const MAX_DRAW = 100_000;
/** Drawers kept per process, by pattern; the map starts again when full. */
const CACHE_SIZE = 2048;

/**
 * Characters a class may be drawn from when randexp's default range, printable ASCII, holds
 * none of it (`[\u00A0-\uFFFF]`, `[^\u0000-\u00FF]`): tab, line feed, carriage return and the
 * Basic Multilingual Plane without controls, surrogates or noncharacters.
 */
/** `[0-9a-fA-F]`, and the lowercase digits drawn for it. */
const HEX_EITHER_CASE = new DRange(0x30, 0x39).add(0x41, 0x46).add(0x61, 0x66);
const LOWER_HEX = new DRange(0x30, 0x39).add(0x61, 0x66);
const WIDE = new DRange(9, 10).add(13).add(0x20, 0x7e).add(0xa0, 0xd7ff).add(0xe000, 0xfffd);

/** A few characters of each Unicode property class documents use, as class members. */
const PROPERTY_CHARS: Record<string, string> = {
  L: 'a-zA-Z',
  Letter: 'a-zA-Z',
  Lu: 'A-Z',
  Ll: 'a-z',
  N: '0-9',
  Nd: '0-9',
  Number: '0-9',
  Z: ' ',
  Zs: ' ',
  P: '.,!?:;_\\-',
  Pd: '\\-',
  Pc: '_',
  Po: '.,!?:;',
  S: '+<=>|~$^`',
  Sm: '+<=>|~',
  Sc: '$',
  M: '\\u0301',
  Mn: '\\u0301',
  Latin: 'a-zA-Z',
  Greek: '\\u03b1-\\u03c9',
  Cyrillic: '\\u0430-\\u044f',
  Han: '\\u4e00-\\u4e2f',
  Hiragana: '\\u3041-\\u3060',
  Katakana: '\\u30a1-\\u30c0',
  Hangul: '\\uac00-\\uac20',
  Arabic: '\\u0628-\\u062a',
  C: '\\u0001',
  Cc: '\\u0001',
};

/**
 * randexp's class: its CommonJS export is the class itself, where its types describe a `default`
 * member. A static import (not a `require` made at run time) lets a bundler carry it along.
 */
const RandExp = randexp as unknown as typeof randexp.default;
type RandExpClass = InstanceType<typeof RandExp>;

class SeededRandExp extends RandExp {
  random: Random | null = null;

  override randInt(from: number, to: number): number {
    return (this.random as Random).int(from, to);
  }

  /**
   * A class with nothing printable in ASCII is drawn from WIDE instead of answering nothing; a
   * class of hex digits in either case (`[0-9a-fA-F]{32}`) from lowercase ones, as the ids and
   * digests such patterns describe are written.
   */
  override _expand(token: Parameters<RandExpClass['_expand']>[0]): DRange {
    const set = super._expand(token);
    if (set.length === HEX_EITHER_CASE.length && set.clone().subtract(HEX_EITHER_CASE).length === 0) return LOWER_HEX.clone();
    if (set.length > 0 || token.type !== types.SET) return set;
    const printable = this.defaultRange;
    this.defaultRange = WIDE;
    try {
      return super._expand(token);
    } finally {
      this.defaultRange = printable;
    }
  }
}

/** The parsed pattern a drawer draws from (randexp keeps it in a member its types call private). */
const tokensOf = (drawer: SeededRandExp): Tokens => (drawer as unknown as { tokens: Tokens }).tokens;

const drawers = new Map<string, SeededRandExp | null>();

export function patternString(pattern: string, random: Random, runs: Runs = 'short'): string | null {
  const drawer = drawerFor(pattern, runs);
  if (drawer === null) return null;
  drawer.random = random;
  try {
    const out = drawer.gen();
    return out.length <= MAX_LENGTH && compilePattern(pattern).test(out) ? out : null;
  } catch {
    return null;
  } finally {
    drawer.random = null;
  }
}

/**
 * A string for `pattern` whose length is within [minLength, maxLength]: short runs first, then
 * long ones, then the least; a few draws of each.
 */
export function patternStringWithin(pattern: string, random: Random, minLength: number, maxLength: number): string | null {
  const order: Runs[] = ['short', 'long', 'least'];
  // A length the usual runs miss: open-ended parts repeated to make up what the pattern's fixed
  // part (its least draw: `st-` and one character for `^st-[a-z0-9]+$`) leaves, shared by up to
  // four of them, each counted with and without the one its minimum gives.
  if (minLength > 1) {
    const fixed = patternString(pattern, random, 'least')?.length ?? 0;
    for (const parts of [1, 2, 3, 4]) for (const extra of [1, 0]) order.push(Math.max(1, Math.ceil((minLength - fixed) / parts) + extra));
  }
  for (const runs of [...new Set(order)]) {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const drawn = patternString(pattern, random, runs);
      if (drawn !== null && drawn.length >= minLength && drawn.length <= maxLength) return drawn;
    }
  }
  return null;
}

function drawerFor(pattern: string, runs: Runs): SeededRandExp | null {
  const key = `${runs} ${pattern}`;
  let drawer = drawers.get(key);
  if (drawer === undefined) {
    drawer = makeDrawer(pattern, runs);
    if (drawers.size >= CACHE_SIZE) drawers.clear();
    drawers.set(key, drawer);
  }
  return drawer;
}

function makeDrawer(pattern: string, runs: Runs): SeededRandExp | null {
  const source = forDrawing(pattern);
  if (source === null) return null;
  try {
    const drawer = new SeededRandExp(source);
    bound(tokensOf(drawer), runs);
    return drawLength(tokensOf(drawer), true, MAX_LENGTH) <= MAX_LENGTH && drawLength(tokensOf(drawer), false, MAX_DRAW) <= MAX_DRAW ? drawer : null;
  } catch {
    return null;
  }
}

/** Narrows every quantifier to the repetitions `runs` draws. */
function bound(token: Tokens, runs: Runs): void {
  if (token.type === types.ROOT || token.type === types.GROUP) {
    for (const child of token.options?.flat() ?? token.stack ?? []) bound(child, runs);
  } else if (token.type === types.REPETITION) {
    if (runs === 'least') token.max = token.min;
    else if (token.max !== Infinity) token.max = Math.min(token.max, token.min + BOUNDED_SPAN);
    else if (typeof runs === 'number') token.max = token.min = Math.max(token.min, Math.min(runs, MAX_LENGTH));
    else if (runs === 'long') token.max = token.min = Math.max(token.min, LONG_RUN);
    else token.max = token.min + OPEN_SPAN;
    bound(token.value, runs);
  }
}

/**
 * The length of the shortest (`least`) or longest string the tokens can draw once bounded,
 * counted up to `cap` + 1. Nested quantifiers multiply (`((a{1,99}){1,99}){1,99}...` is a
 * billion characters long at most), and a backreference repeats a group, so it is counted past
 * any cap; a character is one UTF-16 unit at least and two at most.
 */
function drawLength(token: Tokens, least: boolean, cap: number): number {
  let length = 0;
  if (token.type === types.ROOT || token.type === types.GROUP) {
    const sequence = (tokens: Tokens[]): number => tokens.reduce((sum, t) => sum + drawLength(t, least, cap), 0);
    const options = token.options?.map(sequence);
    length = options === undefined ? sequence(token.stack ?? []) : least ? Math.min(...options) : Math.max(...options);
  } else if (token.type === types.REPETITION) {
    length = (least ? token.min : token.max) * drawLength(token.value, least, cap);
  } else if (token.type === types.SET || token.type === types.CHAR) {
    length = least ? 1 : 2;
  } else if (token.type === types.REFERENCE && !least) {
    length = cap + 1;
  }
  return Math.min(length, cap + 1);
}

/**
 * The pattern as randexp should read it. Each `\p{Name}` (or `\p{Script=Name}`) becomes a few
 * characters of its class (in a class of its own where it stood alone), and a `\P{Name}` inside
 * a class a few characters outside it; a lazy quantifier's `?` is dropped, which randexp would
 * read as making the repetition optional (`\d{12}?` is twelve digits, not twelve or none). Null
 * for a class not in PROPERTY_CHARS, or `\P{...}` outside a class.
 */
function forDrawing(pattern: string): string | null {
  let out = '';
  let inClass = false;
  let afterQuantifier = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const ch = pattern[i] as string;
    const quantified = afterQuantifier;
    afterQuantifier = false;
    if (ch === '\\') {
      const next = pattern[i + 1];
      if ((next === 'p' || next === 'P') && pattern[i + 2] === '{') {
        const close = pattern.indexOf('}', i + 3);
        const name = close < 0 ? '' : (pattern.slice(i + 3, close).split('=').pop() as string);
        const chars = next === 'p' ? PROPERTY_CHARS[name] : inClass ? (LETTERS.has(name) ? '0-9' : 'a-z') : undefined;
        if (chars === undefined || close < 0) return null;
        out += inClass ? chars : `[${chars}]`;
        i = close;
      } else {
        out += ch + (next ?? '');
        i += 1;
      }
      continue;
    }
    if (inClass) {
      if (ch === ']') inClass = false;
    } else if (ch === '[') {
      inClass = true;
    } else if (ch === '?' && quantified) {
      continue;
    } else if (ch === '*' || ch === '+' || ch === '?' || (ch === '}' && /\{\d+(,\d*)?$/.test(out))) {
      afterQuantifier = pattern[i - 1] !== '(';
    }
    out += ch;
  }
  return out;
}

/** Property classes that hold the ASCII letters: a `\P{...}` of one of them is drawn from digits. */
const LETTERS = new Set(['L', 'Letter', 'Latin', 'Lu', 'Ll']);
