import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { routeTemplate } from '../normalise/operations.js';
import { SimClient } from '../testing/sim-client.js';
import { emptyNode, insertRoute, matchRequest, matchRoute, schemaShape } from './route-index.js';

describe('route index', () => {
  it('prefers literal segments, then mixed ones, then parameters, with backtracking', () => {
    const root = emptyNode();
    insertRoute(root, 'GET', '/files/recent', 'recent');
    insertRoute(root, 'GET', '/files/{id}', 'file');
    insertRoute(root, 'GET', '/files/{id}.json', 'fileJson');
    insertRoute(root, 'GET', '/files/{id}/versions/{v}', 'version');
    insertRoute(root, 'GET', '/files/recent/{n}', 'recentN');
    expect(matchRoute(root, 'GET', '/files/recent')).toEqual({ operation: 'recent', params: {} });
    expect(matchRoute(root, 'GET', '/files/a1')).toEqual({ operation: 'file', params: { id: 'a1' } });
    expect(matchRoute(root, 'GET', '/files/a1.json')).toEqual({ operation: 'fileJson', params: { id: 'a1' } });
    // `recent` is a literal, yet only the parameter route continues with /versions/{v}.
    expect(matchRoute(root, 'GET', '/files/recent/versions/3')).toEqual({ operation: 'version', params: { id: 'recent', v: '3' } });
    expect(matchRoute(root, 'GET', '/files/recent/7')).toEqual({ operation: 'recentN', params: { n: '7' } });
  });

  it('lets a last parameter named as a path, a key or a ref take the rest of a path no route matches', () => {
    const root = emptyNode();
    insertRoute(root, 'GET', '/repos/{owner}/{repo}/contents/{path}', 'content');
    insertRoute(root, 'GET', '/repos/{owner}/{repo}/git/ref/{ref}', 'ref');
    insertRoute(root, 'GET', '/repos/{owner}/{repo}/issues/{issue_number}', 'issue');
    insertRoute(root, 'GET', '/repos/{owner}/{repo}/contents/{path}/history', 'history');
    expect(matchRoute(root, 'GET', '/repos/a/b/contents/docs/guide/readme.md')).toEqual({ operation: 'content', params: { owner: 'a', repo: 'b', path: 'docs/guide/readme.md' } });
    expect(matchRoute(root, 'GET', '/repos/a/b/contents/docs%2Fx/y')).toEqual({ operation: 'content', params: { owner: 'a', repo: 'b', path: 'docs/x/y' } });
    expect(matchRoute(root, 'GET', '/repos/a/b/git/ref/heads/feature/x')).toEqual({ operation: 'ref', params: { owner: 'a', repo: 'b', ref: 'heads/feature/x' } });
    // A route that matches as written comes first; a parameter named otherwise takes one segment.
    expect(matchRoute(root, 'GET', '/repos/a/b/contents/readme.md/history')).toEqual({ operation: 'history', params: { owner: 'a', repo: 'b', path: 'readme.md' } });
    expect(matchRoute(root, 'GET', '/repos/a/b/issues/1/2')).toBeNull();
  });

  it('answers the allowed methods for a known path and null for an unknown one', () => {
    const root = emptyNode();
    insertRoute(root, 'GET', '/pets/{id}', 'get');
    insertRoute(root, 'DELETE', '/pets/{petId}', 'delete');
    expect(matchRoute(root, 'PUT', '/pets/1')).toEqual({ allowed: ['DELETE', 'GET'] });
    expect(matchRoute(root, 'DELETE', '/pets/1')).toEqual({ operation: 'delete', params: { petId: '1' } });
    expect(matchRoute(root, 'GET', '/pets')).toBeNull();
    expect(matchRoute(root, 'GET', '/pets/')).toBeNull();
  });

  it('keeps the first of two equivalent templates under one method', () => {
    const root = emptyNode();
    expect(insertRoute(root, 'GET', '/a/{x}', 'first')).toBe(true);
    expect(insertRoute(root, 'GET', '/a/{y}', 'second')).toBe(false);
    expect(matchRoute(root, 'GET', '/a/1')).toEqual({ operation: 'first', params: { x: '1' } });
  });

  it('decodes parameter values and captures several per segment', () => {
    const root = emptyNode();
    insertRoute(root, 'GET', '/reports/{year}-{month}', 'report');
    insertRoute(root, 'GET', '/users/{name}', 'user');
    expect(matchRoute(root, 'GET', '/reports/2024-06')).toEqual({ operation: 'report', params: { year: '2024', month: '06' } });
    expect(matchRoute(root, 'GET', '/users/ada%20lovelace')).toEqual({ operation: 'user', params: { name: 'ada lovelace' } });
    expect(matchRoute(root, 'GET', '/users/%E0%A4%A')).toEqual({ operation: 'user', params: { name: '%E0%A4%A' } });
  });

  it('matches literal text and mixed segments after decoding the request path', () => {
    const root = emptyNode();
    insertRoute(root, 'GET', '/a b/c|d', 'spaced');
    insertRoute(root, 'GET', '/reports/{year}-{month}', 'report');
    insertRoute(root, 'GET', '/files/{name}:download', 'download');
    expect(matchRoute(root, 'GET', '/a%20b/c%7Cd')).toEqual({ operation: 'spaced', params: {} });
    expect(matchRoute(root, 'GET', '/a%20b/c|d')).toEqual({ operation: 'spaced', params: {} });
    expect(matchRoute(root, 'GET', '/a%20b/c%7cd')).toEqual({ operation: 'spaced', params: {} });
    expect(matchRoute(root, 'GET', '/reports/2024%2D06')).toEqual({ operation: 'report', params: { year: '2024', month: '06' } });
    expect(matchRoute(root, 'GET', '/files/my%20report%3Adownload')).toEqual({ operation: 'download', params: { name: 'my report' } });
    expect(matchRoute(root, 'GET', '/a%2520b/c|d')).toBeNull();
  });

  it('splits two adjacent parameters by the shape the later one\'s schema gives it', () => {
    const root = emptyNode();
    const shapes: Record<string, unknown> = { mediaTypeExtension: { type: 'string', enum: ['.json', '.js'] }, page: { type: 'integer' } };
    const shape = (name: string) => schemaShape(shapes[name]);
    insertRoute(root, 'GET', '/profiles/{id}{mediaTypeExtension}', 'profile', shape);
    insertRoute(root, 'GET', '/books/{slug}{page}', 'page', shape);
    insertRoute(root, 'GET', '/plain/{a}{b}', 'plain', shape);
    expect(matchRoute(root, 'GET', '/profiles/4eb854340acb.json')).toEqual({ operation: 'profile', params: { id: '4eb854340acb', mediaTypeExtension: '.json' } });
    expect(matchRoute(root, 'GET', '/profiles/a.b.js')).toEqual({ operation: 'profile', params: { id: 'a.b', mediaTypeExtension: '.js' } });
    expect(matchRoute(root, 'GET', '/profiles/abc.xml')).toBeNull();
    expect(matchRoute(root, 'GET', '/books/moby-dick-12')).toEqual({ operation: 'page', params: { slug: 'moby-dick', page: '-12' } });
    // Nothing tells two unshaped parameters apart: the first takes one character, as before.
    expect(matchRoute(root, 'GET', '/plain/xyz')).toEqual({ operation: 'plain', params: { a: 'x', b: 'yz' } });
  });

  it('gives adjacent parameters their schema shapes in a compiled artifact', async () => {
    const { artifact } = await compileArtifact(JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Pages', version: '1' },
      components: { schemas: { Extension: { type: 'string', enum: ['.json'] } } },
      paths: {
        '/blog/{pageName}{mediaTypeExtension}': {
          get: {
            parameters: [
              { in: 'path', name: 'mediaTypeExtension', required: true, schema: { $ref: '#/components/schemas/Extension' } },
              { in: 'path', name: 'pageName', required: true, schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'OK' } },
          },
        },
      },
    }));
    expect(matchRequest(artifact, 'GET', '/blog/hello-world.json')).toEqual({ operation: 'GET /blog/{pageName}{mediaTypeExtension}', params: { pageName: 'hello-world', mediaTypeExtension: '.json' } });
  });

  it('matches requests with or without a server base path, in a compiled artifact', async () => {
    const { artifact } = await compileArtifact(fixture('files-routes-3.1.yaml'));
    expect(artifact.basePaths).toEqual(['/storage/v3', '']);
    expect(matchRequest(artifact, 'GET', '/storage/v3/files/recent')).toEqual({ operation: 'listRecentFiles', params: {} });
    expect(matchRequest(artifact, 'GET', '/files/f1/versions/2')).toEqual({ operation: 'getFileVersion', params: { fileId: 'f1', version: '2' } });
    expect(matchRequest(artifact, 'GET', '/storage/v3/reports/2024-01')).toEqual({ operation: 'getMonthlyReport', params: { year: '2024', month: '01' } });
    expect(matchRequest(artifact, 'GET', '/storage/v3')).toEqual({ operation: 'getRoot', params: {} });
    expect(matchRequest(artifact, 'POST', '/storage/v3/files')).toEqual({ allowed: ['GET'] });
    expect(matchRequest(artifact, 'GET', '/nope')).toBeNull();
  });
  it('tells operations at one path and method apart by a #name=value fragment, read from a header or the query', () => {
    const root = emptyNode();
    expect(insertRoute(root, 'POST', '/#X-Amz-Target=Kinesis.PutRecord', 'put')).toBe(true);
    expect(insertRoute(root, 'POST', '/#X-Amz-Target=Kinesis.ListStreams', 'list')).toBe(true);
    expect(insertRoute(root, 'POST', '/#x-amz-target=Kinesis.PutRecord', 'again')).toBe(false);
    expect(insertRoute(root, 'GET', '/{Bucket}#list-type=2', 'listV2')).toBe(true);
    expect(insertRoute(root, 'GET', '/{Bucket}', 'listV1')).toBe(true);
    // The fragment names a request header or query parameter and its value.
    const given = (values: Record<string, string>) => (name: string, value: string) => values[name.toLowerCase()] === value;
    expect(matchRoute(root, 'POST', '/', given({ 'x-amz-target': 'Kinesis.ListStreams' }))).toEqual({ operation: 'list', params: {} });
    expect(matchRoute(root, 'POST', '/', given({ 'x-amz-target': 'Kinesis.PutRecord' }))).toEqual({ operation: 'put', params: {} });
    // No variant named and no plain operation: no route, rather than a 405 that allows POST.
    expect(matchRoute(root, 'POST', '/', given({ 'x-amz-target': 'Kinesis.Nope' }))).toBeNull();
    expect(matchRoute(root, 'POST', '/')).toBeNull();
    expect(matchRoute(root, 'GET', '/b1', given({ 'list-type': '2' }))).toEqual({ operation: 'listV2', params: { Bucket: 'b1' } });
    expect(matchRoute(root, 'GET', '/b1', given({}))).toEqual({ operation: 'listV1', params: { Bucket: 'b1' } });
    // A fragment that is not name=value stays part of the template, as before.
    expect(insertRoute(root, 'PUT', '/files/{id}#add_shared_link', 'share')).toBe(true);
    expect(matchRoute(root, 'PUT', '/files/1')).toBeNull();
  });

  it('reads a query string written into a path template as a variant of the resource its path names, or as declared query parameters', async () => {
    expect(routeTemplate('/templates/{id}?full=true')).toBe('/templates/{id}#full=true');
    expect(routeTemplate('/uploads?convert={convert}')).toBe('/uploads');
    expect(routeTemplate('/{Bucket}?uploads')).toBe('/{Bucket}#uploads=');
    expect(routeTemplate('/search?q={q}&kind=user&page={page}')).toBe('/search#kind=user');
    expect(routeTemplate('/?Action=Send#X-Amz-Target=Queue.Send')).toBe('/#X-Amz-Target=Queue.Send');
    expect(routeTemplate('/pets/{id}')).toBe('/pets/{id}');
    const json = (properties: Record<string, unknown>) => ({ 'application/json': { schema: { type: 'object', properties, required: Object.keys(properties) } } });
    const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
    const doc = {
      openapi: '3.0.3',
      info: { title: 'Templates', version: '1' },
      paths: {
        '/templates': { post: { operationId: 'createTemplate', requestBody: { content: json({ name: { type: 'string' } }) }, responses: { '201': { description: 'ok', content: json({ id: { type: 'string' }, name: { type: 'string' } }) } } } },
        '/templates/{id}': { get: { operationId: 'getTemplate', parameters: id, responses: { '200': { description: 'ok', content: json({ id: { type: 'string' }, name: { type: 'string' } }) } } } },
        '/templates/{id}?full=true': { get: { operationId: 'getFullTemplate', parameters: id, responses: { '200': { description: 'ok', content: json({ id: { type: 'string' }, name: { type: 'string' }, fields: { type: 'object' } }) } } } },
        '/uploads?convert={convert}': {
          post: { operationId: 'upload', parameters: [{ name: 'convert', in: 'query', required: true, schema: { type: 'string', enum: ['csv', 'pdf'] } }], responses: { '200': { description: 'ok', content: json({ url: { type: 'string' } }) } } },
        },
        // Declared `in: path`, written in the query: a query parameter.
        '/search?q={q}': { get: { operationId: 'search', parameters: [{ name: 'q', in: 'path', required: true, schema: { type: 'string', minLength: 2 } }], responses: { '200': { description: 'ok', content: json({ hits: { type: 'integer' } }) } } } },
        '/{Bucket}?uploads': { get: { operationId: 'listUploads', parameters: [{ name: 'Bucket', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: json({ uploads: { type: 'array', items: { type: 'string' } } }) } } } },
      },
    };
    // These built before only where the query held no parameter, and then could not be reached.
    const { artifact } = await compileArtifact(JSON.stringify(doc));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    // The variant is another representation of the template its path names: read from state,
    // with what its own schema requires besides.
    const made = client.call({ method: 'POST', path: '/templates', body: { name: 'mine' } }).json as { id: string };
    expect(client.call({ method: 'GET', path: `/templates/${made.id}`, query: 'full=true' })).toMatchObject({ status: 200, operation: 'getFullTemplate', json: { name: 'mine', fields: {} } });
    expect(client.call({ method: 'GET', path: `/templates/${made.id}` })).toMatchObject({ status: 200, operation: 'getTemplate', json: { name: 'mine' } });
    expect(client.call({ method: 'GET', path: '/templates/t1', query: 'full=true' })).toMatchObject({ status: 404, operation: 'getFullTemplate' });
    expect(client.call({ method: 'GET', path: '/templates/t1' })).toMatchObject({ status: 404, operation: 'getTemplate' });
    expect(artifact.resources.find((r) => r.name === 'templates')?.operations).toEqual({ create: 'createTemplate', read: 'getTemplate' });
    expect(client.call({ method: 'POST', path: '/uploads', query: 'convert=csv' })).toMatchObject({ status: 200, operation: 'upload' });
    expect(client.call({ method: 'POST', path: '/uploads', query: 'convert=doc' }).status).toBe(400);
    expect(client.call({ method: 'GET', path: '/search', query: 'q=rex' })).toMatchObject({ status: 200, operation: 'search' });
    expect(client.call({ method: 'GET', path: '/search', query: 'q=r' }).status).toBe(400);
    expect(client.call({ method: 'GET', path: '/search' }).status).toBe(400);
    expect(client.call({ method: 'GET', path: '/b1', query: 'uploads' })).toMatchObject({ status: 200, operation: 'listUploads' });
    expect(client.call({ method: 'GET', path: '/b1' }).status).toBe(404);
  });
});
