import { RE2JS } from 're2js';

/** A compiled schema `pattern`: `test` searches the value, as `RegExp.prototype.test` does. */
export interface PatternTest {
  test(value: string): boolean;
  /** False when every value passes because RE2 cannot run the pattern. */
  readonly enforced: boolean;
  /** `/source/`, as a RegExp prints itself: ajv keys its compiled patterns by it. */
  toString(): string;
}

/**
 * A document's `pattern`s run on every request, on the data plane's one thread. A backtracking
 * engine takes exponential time on patterns such as `^(\w+\s?)*$` (found in published
 * documents), so one request could stall every Simulation of the process. Patterns therefore
 * run on RE2 (re2js, a port of RE2: time linear in the value), after translating the ECMA-262
 * syntax RE2 reads differently. A pattern RE2 cannot run (lookaround, a backreference) is not
 * enforced: every value passes it, and the build says so (`pattern_not_enforced`).
 */
export function compilePattern(source: string): PatternTest {
  let compiled = CACHE.get(source);
  if (compiled === undefined) {
    // An invalid ECMA-262 pattern stays an error, as it was with RegExp (compiling is linear).
    new RegExp(source);
    compiled = linearPattern(source) ?? { test: () => true, enforced: false, toString: () => `/${source}/` };
    if (CACHE.size >= CACHE_LIMIT) CACHE.clear();
    CACHE.set(source, compiled);
  }
  return compiled;
}

/** Whether `compilePattern` enforces a pattern, lets every value pass it, or refuses it as invalid. */
export function patternSupport(source: string): 'enforced' | 'not_enforced' | 'invalid' {
  try {
    return compilePattern(source).enforced ? 'enforced' : 'not_enforced';
  } catch {
    return 'invalid';
  }
}

/** True when `compilePattern` enforces the pattern (it is valid and RE2 can run it). */
export function patternEnforced(source: string): boolean {
  return patternSupport(source) === 'enforced';
}

/** `compilePattern` as ajv's `code.regExp` engine (the `u` flag is RE2's own reading). */
export const ajvPatternEngine = Object.assign((source: string) => compilePattern(source), { code: 'compilePattern' });

const CACHE = new Map<string, PatternTest>();
const CACHE_LIMIT = 10_000;
/** RE2's largest repetition count; a larger bound is read as unbounded (lenient, never stricter). */
const MAX_REPEAT = 1000;

function linearPattern(source: string): PatternTest | null {
  const translated = toRe2(source);
  if (translated === null) return null;
  try {
    const re = RE2JS.compile(translated);
    return { test: (value) => re.test(value), enforced: true, toString: () => `/${source}/` };
  } catch {
    return null;
  }
}

/** ECMA-262 `\s`: ASCII whitespace plus the Unicode spaces and line terminators. */
const SPACES = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';
/** ECMA-262 `.` without the `s` flag: anything but a line terminator. */
const DOT = '[^\\n\\r\\x{2028}\\x{2029}]';
const RE2_PUNCTUATION = new Set('!"#$%&\'()*+,-./:;<=>?@[\\]^_`{|}~');
const QUANTIFIER = /^\{(\d+)(,(\d*))?\}/;

/**
 * The RE2 spelling of an ECMA-262 pattern (read without flags, with Annex B's leniency), or null
 * when it needs what RE2 lacks. Differences handled: `\uXXXX`, `\cX`, `.`, `\s`, `[]`, `[^]`,
 * `\b` in a class, identity escapes of letters (`\a`, `\z`, `\Q` are literals in ECMA-262), a
 * literal `{`, `(?<name>`, and repetition counts past RE2's limit. `\p{...}` keeps RE2's
 * Unicode classes, which is what documents that write it mean.
 */
export function toRe2(source: string): string | null {
  let out = '';
  let inClass = false;
  let i = 0;
  while (i < source.length) {
    const c = source[i] as string;
    if (c === '\\') {
      const escaped = translateEscape(source, i, inClass);
      if (escaped === null) return null;
      out += escaped.text;
      i = escaped.next;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      // RE2 reads `[:alpha:]` inside a class as a POSIX class; ECMA-262 reads a literal `[`.
      out += c === '[' ? '\\[' : c;
      i += 1;
      continue;
    }
    if (c === '[') {
      const negated = source[i + 1] === '^';
      const start = i + (negated ? 2 : 1);
      if (source[start] === ']') {
        // `[]` matches nothing and `[^]` anything; RE2 would read the `]` as a member.
        out += negated ? '[\\x{0}-\\x{10FFFF}]' : '[^\\x{0}-\\x{10FFFF}]';
        i = start + 1;
        continue;
      }
      out += negated ? '[^' : '[';
      inClass = true;
      i = start;
      continue;
    }
    if (c === '.') {
      out += DOT;
      i += 1;
      continue;
    }
    if (c === '{') {
      const m = QUANTIFIER.exec(source.slice(i, i + 24));
      if (m === null) {
        out += '\\{';
        i += 1;
        continue;
      }
      out += repeat(Number(m[1]), m[2] === undefined ? Number(m[1]) : m[3] === '' ? null : Number(m[3]));
      i += m[0].length;
      continue;
    }
    if (c === '}') {
      out += '\\}';
      i += 1;
      continue;
    }
    if (c === '(' && source[i + 1] === '?') {
      const kind = source.slice(i + 2, i + 4);
      if (kind.startsWith(':')) out += '(?:';
      else if (kind[0] === '<' && kind !== '<=' && kind !== '<!') out += '(?P<';
      // Lookahead and lookbehind: RE2 has neither.
      else return null;
      i += 3;
      continue;
    }
    out += c;
    i += 1;
  }
  return out;
}

function repeat(min: number, max: number | null): string {
  if (min > MAX_REPEAT || (max !== null && max > MAX_REPEAT)) return `{${Math.min(min, MAX_REPEAT)},}`;
  return max === min ? `{${min}}` : `{${min},${max ?? ''}}`;
}

function translateEscape(source: string, i: number, inClass: boolean): { text: string; next: number } | null {
  const d = source[i + 1];
  if (d === undefined) return null;
  const hex = (length: number) => {
    const digits = source.slice(i + 2, i + 2 + length);
    return digits.length === length && /^[0-9a-fA-F]+$/.test(digits) ? digits : null;
  };
  switch (d) {
    case 'u': {
      const code = hex(4);
      return code === null ? { text: 'u', next: i + 2 } : { text: `\\x{${code}}`, next: i + 6 };
    }
    case 'x': {
      const code = hex(2);
      return code === null ? { text: 'x', next: i + 2 } : { text: `\\x{${code}}`, next: i + 4 };
    }
    case 'c': {
      const letter = source[i + 2];
      if (letter !== undefined && /[A-Za-z]/.test(letter)) return { text: `\\x{${(letter.charCodeAt(0) % 32).toString(16)}}`, next: i + 3 };
      return { text: '\\\\c', next: i + 2 };
    }
    case '0':
      // `\0` is NUL; `\01` an octal escape, rare enough to leave to the fallback.
      return /[0-9]/.test(source[i + 2] ?? '') ? null : { text: '\\x{0}', next: i + 2 };
    case 's':
      return { text: inClass ? SPACES : `[${SPACES}]`, next: i + 2 };
    case 'S':
      return { text: inClass ? '\\S' : `[^${SPACES}]`, next: i + 2 };
    case 'b':
      return { text: inClass ? '\\x{8}' : '\\b', next: i + 2 };
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 'B':
    case 't':
    case 'n':
    case 'r':
    case 'f':
      return { text: `\\${d}`, next: i + 2 };
    case 'v':
      return { text: '\\x{0B}', next: i + 2 };
    case 'p':
    case 'P':
      // Unicode property classes, as `\p{L}` means with the `u` flag; RE2 refuses names it lacks.
      return { text: `\\${d}`, next: i + 2 };
    case 'k':
      return null;
    default:
      break;
  }
  // `\1`..`\9`: backreferences (octal escapes in a class), which RE2 cannot run.
  if (/[1-9]/.test(d)) return null;
  if (/[A-Za-z]/.test(d)) return { text: d, next: i + 2 };
  return { text: RE2_PUNCTUATION.has(d) ? `\\${d}` : d, next: i + 2 };
}
