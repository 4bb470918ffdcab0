import { createServer, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compile, compileArtifact, issueCodes } from '../testing/fixtures.js';

/** A TCP listener that only counts connections: any fetch, by any protocol, shows up here. */
let server: Server;
let hits = 0;
let base = '';

beforeAll(async () => {
  server = createServer((socket) => {
    hits += 1;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function document(extra: (base: string) => Record<string, unknown>) {
  return JSON.stringify({ openapi: '3.0.3', info: { title: 'refs', version: '1' }, ...extra(base) });
}

const ok = { '200': { description: 'ok' } };

describe('references', () => {
  it('refuses external $refs of every kind and fetches none of them', async () => {
    const outcome = await compile(
      document((b) => ({
        paths: {
          '/remote-item': { $ref: `${b}/paths.json#/item` },
          '/pets': {
            get: {
              parameters: [{ $ref: `${b}/parameters.yaml#/Limit` }],
              responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: `${b}/schemas.json#/Pet` } } } } },
            },
          },
          '/file': { get: { responses: { '200': { $ref: 'responses.yaml#/Ok' } } } },
        },
        components: { schemas: { Remote: { $ref: '//127.0.0.1/x.json' } } },
      })),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(hits).toBe(0);
    expect(outcome).toMatchObject({ ok: false, code: 'specification_validation_failed', reason: 'specification_invalid' });
    const issues = outcome.ok ? [] : (outcome.validation?.issues ?? []);
    expect(issues.filter((i) => i.code === 'ref_external')).toHaveLength(5);
    const pet = issues.find((i) => i.message.includes('schemas.json'));
    expect(pet).toMatchObject({ kind: 'unsupported', operation: 'GET /pets', location: 'paths./pets.get.responses.200.content.application/json.schema.$ref' });
    expect(pet?.suggestion).toMatch(/bundle/);
  });

  it('never fetches external example values either, building with a warning', async () => {
    const { outcome } = await compileArtifact(
      document((b) => ({
        paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { examples: { remote: { externalValue: `${b}/example.json` } } } } } } } } },
      })),
    );
    expect(hits).toBe(0);
    expect(outcome.warnings.map((w) => w.code)).toContain('example_external_ignored');
  });

  it('refuses local $refs that resolve to nothing', async () => {
    const outcome = await compile(
      document(() => ({
        paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Missing' } } } } } } } },
      })),
    );
    expect(issueCodes(outcome)).toEqual(['ref_unresolved']);
  });

  it('refuses a chain of non-schema refs that loops', async () => {
    const outcome = await compile(
      document(() => ({
        paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/A' }], responses: ok } } },
        components: { parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } } },
      })),
    );
    expect(issueCodes(outcome)).toContain('ref_circular');
  });

  it('treats $ref inside examples and defaults as data, and a property named $ref as a property', async () => {
    const { outcome } = await compileArtifact(
      document(() => ({
        paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Doc' }, example: { $ref: 'http://example.com/not-a-ref' } } } } } } } },
        components: { schemas: { Doc: { type: 'object', default: { $ref: 'x.json' }, properties: { $ref: { type: 'string' }, example: { $ref: '#/components/schemas/Doc' } } } } },
      })),
    );
    expect(outcome.ok).toBe(true);
  });
});
