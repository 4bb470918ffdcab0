import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from './rules.js';

describe('diagnostic rules', () => {
  it('are all documented in docs/build-diagnostics.md with their kind', () => {
    const doc = readFileSync(new URL('../../../../docs/build-diagnostics.md', import.meta.url), 'utf8');
    const documented = new Map([...doc.matchAll(/^\| `([a-z_]+)` \| ([a-z]+) \|/gm)].map((m) => [m[1], m[2]]));
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(Object.entries(RULES).map(([code, rule]) => [code, rule.kind])));
  });

  it('each carry a suggestion a person can act on', () => {
    for (const rule of Object.values(RULES)) expect(rule.suggestion.length).toBeGreaterThan(20);
  });
});
