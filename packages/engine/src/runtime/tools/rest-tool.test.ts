import { describe, expect, it } from 'vitest';
import type { Artifact, ArtifactOperation, ArtifactParameter } from '../../artifact/artifact.js';
import { restAnswerOf, restCallOf, restInputSchema } from './rest-tool.js';
import { StandaloneSchemaWriter } from './tool-schemas.js';

const param = (name: string, where: ArtifactParameter['in'], extra: Partial<ArtifactParameter> = {}): ArtifactParameter => ({ name, in: where, required: false, schema: { type: 'string' }, style: where === 'query' ? 'form' : 'simple', explode: where === 'query', ...extra });

const operation = (extra: Partial<ArtifactOperation>): ArtifactOperation => ({ id: 'op', method: 'GET', path: '/items/{id}', parameters: [param('id', 'path', { required: true })], requestBody: null, responses: {}, security: [], ...extra }) as ArtifactOperation;

const artifact = { schemas: {}, securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Api-Key' }, token: { type: 'bearer', source: 'http' } } } as unknown as Artifact;
const text = (body: Uint8Array | null) => (body === null ? null : new TextDecoder().decode(body));

describe('a REST tool call', () => {
  it('puts path parameters in the path, encoded, and writes query parameters as their style says', () => {
    const op = operation({
      parameters: [
        param('id', 'path', { required: true }),
        param('tags', 'query'),
        param('ids', 'query', { explode: false }),
        param('filter', 'query', { style: 'deepObject', explode: true }),
        param('pipes', 'query', { style: 'pipeDelimited', explode: false }),
      ],
    });
    const call = restCallOf(op, { path: { id: 'a/b c' }, query: { tags: ['x', 'y'], ids: [1, 2], filter: { status: 'open' }, pipes: ['p', 'q'], loose: true } });
    expect(call.path).toBe('/items/a%2Fb%20c');
    expect(decodeURIComponent(call.query)).toBe('tags=x&tags=y&ids=1,2&filter[status]=open&pipes=p|q&loose=true');
    expect(call).toMatchObject({ method: 'GET', headers: {}, body: null });
  });

  it('sends headers by their lower-case names, never the ones a client writes itself or the platform reads', () => {
    const call = restCallOf(operation({}), { path: { id: '1' }, headers: { 'X-Api-Key': 'k', 'Content-Type': 'text/plain', 'Simulation-Token': 't', 'bad header': 'x', list: ['a', 'b'] } });
    expect(call.headers).toEqual({ 'x-api-key': 'k', list: 'a,b' });
  });

  it('sends the body as JSON where the operation takes JSON, and form-encoded where only a form', () => {
    const json = restCallOf(operation({ method: 'POST', requestBody: { required: true, content: { 'application/xml': { schema: null, examples: [] }, 'application/json': { schema: null, examples: [] } } } }), { path: { id: '1' }, body: { name: 'Rex' } });
    expect(json.headers['content-type']).toBe('application/json');
    expect(text(json.body)).toBe('{"name":"Rex"}');
    const form = restCallOf(operation({ method: 'POST', requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: null, examples: [] } } } }), { path: { id: '1' }, body: { name: 'Rex Jr', age: 2 } });
    expect(text(form.body)).toBe('name=Rex+Jr&age=2');
  });

  it("asks for the operation's credential where its one way of proving who it is names one", () => {
    const schema = restInputSchema(artifact, operation({ security: [['key', 'token']] }), new StandaloneSchemaWriter({}));
    expect(schema).toMatchObject({ required: ['path', 'headers'], properties: { headers: { required: ['x-api-key', 'authorization'] } } });
    const either = restInputSchema(artifact, operation({ security: [['key'], []] }), new StandaloneSchemaWriter({}));
    expect(either).toMatchObject({ required: ['path'], properties: { headers: { properties: { 'x-api-key': { type: 'string' } } } } });
  });

  it('reads a JSON answer, and nothing from any other', () => {
    const bytes = (t: string) => new TextEncoder().encode(t);
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'application/problem+json; charset=utf-8' }, body: bytes('{"a":1}') })).toEqual({ a: 1 });
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'text/plain' }, body: bytes('{"a":1}') })).toBeUndefined();
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'application/json' }, body: bytes('not json') })).toBeUndefined();
  });
});
