import { describe, expect, it } from 'vitest';
import type { Route } from './route.js';
import { Router } from './router.js';

const route = (method: Route['method'], path: string): Route => ({
  method,
  path,
  auth: true,
  doc: { operationId: `${method}${path}`, summary: '', tag: 't', responses: {}, errors: [] },
  handle: async () => ({ status: 204 }),
});

const router = new Router([
  route('GET', '/v1/things'),
  route('POST', '/v1/things'),
  route('GET', '/v1/things/{id}'),
  route('DELETE', '/v1/things/{id}'),
  route('PUT', '/v1/things/special'),
]);

describe('Router', () => {
  it('matches templates and decodes parameters', () => {
    const match = router.match('GET', '/v1/things/a%20b');
    expect(match).toMatchObject({ kind: 'found', params: { id: 'a b' } });
  });

  it('prefers literal segments over parameters', () => {
    expect(router.match('PUT', '/v1/things/special')).toMatchObject({ kind: 'found', route: { method: 'PUT', path: '/v1/things/special' } });
    expect(router.match('GET', '/v1/things/special')).toEqual({ kind: 'method_not_allowed', allow: ['PUT'] });
  });

  it('answers method_not_allowed with the methods the path has', () => {
    expect(router.match('PATCH', '/v1/things/x')).toEqual({ kind: 'method_not_allowed', allow: ['DELETE', 'GET', 'HEAD'] });
  });

  it('matches HEAD to the GET route, and to nothing else', () => {
    expect(router.match('HEAD', '/v1/things/x')).toMatchObject({ kind: 'found', route: { method: 'GET' }, params: { id: 'x' } });
    expect(router.match('HEAD', '/v1/things/special')).toEqual({ kind: 'method_not_allowed', allow: ['PUT'] });
  });

  it('does not match empty segments, trailing slashes or other depths', () => {
    expect(router.match('GET', '/v1/things/').kind).toBe('not_found');
    expect(router.match('GET', '/v1/things/a/b').kind).toBe('not_found');
    expect(router.match('GET', '/v1').kind).toBe('not_found');
  });

  it('keeps a parameter that is not valid percent-encoding as it came', () => {
    expect(router.match('GET', '/v1/things/%E0%A4%A')).toMatchObject({ params: { id: '%E0%A4%A' } });
  });

  it('refuses duplicate routes at construction', () => {
    expect(() => new Router([route('GET', '/a/{x}'), route('GET', '/a/{y}')])).toThrow(/duplicate/);
  });
});
