import type { BuildOutcome } from '@simplane/core';
import { describe, expect, it } from 'vitest';
import { readArtifact } from '../artifact/build-artifact.js';
import { parseText } from '../parse/parse-document.js';
import { bytes, compile, compileArtifact, fixture, issueCodes } from '../testing/fixtures.js';
import { ResponseChecker } from '../testing/response-check.js';
import { SimClient } from '../testing/sim-client.js';
import { unhinted } from '../testing/unhinted.js';

const info = { title: 't', version: '1' };
const ok = { '200': { description: 'ok' } };
const listed = { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } } } } } };
const doc = (extra: Record<string, unknown>) => JSON.stringify({ openapi: '3.0.3', info, ...extra });

async function warningsOf(spec: string) {
  const { outcome, artifact } = await compileArtifact(spec);
  return { warnings: outcome.warnings, artifact };
}

/** Builds `spec`, opens a Simulation of it and sends each request, checking every answer against the document. */
async function serve(spec: string) {
  const { artifact } = await compileArtifact(spec);
  const client = await SimClient.open(artifact);
  const checker = new ResponseChecker(artifact);
  return (method: string, path: string, query?: string) => {
    const answer = client.call({ method, path, ...(query === undefined ? {} : { query }) });
    expect(answer.status).toBeLessThan(500);
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
}

describe('a slip of the document becomes a warning of a ready build', () => {
  it('a missing info: built with an empty title and version', async () => {
    const { warnings, artifact } = await warningsOf(JSON.stringify({ openapi: '3.1.0', paths: { '/a': { get: { responses: ok } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'structure_required', kind: 'incomplete', operation: '', location: '', message: expect.stringMatching(/`info`.*built with an empty title and version/) }),
    ]);
    expect(warnings[0]?.suggestion).toMatch(/Add the missing field/);
    expect(artifact.spec).toMatchObject({ title: '', apiVersion: '' });
  });

  it('a response without a description: taken as empty', async () => {
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/a': { get: { operationId: 'getA', responses: { '200': {} } } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'structure_required', operation: 'getA', location: 'paths./a.get.responses.200', message: expect.stringMatching(/`description`.*It is taken as empty\./) }),
    ]);
    expect(artifact.operations[0]?.responses['200']).toMatchObject({ description: '', content: {} });
  });

  it('a parameter without schema or content: read as a string', async () => {
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', required: true }], responses: ok } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'structure_required', operation: 'GET /a', location: 'paths./a.get.parameters[0]', message: expect.stringMatching(/`schema`.*The parameter is read as a string\./) }),
    ]);
    expect(artifact.operations[0]?.parameters).toEqual([{ name: 'q', in: 'query', required: true, schema: { type: 'string' }, style: 'form', explode: true }]);
    const shared = await warningsOf(doc({ paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/Q' }], responses: ok } } }, components: { parameters: { Q: { name: 'q', in: 'query' } } } }));
    expect(shared.warnings).toEqual([expect.objectContaining({ code: 'structure_required', location: 'components.parameters.Q', message: expect.stringMatching(/read as a string/) })]);
    expect(shared.artifact.operations[0]?.parameters[0]?.schema).toEqual({ type: 'string' });
    const named = await warningsOf(doc({ paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query', schema: 'integer' }], responses: ok } } } }));
    expect(named.warnings).toEqual([expect.objectContaining({ code: 'structure_type', location: 'paths./a.get.parameters[0].schema', message: expect.stringMatching(/must be object\. The parameter is read as a string\./) })]);
    expect(named.artifact.operations[0]?.parameters[0]?.schema).toEqual({ type: 'string' });
  });

  it('a 3.x parameter described as in 2.0: read by those fields', async () => {
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/a': { get: { parameters: [{ name: 'n', in: 'query', type: 'integer', maximum: 9 }], responses: ok } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'structure_required', location: 'paths./a.get.parameters[0]', message: expect.stringMatching(/`schema`.*read by the OpenAPI 2\.0 fields it has/) }),
    ]);
    expect(artifact.operations[0]?.parameters[0]?.schema).toEqual({ type: 'integer', maximum: 9 });
  });

  it('a 2.0 parameter without a type: read as a string', async () => {
    const { warnings, artifact } = await warningsOf(JSON.stringify({ swagger: '2.0', info, paths: { '/a': { get: { parameters: [{ name: 'q', in: 'query' }], responses: ok } } } }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'structure_required', location: 'paths./a.get.parameters[0]', message: expect.stringMatching(/`type`.*read as a string/) })]);
    expect(artifact.operations[0]?.parameters[0]?.schema).toEqual({ type: 'string' });
  });

  it('an unknown field: ignored', async () => {
    const { warnings } = await warningsOf(doc({ info: { ...info, colour: 'red' }, paths: { '/a': { get: { responses: ok } } } }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'structure_unknown_field', kind: 'invalid', location: 'info.colour', message: expect.stringMatching(/`colour`.*It is ignored\./) })]);
  });

  it('a value of the wrong type the compiler can read past: ignored', async () => {
    const { warnings, artifact } = await warningsOf(doc({ info: { title: 't', version: 3 }, paths: { '/a': { get: { tags: 'pets', parameters: 'none', responses: ok } } } }));
    expect(warnings.map((w) => [w.code, w.location])).toEqual([
      ['structure_type', 'paths./a.get.parameters'],
      ['structure_type', 'paths./a.get.tags'],
      ['structure_type', 'info.version'],
    ]);
    for (const warning of warnings) expect(warning.message).toMatch(/The value is ignored\.$/);
    expect(artifact.operations[0]).toMatchObject({ tags: [], parameters: [] });
    expect(artifact.spec.apiVersion).toBe('');
  });

  it('operations without responses: they answer as their behaviour implies, a static one 200 with no body', async () => {
    const { warnings } = await warningsOf(doc({ paths: { '/a': { get: {} }, '/b': { get: { responses: {} } }, '/c': { get: { responses: 'none' } } } }));
    const structural = warnings.filter((w) => w.code.startsWith('structure_'));
    expect(structural.map((w) => [w.code, w.location])).toEqual([
      ['structure_value', 'paths./b.get.responses'],
      ['structure_type', 'paths./c.get.responses'],
      ['structure_required', 'paths./a.get'],
    ]);
    for (const warning of structural) expect(warning.message).toMatch(/answers as its behaviour implies, unchecked: a create 201 with the record/);
    const call = await serve(doc({ paths: { '/a': { get: {} } } }));
    expect(call('GET', '/a')).toMatchObject({ status: 200, text: '' });
    // A create still creates: 201 with the record, which the list then holds.
    const { artifact } = await compileArtifact(doc({ paths: { '/things': { get: {}, post: { requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { name: { type: 'string' } } } } } } } } } }));
    const client = await SimClient.open(artifact);
    const created = client.call({ method: 'POST', path: '/things', body: { name: 'kept' } });
    expect(created).toMatchObject({ status: 201, json: { name: 'kept' } });
    expect(client.call({ method: 'GET', path: '/things' }).json).toContainEqual({ name: 'kept' });
  });

  it('`in: body` in 3.x and an unknown style: the parameter is ignored, the style is the default', async () => {
    const parameters = [{ name: 'b', in: 'body', schema: {} }, { name: 'ids', in: 'query', style: 'commas', schema: { type: 'array', items: { type: 'string' } } }];
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/a': { get: { parameters, responses: ok } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'structure_value', location: 'paths./a.get.parameters[1].style', message: expect.stringMatching(/read with the default style of its location/) }),
      expect.objectContaining({ code: 'structure_value', location: 'paths./a.get.parameters[0].in', message: expect.stringMatching(/The parameter is ignored\./) }),
    ]);
    expect(artifact.operations[0]?.parameters).toEqual([expect.objectContaining({ name: 'ids', style: 'form', explode: true })]);
  });

  it('a path parameter the operation does not declare: read as a required string', async () => {
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/pets/{petId}': { get: { operationId: 'getPet', responses: ok } } } }));
    expect(warnings).toEqual([
      expect.objectContaining({ code: 'path_parameter_undeclared', operation: 'getPet', location: 'paths./pets/{petId}.get', message: expect.stringMatching(/\{petId\}.*read as a required string/) }),
    ]);
    expect(artifact.operations[0]?.parameters).toEqual([{ name: 'petId', in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false }]);
    const call = await serve(doc({ paths: { '/pets/{petId}': { get: { operationId: 'getPet', responses: ok } } } }));
    // Routed with the parameter read from the path; no such pet is stored, so it is not found.
    expect(call('GET', '/pets/p-1')).toMatchObject({ status: 404, operation: 'getPet' });
  });

  it('schema keywords of the wrong type are dropped; the rest of the schema still holds', async () => {
    const schema = { type: 'object', required: true, properties: { n: { type: 'integr', maxLength: '3' }, name: { type: 'string', maxLength: 4 } } };
    const { warnings, artifact } = await warningsOf(doc({ paths: { '/a': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema } } } } } } } }));
    expect(warnings.map((w) => w.code)).toEqual(['structure_type', 'structure_value', 'structure_type']);
    expect(unhinted(artifact.operations[0]?.responses['200']?.content['application/json']?.schema)).toEqual({ type: 'object', properties: { n: {}, name: { type: 'string', maxLength: 4 } } });
  });
});

describe('what no Simulation can come out of still fails the build', () => {
  const fails = async (outcome: Promise<BuildOutcome>, code: string) => {
    const result = await outcome;
    expect(result).toMatchObject({ ok: false, code: 'specification_validation_failed', reason: 'specification_invalid' });
    expect(issueCodes(result)).toContain(code);
  };

  it.each<[string, () => Promise<BuildOutcome>, string]>([
    ['bytes that are not UTF-8', () => compile(new Uint8Array([0x6f, 0x70, 0xff, 0xfe])), 'encoding_invalid'],
    ['broken syntax', () => compile('{"openapi": "3.0.3", "info": '), 'syntax_invalid'],
    ['nesting beyond the limit', () => compile(`{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x":${'['.repeat(600)}${']'.repeat(600)}}`), 'document_too_deep'],
    ['a number beyond a double', () => compile(`{"openapi":"3.0.3","info":{"title":"x","version":"1"},"paths":{},"x":1e999}`), 'number_out_of_range'],
    ['a document that is not OpenAPI', () => compile(JSON.stringify({ asyncapi: '2.6.0', info })), 'not_openapi'],
    ['an unsupported version', () => compile(JSON.stringify({ openapi: '4.0.0', info, paths: {} })), 'openapi_version_unsupported'],
    ['an unresolved $ref', () => compile(doc({ paths: { '/a': { get: { responses: { '200': { $ref: '#/components/responses/Missing' } } } } } })), 'ref_unresolved'],
    ['an external $ref', () => compile(doc({ paths: { '/a': { get: { responses: { '200': { $ref: 'responses.yaml#/Ok' } } } } } })), 'ref_external'],
    [
      'a loop of parameter $refs',
      () => compile(doc({ paths: { '/a': { get: { parameters: [{ $ref: '#/components/parameters/A' }], responses: ok } } }, components: { parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } } } })),
      'ref_circular',
    ],
    ['a duplicate operationId', () => compile(doc({ paths: { '/a': { get: { operationId: 'same', responses: ok } }, '/b': { get: { operationId: 'same', responses: ok } } } })), 'operation_id_duplicate'],
    ['no operations', () => compile(doc({ paths: {} })), 'no_operations'],
    ['`paths` that is not an object', () => compile(doc({ paths: ['/a'] })), 'no_operations'],
    ['every operation of the wrong type', () => compile(doc({ paths: { '/a': { get: 'list' } } })), 'no_operations'],
    ['an invalid filter', () => compile(doc({ paths: { '/a': { get: { responses: ok } } } }), { filter: ['(?<=x)a'] }), 'filter_invalid'],
    ['an invalid overlay', () => compile(fixture('petstore-3.0.yaml'), { overlays: [bytes('overlay: 2.0.0\ninfo: {title: x, version: "1"}\nactions: []\n')] }), 'overlay_invalid'],
  ])('%s', async (_name, build, code) => fails(build(), code));

  it('says why `paths` of the wrong type leaves nothing to simulate', async () => {
    const outcome = await compile(doc({ paths: ['/a'] }));
    expect(outcome.ok ? [] : outcome.validation?.issues).toEqual([expect.objectContaining({ code: 'no_operations', location: 'paths', message: expect.stringContaining('`paths` is not an object') })]);
  });

  it('lists at most 20 issues of a failed build and says how many there were', async () => {
    const paths = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`/p${i}`, { get: { responses: { '200': { $ref: `#/components/responses/R${i}` } } } }]));
    const outcome = await compile(doc({ paths }));
    expect(outcome.ok).toBe(false);
    if (outcome.ok) return;
    expect(outcome.validation?.issues).toHaveLength(20);
    expect(outcome.detail).toMatch(/30 issues \(20 of 30 listed\)/);
    expect(new TextEncoder().encode(outcome.agentMessage ?? '').byteLength).toBeLessThanOrEqual(4096);
  });
});

describe('a document full of slips still builds and serves', () => {
  const slips = {
    openapi: '3.0.3',
    servers: 'https://api.example.com',
    paths: {
      '/things': {
        parameters: { name: 'x' },
        get: {
          parameters: [null, 'q', { name: 'limit', in: 'query', schema: 'integer' }, { in: 'query' }, { name: 7, in: 'query' }, { name: 'sort', in: 'query', explode: 'yes', required: 'true' }],
          responses: { '200': { content: { 'application/json': { schema: { type: 'array', items: 'Thing', minItems: -1 } } } }, '404': 'missing' },
          security: 'none',
          tags: [1, 'things'],
        },
        post: { requestBody: 'json', responses: { '201': { description: 7, headers: 'none', content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' }, examples: 'x' } } } } },
      },
      '/things/{id}': { get: { parameters: [{ name: 'id', in: 'path', schema: { type: 'string', enum: 'abc' } }], responses: { default: { description: 'ok', content: 'json' } } }, delete: 'nope' },
      '/other': 'nothing',
    },
    components: {
      schemas: { Thing: { type: 'object', properties: { id: { type: 'strng' }, tags: { type: 'array', items: [{ type: 'string' }] } }, required: 'id', additionalProperties: 'no' }, Bad: 'x' },
      securitySchemes: { key: { type: 'apiKey' }, other: 'x' },
      parameters: 'none',
      responses: [],
    },
    security: { key: [] },
  };

  it('builds ready, with a warning for each slip and no compiler failure', async () => {
    const outcome = await compile(JSON.stringify(slips));
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.detail}`);
    expect(outcome.warnings.length).toBeGreaterThan(5);
    expect(outcome.warnings.every((w) => w.code.length > 0 && w.message.length > 0 && w.suggestion.length > 0)).toBe(true);
  });

  it('answers every operation it kept without a 5xx, within what the document says', async () => {
    const call = await serve(JSON.stringify(slips));
    expect(call('GET', '/things').status).toBe(200);
    expect(call('GET', '/things', 'limit=abc&sort=x').status).toBe(200);
    expect(call('POST', '/things').status).toBeLessThan(500);
    expect(call('GET', '/things/a1').status).toBeLessThan(500);
  });
});

describe('requests to a lenient Simulator are validated by what the document does say', () => {
  const spec = doc({ paths: { '/items': { get: { operationId: 'listItems', parameters: [{ name: 'owner', in: 'query', required: true }, { name: 'page', in: 'query', schema: { type: 'integer' } }], responses: listed } } } });

  it('answers 400 for a missing required parameter and takes a schemaless one as a string', async () => {
    const call = await serve(spec);
    expect(call('GET', '/items').status).toBe(400);
    expect(call('GET', '/items', 'owner=ada').status).toBe(200);
    expect(call('GET', '/items', 'owner=12').status).toBe(200);
    expect(call('GET', '/items', 'owner=ada&page=two').status).toBe(400);
  });
});

describe('any one value of a real document replaced by one of the wrong type, or removed', () => {
  const MUTATIONS: Array<[string, (holder: Record<string, unknown> | unknown[], key: string) => void]> = [
    ['a string', (holder, key) => void ((holder as Record<string, unknown>)[key] = 'x')],
    ['a number', (holder, key) => void ((holder as Record<string, unknown>)[key] = 7)],
    ['a list', (holder, key) => void ((holder as Record<string, unknown>)[key] = [{}])],
    ['nothing', (holder, key) => void (Array.isArray(holder) ? holder.splice(Number(key), 1) : delete holder[key])],
  ];

  /** Every place in the document, as the keys that reach it, in document order. */
  function places(node: unknown, path: string[] = [], out: string[][] = []): string[][] {
    if (typeof node !== 'object' || node === null) return out;
    for (const [key, child] of Object.entries(node)) {
      out.push([...path, key]);
      places(child, [...path, key], out);
    }
    return out;
  }

  it.each(['petstore-3.0.yaml', 'blog-2.0.json'])('%s still builds or fails with a diagnostic, and what builds serves without a 5xx', async (name) => {
    const document = parseText(fixture(name)).value;
    const all = places(document);
    const stride = Math.max(1, Math.floor(all.length / 20));
    let built = 0;
    for (let i = 0; i < all.length; i += stride) {
      const path = all[i] as string[];
      for (const [, mutate] of MUTATIONS) {
        const copy = structuredClone(document) as Record<string, unknown>;
        const holder = path.slice(0, -1).reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], copy) as Record<string, unknown>;
        mutate(holder, path[path.length - 1] as string);
        const outcome = await compile(JSON.stringify(copy));
        if (!outcome.ok) {
          expect([path.join('.'), outcome.code]).toEqual([path.join('.'), 'specification_validation_failed']);
          continue;
        }
        built += 1;
        const artifact = readArtifact(outcome.artifact);
        const client = await SimClient.open(artifact, { sampleRecords: 1 });
        for (const op of artifact.operations) {
          const answer = client.call({ method: op.method, path: (op.path.split('#')[0] as string).replace(/\{[^}]+\}/g, '1'), ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { body: {} } : {}) });
          expect([path.join('.'), op.id, answer.status < 500]).toEqual([path.join('.'), op.id, true]);
        }
      }
    }
    expect(built).toBeGreaterThan(20);
  });
});
