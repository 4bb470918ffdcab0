import { describe, expect, it } from 'vitest';
import type { ArtifactOperation, RestToolCall } from '../../artifact/artifact.js';
import { restAnswerOf, restCallOf } from './rest-call.js';

const op = (method = 'GET') => ({ id: 'op', method, path: '/items/{id}' }) as ArtifactOperation;
const plan = (extra: Partial<RestToolCall> = {}): RestToolCall => ({ path: ['id'], query: [], headers: [], body: null, ...extra });
const text = (body: Uint8Array | null) => (body === null ? null : new TextDecoder().decode(body));

describe('a REST tool call', () => {
  it('puts path parameters in the path, encoded, and writes query parameters as their style says', () => {
    const call = restCallOf(op(), plan({ query: [{ name: 'tags', style: 'form', explode: true }, { name: 'ids', style: 'form', explode: false }, { name: 'filter', style: 'deepObject', explode: true }, { name: 'pipes', style: 'pipeDelimited', explode: false }] }), {
      path: { id: 'a/b c' },
      query: { tags: ['x', 'y'], ids: [1, 2], filter: { status: 'open' }, pipes: ['p', 'q'], loose: true },
    });
    expect(call.path).toBe('/items/a%2Fb%20c');
    expect(decodeURIComponent(call.query)).toBe('tags=x&tags=y&ids=1,2&filter[status]=open&pipes=p|q&loose=true');
    expect(call).toMatchObject({ method: 'GET', headers: {}, body: null });
  });

  it('sends the headers the tool takes, by their lower-case names, and no other', () => {
    const call = restCallOf(op(), plan({ headers: ['x-api-key', 'list'] }), { path: { id: '1' }, headers: { 'X-Api-Key': 'k', 'Content-Type': 'text/plain', 'Simulation-Token': 't', 'bad header': 'x', list: ['a', 'b'] } });
    expect(call.headers).toEqual({ 'x-api-key': 'k', list: 'a,b' });
  });

  it('writes the body as the tool says: JSON, a form, or text', () => {
    const json = restCallOf(op('POST'), plan({ body: { media: 'application/json', as: 'json' } }), { path: { id: '1' }, body: { name: 'Rex' } });
    expect(json.headers['content-type']).toBe('application/json');
    expect(text(json.body)).toBe('{"name":"Rex"}');
    const form = restCallOf(op('POST'), plan({ body: { media: 'application/x-www-form-urlencoded', as: 'form' } }), { path: { id: '1' }, body: { name: 'Rex Jr', age: 2 } });
    expect(text(form.body)).toBe('name=Rex+Jr&age=2');
    expect(text(restCallOf(op('POST'), plan({ body: { media: 'text/plain', as: 'text' } }), { path: { id: '1' }, body: 'hello' }).body)).toBe('hello');
    expect(restCallOf(op('POST'), plan(), { path: { id: '1' }, body: { ignored: true } }).body).toBeNull();
  });

  it('reads a JSON answer, and nothing from any other', () => {
    const bytes = (t: string) => new TextEncoder().encode(t);
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'application/problem+json; charset=utf-8' }, body: bytes('{"a":1}') })).toEqual({ a: 1 });
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'text/plain' }, body: bytes('{"a":1}') })).toBeUndefined();
    expect(restAnswerOf({ status: 200, headers: { 'content-type': 'application/json' }, body: bytes('not json') })).toBeUndefined();
  });
});
