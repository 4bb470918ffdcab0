import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REST_REFUSALS } from './refusal-codes.js';

/** The runtime's source files whose refusals REST answers: SOAP and AWS refuse in their own formats. */
const RUNTIME = fileURLToPath(new URL('..', import.meta.url));
const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return /^(soap|aws-json|aws-query)$/.test(entry.name) ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
const texts = sources(RUNTIME).map((file) => readFileSync(file, 'utf8'));

describe('the refusals REST answers', () => {
  it('list every code the runtime refuses with', () => {
    // `code: 'not_found'`, and both codes of `code: status === 415 ? 'unsupported_media_type' : 'invalid_body'`.
    const codes = texts.flatMap((text) => [...text.matchAll(/\bcode: ([^,}]*)/g)].flatMap((m) => [...m[1]!.matchAll(/'([a-z_]+)'/g)].map((q) => q[1]!)));
    expect(codes.length).toBeGreaterThan(5);
    expect([...new Set(codes)].filter((code) => !Object.hasOwn(REST_REFUSALS, code))).toEqual([]);
  });

  it('give each code the statuses it is refused with', () => {
    const pairs = texts.flatMap((text) => [...text.matchAll(/status: (\d{3}), code: '([a-z_]+)'/g)].map((m) => [Number(m[1]), m[2]!] as const));
    expect(pairs.length).toBeGreaterThan(5);
    expect(pairs.filter(([status, code]) => !(REST_REFUSALS[code as keyof typeof REST_REFUSALS] as readonly number[] | undefined)?.includes(status))).toEqual([]);
  });
});
