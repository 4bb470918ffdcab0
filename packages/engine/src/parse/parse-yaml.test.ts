import { dump } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { compile } from '../testing/fixtures.js';
import { generateDocumentValue } from '../testing/generate-document.js';
import { parseText } from './parse-document.js';

const read = (text: string) => parseText(new TextEncoder().encode(text)).value;

/** The same API as JSON and as YAML builds to the same artifact. */
async function sameAsJson(value: unknown, yaml: string): Promise<void> {
  const [fromYaml, fromJson] = await Promise.all([compile(yaml), compile(JSON.stringify(value))]);
  expect(fromYaml.ok).toBe(true);
  expect(fromYaml.ok && fromJson.ok && fromYaml.digest === fromJson.digest).toBe(true);
}

describe('YAML documents', () => {
  it('build with hundreds of legitimate aliases, as if each were written out', async () => {
    // js-yaml writes every object the generator shares (error responses, schemas, examples) once
    // with an anchor and aliases it after: 551 aliases for 100 operations.
    const value = generateDocumentValue({ operations: 100 });
    const yaml = dump(value, { lineWidth: -1 });
    expect(yaml.match(/\*ref_\d+/g)?.length).toBeGreaterThanOrEqual(500);
    await sameAsJson(value, yaml);
  });

  it('build at about 10 MB', async () => {
    const value = generateDocumentValue({ operations: 1100 });
    const yaml = dump(value, { noRefs: true, lineWidth: -1 });
    expect(yaml.length).toBeGreaterThan(9_500_000);
    await sameAsJson(value, yaml);
  }, 120_000);

  it('read plain scalars as the YAML 1.2 core schema does', () => {
    const value = read('a: 1_000\nb: 0b101\nc: -.5\nd: 0x1F\ne: 0o17\nf: 012\ng: 1.\nh: yes\ni: 2001-12-14\nj: ~\nk: True\nl: .5\nm: "1"\nn: 1e3\n');
    expect(value).toEqual({ a: '1_000', b: '0b101', c: -0.5, d: 31, e: 15, f: 12, g: 1, h: 'yes', i: '2001-12-14', j: null, k: true, l: 0.5, m: '1', n: 1000 });
  });

  it('keep the plain value under a local tag and refuse tags that would construct something', async () => {
    expect(read('a: !Sub "arn:${Region}"\nb: !Ref [x, y]\nc: !GetAtt {k: v}\n')).toEqual({ a: 'arn:${Region}', b: ['x', 'y'], c: { k: 'v' } });
    for (const tagged of ['a: !!js/function "function () {}"', 'a: !!binary aGVsbG8=', 'a: !!timestamp 2001-12-14', 'a: &m {x: 1}\nb: {!!merge <<: *m}']) {
      const outcome = await compile(`openapi: 3.0.3\n${tagged}\n`);
      expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => i.code)).toEqual(['syntax_invalid']);
    }
  });

  it('keep a key named __proto__ as data', () => {
    const value = read('__proto__: {polluted: true}\nconstructor: 1\n') as Record<string, unknown>;
    expect(Object.keys(value)).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(value)).toBe(Object.prototype);
    expect((({}) as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('name the line and column of a syntax error, a duplicate key or a second document', async () => {
    const cases: [string, string][] = [
      ['openapi: 3.0.3\ninfo: [unclosed\n', 'line 3, column 1'],
      ['openapi: 3.0.3\ninfo:\n  title: a\n  title: b\n', 'line 4, column 3'],
      ['openapi: 3.0.3\n---\nopenapi: 3.1.0\n', 'line 3, column 1'],
    ];
    for (const [text, location] of cases) {
      const outcome = await compile(text);
      expect(outcome.ok ? [] : outcome.validation?.issues.map((i) => [i.code, i.location])).toEqual([['syntax_invalid', location]]);
    }
  });
});
