import { describe, expect, it } from 'vitest';
import { bytes, compile, issueCodes } from '../testing/fixtures.js';

const MINIMAL = { openapi: '3.0.3', info: { title: 't', version: '1' }, paths: {} };

/**
 * A refusal costs milliseconds, but the first document a worker compiles also compiles the
 * OpenAPI validators, which takes seconds on a loaded machine: beyond vitest's 5 s default.
 * Runaway work still fails, at this bound.
 */
const TIMEOUT = { timeout: 30_000 };

/**
 * Runs a hostile input and checks it is refused with `code`, without throwing. How long a
 * refusal takes is measured by `npm run bench` (bench/build-time.mjs), not asserted here.
 */
async function refused(spec: Uint8Array | string, code: string) {
  const outcome = await compile(spec);
  expect(outcome.ok).toBe(false);
  if (outcome.ok) return outcome;
  expect(outcome.code).toBe('specification_validation_failed');
  expect(outcome.reason).toBe('specification_invalid');
  expect(issueCodes(outcome)).toContain(code);
  return outcome;
}

describe('hostile documents', TIMEOUT, () => {
  it('refuses 100,000-deep JSON nesting before anything recursive runs', async () => {
    await refused('['.repeat(100_000) + ']'.repeat(100_000), 'document_too_deep');
    const deepObject = `{"openapi":"3.0.3","x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`;
    await refused(deepObject, 'document_too_deep');
  });

  it('refuses 100,000-deep YAML flow nesting without exhausting the stack', async () => {
    await refused(`openapi: 3.0.3\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`, 'document_too_deep');
  });

  it('refuses deep YAML block nesting found after parsing', async () => {
    const lines = Array.from({ length: 600 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n');
    const outcome = await refused(`openapi: 3.0.3\nx:\n${lines.replace(/^/gm, ' ')} 1\n`, 'document_too_deep');
    expect(outcome.ok).toBe(false);
  });

  it('refuses a YAML alias bomb (billion laughs)', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let i = 1; i < 9; i++) {
      const prev = String.fromCharCode(96 + i);
      const name = String.fromCharCode(97 + i);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    await refused(`openapi: 3.0.3\n${levels.join('\n')}\n`, 'yaml_aliases_excessive');
  });

  it('refuses larger alias bombs as soon as their expansion passes the limit', async () => {
    // 30 levels of 10: 10^30 nodes once expanded; js-yaml alone would build it as a tiny DAG.
    const levels = ['a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]'];
    for (let i = 1; i < 30; i++) levels.push(`a${i}: &a${i} [${Array(10).fill(`*a${i - 1}`).join(', ')}]`);
    const outcome = await refused(`openapi: 3.0.3\n${levels.join('\n')}\n`, 'yaml_aliases_excessive');
    expect(outcome.ok ? '' : outcome.validation?.issues[0]?.location).toMatch(/^line \d+, column \d+$/);
    // One long string aliased many times expands just as far.
    await refused(`openapi: 3.0.3\ns: &s "${'x'.repeat(100_000)}"\nlist: [${Array(1000).fill('*s').join(', ')}]\n`, 'yaml_aliases_excessive');
  });

  it('refuses an aliased sequence used as a key again and again before js-yaml joins it each time', async () => {
    // Each `*a` key makes js-yaml join 200,000 items into a string: seconds per thousand keys.
    const text = `openapi: 3.0.3\na: &a [${Array(200_000).fill('x').join(',')}]\nkeys:\n${'- {*a : 1}\n'.repeat(20_000)}`;
    await refused(text, 'yaml_aliases_excessive');
  });

  it('refuses a YAML alias that contains itself', async () => {
    const outcome = await refused('openapi: 3.0.3\ninfo: &loop\n  title: t\n  self: *loop\n', 'yaml_alias_circular');
    expect(outcome.ok ? '' : outcome.validation?.issues[0]?.location).toBe('line 4, column 9');
    await refused('openapi: 3.0.3\nx: &l [1, [2, *l]]\n', 'yaml_alias_circular');
  });

  it('refuses 100,000-deep YAML block nesting, which no pre-scan sees, without exhausting the stack', async () => {
    await refused(`openapi: 3.0.3\nx:\n${'- '.repeat(100_000)}x\n`, 'document_too_deep');
    await refused(`openapi: 3.0.3\nx:\n  ${'? '.repeat(100_000)}x\n`, 'document_too_deep');
  });

  it('refuses bytes that are not UTF-8', async () => {
    const outcome = await refused(new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), 'encoding_invalid');
    expect(outcome.ok ? null : outcome.validation?.issues[0]?.kind).toBe('invalid');
    await refused(new Uint8Array([0xff, 0xfe, 0x00, 0x00]), 'encoding_invalid');
  });

  it('refuses a JSON number of a million digits, naming where it is', async () => {
    const outcome = await refused(`{"openapi":"3.0.3","info":{"title":"t","version":"1","x-n":${'9'.repeat(1_000_000)}},"paths":{}}`, 'number_out_of_range');
    expect(outcome.ok ? null : outcome.validation?.issues[0]?.location).toBe('info.x-n');
  });

  it('refuses YAML infinities and huge exponents', async () => {
    await refused('openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\nx-big: 1e999\n', 'number_out_of_range');
    await refused('openapi: 3.0.3\ninfo: {title: t, version: "1"}\npaths: {}\nx-inf: .inf\n', 'number_out_of_range');
  });
});

describe('reading documents', TIMEOUT, () => {
  it('reports JSON syntax errors with a line and column', async () => {
    const outcome = await refused('{\n  "openapi": "3.0.3",\n  "info": }\n', 'syntax_invalid');
    expect(outcome.ok ? '' : outcome.validation?.issues[0]?.location).toMatch(/^line 3, column \d+$/);
  });

  it('reports YAML syntax errors and duplicate keys with a line', async () => {
    await refused('openapi: 3.0.3\ninfo: [unclosed\n', 'syntax_invalid');
    const outcome = await refused('openapi: 3.0.3\nopenapi: 3.1.0\n', 'syntax_invalid');
    expect(outcome.ok ? '' : outcome.validation?.issues[0]?.location).toMatch(/^line 2/);
  });

  it('refuses an empty file and a document that is not OpenAPI', async () => {
    await refused('   \n', 'document_empty');
    await refused('{"asyncapi": "2.6.0"}', 'not_openapi');
    await refused('[1, 2, 3]', 'not_openapi');
    await refused('just a line of text', 'not_openapi');
  });

  it('reads XML as a WSDL unless declared OpenAPI, and a document declared WSDL as XML', async () => {
    const outcome = await refused('<?xml version="1.0"?>\n<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"/>', 'wsdl_no_soap_binding');
    expect(outcome.ok ? null : outcome.validation?.issues[0]?.kind).toBe('incomplete');
    expect(issueCodes(await compile(JSON.stringify(MINIMAL), { specKind: 'wsdl' }))).toEqual(['xml_invalid']);
    expect(issueCodes(await compile('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"/>', { specKind: 'openapi' }))).toEqual(['not_openapi']);
  });

  it('refuses OpenAPI versions it does not compile', async () => {
    await refused('{"openapi": "4.0.0", "info": {"title": "t", "version": "1"}, "paths": {}}', 'openapi_version_unsupported');
    await refused('{"swagger": "1.2"}', 'openapi_version_unsupported');
  });

  it('accepts a UTF-8 byte order mark and an unquoted swagger: 2.0', async () => {
    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...bytes(JSON.stringify({ ...MINIMAL, paths: { '/a': { get: { responses: { 200: { description: 'ok' } } } } } }))]);
    expect((await compile(withBom)).ok).toBe(true);
    const swagger = 'swagger: 2.0\ninfo: {title: t, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        "200": {description: ok}\n';
    expect(await compile(swagger)).toMatchObject({ ok: true, specVersion: '2.0' });
  });
});
