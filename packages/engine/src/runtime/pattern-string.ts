import { compilePattern } from '../safe-pattern.js';
import type { Random } from './random.js';

/**
 * Strings for simple regular expressions: literals, escapes (\d \w \s \.), classes
 * ([a-z0-9_-], [^...] taken as word characters), groups with alternation, and the quantifiers
 * ? * + {n} {n,m}. Anything else answers null, and the caller falls back to an example or a
 * safe string it checks against the pattern.
 */
const DIGITS = '0123456789';
const WORD = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_';
const LOWER = 'abcdefghijklmnopqrstuvwxyz';

type Node = { kind: 'set'; chars: string } | { kind: 'alt'; branches: Piece[][] };
interface Piece {
  node: Node;
  min: number;
  max: number;
}

class Unsupported extends Error {}

export function patternString(pattern: string, random: Random, longRuns = false): string | null {
  try {
    const source = pattern.replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
    const { pieces, end } = parseSequence(source, 0, longRuns);
    if (end !== source.length) return null;
    const out = emit(pieces, random);
    return compilePattern(pattern).test(out) ? out : null;
  } catch {
    return null;
  }
}

/** With `longRuns`, open-ended quantifiers repeat 16 times: ids drawn from them rarely collide. */
function parseSequence(src: string, start: number, longRuns: boolean): { pieces: Piece[][]; end: number } {
  const branches: Piece[][] = [[]];
  let i = start;
  while (i < src.length) {
    const ch = src[i] as string;
    if (ch === ')') break;
    if (ch === '|') {
      branches.push([]);
      i += 1;
      continue;
    }
    let node: Node;
    if (ch === '(') {
      let inner = i + 1;
      if (src.startsWith('?:', inner)) inner += 2;
      else if (src[inner] === '?') throw new Unsupported();
      const group = parseSequence(src, inner, longRuns);
      if (src[group.end] !== ')') throw new Unsupported();
      node = { kind: 'alt', branches: group.pieces };
      i = group.end + 1;
    } else if (ch === '[') {
      const close = findClassEnd(src, i);
      node = { kind: 'set', chars: classChars(src.slice(i + 1, close)) };
      i = close + 1;
    } else if (ch === '\\') {
      node = { kind: 'set', chars: escapeChars(src[i + 1]) };
      i += 2;
    } else if (ch === '.') {
      node = { kind: 'set', chars: LOWER };
      i += 1;
    } else if ('*+?{}^$'.includes(ch)) {
      throw new Unsupported();
    } else {
      node = { kind: 'set', chars: ch };
      i += 1;
    }
    const q = quantifier(src, i, longRuns);
    i = q.end;
    (branches[branches.length - 1] as Piece[]).push({ node, min: q.min, max: q.max });
  }
  return { pieces: branches, end: i };
}

function findClassEnd(src: string, open: number): number {
  for (let i = open + 1; i < src.length; i += 1) {
    if (src[i] === '\\') i += 1;
    else if (src[i] === ']' && i > open + 1) return i;
  }
  throw new Unsupported();
}

function classChars(body: string): string {
  if (body.startsWith('^')) return LOWER;
  let chars = '';
  for (let i = 0; i < body.length; i += 1) {
    const ch = body[i] as string;
    if (ch === '\\') {
      chars += escapeChars(body[i + 1]);
      i += 1;
      continue;
    }
    if (body[i + 1] === '-' && i + 2 < body.length) {
      const to = body[i + 2] as string;
      for (let c = ch.charCodeAt(0); c <= to.charCodeAt(0) && c - ch.charCodeAt(0) < 128; c += 1) chars += String.fromCharCode(c);
      i += 2;
      continue;
    }
    chars += ch;
  }
  if (chars === '') throw new Unsupported();
  return chars;
}

function escapeChars(ch: string | undefined): string {
  if (ch === undefined) throw new Unsupported();
  if (ch === 'd') return DIGITS;
  if (ch === 'w') return WORD;
  if (ch === 's') return ' ';
  if (/[A-Za-z0-9]/.test(ch)) throw new Unsupported();
  return ch;
}

function quantifier(src: string, i: number, longRuns: boolean): { min: number; max: number; end: number } {
  const ch = src[i];
  if (longRuns && (ch === '*' || ch === '+')) return { min: 16, max: 16, end: i + 1 };
  if (ch === '?') return { min: 0, max: 1, end: i + 1 };
  if (ch === '*') return { min: 0, max: 3, end: i + 1 };
  if (ch === '+') return { min: 1, max: 4, end: i + 1 };
  if (ch === '{') {
    const m = /^\{(\d+)(,(\d*))?\}/.exec(src.slice(i));
    if (!m) throw new Unsupported();
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? (longRuns ? Math.max(min, 16) : min + 3) : Number(m[3]);
    return { min, max: Math.min(max, min + 16), end: i + m[0].length };
  }
  return { min: 1, max: 1, end: i };
}

function emit(branches: Piece[][], random: Random): string {
  const branch = random.pick(branches);
  let out = '';
  for (const piece of branch) {
    const times = random.int(piece.min, piece.max);
    for (let t = 0; t < times; t += 1) {
      out += piece.node.kind === 'set' ? random.chars(1, piece.node.chars) : emit(piece.node.branches, random);
    }
  }
  return out;
}
