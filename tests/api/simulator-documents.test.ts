import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimulatorView } from '@simplane/core';
import { createHarness } from '@simplane/harness';
import { strToU8, zipSync } from 'fflate';

const fixtures = new URL('../../packages/engine/test-fixtures/', import.meta.url);
const names = readdirSync(fixtures, { withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => entry.name)
  .sort();
const wsdlFixtures = new URL('wsdl/', fixtures);
/** The WSDL fixtures that build (WSDL 2.0 is refused; the hostile ones are below). */
const wsdlNames = readdirSync(wsdlFixtures)
  .filter((name) => name.endsWith('.wsdl') && !name.startsWith('wsdl20'))
  .sort();
const fixtureText = (name: string) => readFileSync(new URL(name, wsdlFixtures), 'utf8');

/** Every fixture, built through the API as a user would. */
describe('realistic documents through the API', () => {
  const h = createHarness({ config: { catalog: false } });
  afterAll(() => h.close());

  it('has a dozen documents covering 2.0, 3.0 and 3.1 in JSON and YAML', () => {
    expect(names.length).toBeGreaterThanOrEqual(12);
    expect(names.some((n) => n.includes('2.0'))).toBe(true);
    expect(names.some((n) => n.includes('3.0'))).toBe(true);
    expect(names.some((n) => n.includes('3.1'))).toBe(true);
    expect(names.some((n) => n.endsWith('.json'))).toBe(true);
    expect(names.some((n) => n.endsWith('.yaml'))).toBe(true);
  });

  it.each(names)('builds %s to ready with a consistent operation list', async (name) => {
    const spec = readFileSync(new URL(name, fixtures));
    const accepted = await h.upload(spec, {}, { filename: name });
    expect(accepted.status).toBe(202);
    await h.settled();
    const id = accepted.json<SimulatorView>().id;
    const simulator = (await h.request('GET', `/v1/simulators/${id}`)).json<SimulatorView>();
    expect(simulator.error).toBeNull();
    expect(simulator.status).toBe('ready');
    const declared = name.match(/-(\d\.\d)\./)![1]!;
    expect(simulator.spec_version!.startsWith(declared)).toBe(true);
    const { operations } = (await h.request('GET', `/v1/simulators/${id}/operations`)).json<{ operations: Array<{ method: string; behaviour: string; read_only: boolean }> }>();
    expect(operations).toHaveLength(simulator.operations);
    for (const op of operations) {
      // Whatever else was inferred, a write can never be read-only and a plain GET never writes.
      if (['create', 'replace', 'update', 'delete'].includes(op.behaviour)) expect(op.read_only).toBe(false);
      if (op.method === 'GET') expect(op.read_only).toBe(true);
    }
  });

  it('has WSDL documents of both SOAP versions and both styles', () => {
    expect(wsdlNames.length).toBeGreaterThanOrEqual(7);
    const all = wsdlNames.map(fixtureText).join('\n');
    expect(all).toContain('http://schemas.xmlsoap.org/wsdl/soap12/');
    expect(all).toMatch(/style="rpc"/);
    expect(all).toMatch(/style="document"/);
  });

  it.each(wsdlNames)('builds the WSDL %s to ready, its operations understood', async (name) => {
    const accepted = await h.upload(readFileSync(new URL(name, wsdlFixtures)), {}, { filename: name });
    expect(accepted.status).toBe(202);
    await h.settled();
    const id = accepted.json<SimulatorView>().id;
    const simulator = (await h.request('GET', `/v1/simulators/${id}`)).json<SimulatorView>();
    expect(simulator.error).toBeNull();
    expect(simulator).toMatchObject({ status: 'ready', spec_kind: 'wsdl', spec_version: '1.1' });
    const { operations } = (await h.request('GET', `/v1/simulators/${id}/operations`)).json<{ operations: Array<{ operation: string; method: string; behaviour: string; read_only: boolean }> }>();
    expect(operations).toHaveLength(simulator.operations);
    const declared = [...fixtureText(name).matchAll(/<(?:[\w-]+:)?operation name="([^"]+)"/g)].map((m) => m[1]);
    for (const op of operations) {
      expect(declared).toContain(op.operation);
      expect(op.method).toBe('POST');
      if (['create', 'replace', 'update', 'delete', 'action'].includes(op.behaviour)) expect(op.read_only).toBe(false);
      if (op.behaviour === 'read' || op.behaviour === 'list') expect(op.read_only).toBe(true);
    }
  });
});

/** Hostile documents fail with a diagnostic, quickly, fetch nothing, and leave the server serving. */
describe('hostile documents through the API', () => {
  let listener: Server;
  let connections = 0;
  let port = 0;
  beforeAll(async () => {
    listener = createServer((socket) => {
      connections += 1;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    port = (listener.address() as { port: number }).port;
  });
  afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

  const h = createHarness({ config: { catalog: false } });
  afterAll(() => h.close());

  const hostileWsdl = (name: string) => readFileSync(new URL(`hostile/${name}`, wsdlFixtures), 'utf8');
  const deepJson = () => `{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
  const deepYaml = () => `openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`;
  const aliasBomb = () => {
    let text = 'openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths: {}\na0: &a0 ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]\n';
    for (let i = 1; i < 10; i += 1) text += `a${i}: &a${i} [${Array(9).fill(`*a${i - 1}`).join(',')}]\n`;
    return text;
  };
  const cases: Array<[string, () => string | Uint8Array, string]> = [
    ['100,000-deep JSON nesting', deepJson, 'document_too_deep'],
    ['100,000-deep YAML nesting', deepYaml, 'document_too_deep'],
    ['a YAML alias bomb', aliasBomb, 'yaml_aliases_excessive'],
    ['non-UTF-8 bytes', () => Uint8Array.from([0x6f, 0x70, 0x65, 0x6e, 0xff, 0xfe, 0x3a, 0x20]), 'encoding_invalid'],
    ['a JSON number of a million digits', () => `{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x":${'9'.repeat(1_000_000)}}`, 'number_out_of_range'],
    [
      'external $ref URLs',
      () =>
        `openapi: 3.0.3\ninfo: {title: x, version: "1"}\npaths:\n  /a:\n    get:\n      responses:\n        '200':\n          description: ok\n          content:\n            application/json:\n              schema: {$ref: 'http://127.0.0.1:${port}/schema.json'}\n`,
      'ref_external',
    ],
    ['a WSDL with a billion laughs', () => hostileWsdl('billion-laughs.wsdl'), 'xml_refused'],
    ['a WSDL with an external entity', () => hostileWsdl('external-entity.wsdl').replace('file:///etc/passwd', `http://127.0.0.1:${port}/passwd`), 'xml_refused'],
    ['a WSDL with a parameter entity', () => hostileWsdl('parameter-entity.wsdl'), 'xml_refused'],
    ['a WSDL with an external DTD', () => hostileWsdl('external-dtd.wsdl'), 'xml_refused'],
    ['a WSDL nested 100,000 deep', () => `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/">${'<a>'.repeat(100_000)}${'</a>'.repeat(100_000)}</definitions>`, 'xml_refused'],
    ['a WSDL 2.0 document', () => readFileSync(new URL('wsdl20-description.wsdl', wsdlFixtures)), 'wsdl_version_unsupported'],
    ['a zip whose entry climbs out of it', () => zipSync({ 'service.wsdl': strToU8(fixtureText('crm-customers.wsdl')), '../../evil.xsd': strToU8('<x/>') }), 'bundle_unsafe'],
  ];

  it.each(cases)('refuses %s with its diagnostic', async (_name, make, code) => {
    const accepted = await h.upload(make(), {});
    expect(accepted.status).toBe(202);
    await h.settled();
    const simulator = (await h.request('GET', `/v1/simulators/${accepted.json<SimulatorView>().id}`)).json<SimulatorView>();
    expect(simulator.status).toBe('failed');
    expect(simulator.error).toMatchObject({ code: 'specification_validation_failed', reason: 'specification_invalid' });
    expect(simulator.error!.validation!.issues.map((i) => i.code)).toContain(code);
    expect(simulator.error!.validation!.issues.length).toBeLessThanOrEqual(20);
  });

  it('builds a WSDL importing a schema by absolute URL without fetching it, naming the URL', async () => {
    const spec = fixtureText('external-import.wsdl').replaceAll('http://example.com/x.xsd', `http://127.0.0.1:${port}/x.xsd`);
    const accepted = await h.upload(spec, {}, { filename: 'external-import.wsdl' });
    await h.settled();
    const simulator = (await h.request('GET', `/v1/simulators/${accepted.json<SimulatorView>().id}`)).json<SimulatorView>();
    expect(simulator.status).toBe('ready');
    const warning = simulator.build!.warnings.find((w) => w.code === 'wsdl_import_external');
    expect(warning?.message).toContain(`http://127.0.0.1:${port}/x.xsd`);
  });

  it('fetched nothing and still serves', async () => {
    expect(connections).toBe(0);
    expect((await h.request('GET', '/v1/simulators')).status).toBe(200);
  });
});
