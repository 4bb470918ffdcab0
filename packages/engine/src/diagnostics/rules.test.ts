import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAILURES, RULES, WARNINGS } from './rules.js';

const doc = readFileSync(new URL('../../../../docs/build-diagnostics.md', import.meta.url), 'utf8');

/** The `code | kind` rows of one section of docs/build-diagnostics.md. */
function documented(section: string): Record<string, string> {
  const start = doc.indexOf(`\n## ${section}\n`);
  const end = doc.indexOf('\n## ', start + 1);
  const text = doc.slice(start, end < 0 ? undefined : end);
  return Object.fromEntries([...text.matchAll(/^\| `([a-z_]+)` \| ([a-z]+) \|/gm)].map((m) => [m[1], m[2]]));
}

const kinds = (rules: Record<string, { kind: string }>) => Object.fromEntries(Object.entries(rules).map(([code, rule]) => [code, rule.kind]));

describe('diagnostic rules', () => {
  it('are all documented in docs/build-diagnostics.md with their kind', () => {
    const all = Object.fromEntries([...doc.matchAll(/^\| `([a-z_]+)` \| ([a-z]+) \|/gm)].map((m) => [m[1], m[2]]));
    expect(all).toEqual(kinds(RULES));
  });

  it('are documented as failing the build or as warnings, as the engine reports them', () => {
    expect(documented('Errors')).toEqual(kinds(FAILURES));
    expect(documented('Warnings')).toEqual(kinds(WARNINGS));
  });

  it('each carry a suggestion a person can act on', () => {
    for (const rule of Object.values(RULES)) expect(rule.suggestion.length).toBeGreaterThan(20);
  });
});
