import { describe, expect, it } from 'vitest';
import { listShapeV3 } from '../../infer/list-upgrade.js';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient } from '../../testing/sim-client.js';

const DOC = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Ranked', version: '1' },
  paths: {
    '/items': {
      get: {
        operationId: 'listItems',
        parameters: [
          { name: 'limit', in: 'query', schema: { type: 'integer' } },
          { name: 'offset', in: 'query', schema: { type: 'integer' } },
          { name: 'sort', in: 'query', schema: { type: 'string' } },
          { name: 'color', in: 'query', schema: { type: 'string' } },
        ],
        responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Item' } } } } } },
      },
      post: {
        operationId: 'createItem',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } },
        responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Item' } } } } },
      },
    },
    '/items/{itemId}': {
      delete: {
        operationId: 'deleteItem',
        parameters: [{ name: 'itemId', in: 'path', required: true, schema: { type: 'string' } }],
        responses: { '204': { description: 'gone' } },
      },
    },
  },
  components: { schemas: { Item: { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, color: { type: 'string' }, rank: {} } } } },
});

type Item = { id: string; name: string; color: string; rank?: unknown };

/** The order a sort has always meant: numbers by value when both are numbers, else by JSON text (a missing value as ''); stable; descending reverses. */
function reference(items: Item[], field: keyof Item, desc: boolean): Item[] {
  const text = (v: unknown) => (v === undefined ? '' : JSON.stringify(v));
  const sorted = [...items].sort((a, b) => {
    const x = a[field];
    const y = b[field];
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return text(x) < text(y) ? -1 : text(x) > text(y) ? 1 : 0;
  });
  return desc ? sorted.reverse() : sorted;
}

describe('listing a collection', () => {
  it('sorts mixed values as it always has, stable, with filters and paging', async () => {
    const { artifact } = await compileArtifact(DOC);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const ranks: unknown[] = [3, 'b', 1, null, undefined, 'a', 1, 10, { x: 1 }, [2], true, -4, 'B', 3, 2.5];
    const created = ranks.map((rank, i) => client.call({ method: 'POST', path: '/items', body: { name: `n${i}`, color: i % 2 === 0 ? 'red' : 'blue', ...(rank === undefined ? {} : { rank }) } }).json as Item);
    const list = (query: string) => client.call({ method: 'GET', path: '/items', query }).json as Item[];
    for (const field of ['rank', 'name'] as const) {
      expect(list(`limit=100&sort=${field}`)).toEqual(reference(created, field, false));
      expect(list(`limit=100&sort=-${field}`)).toEqual(reference(created, field, true));
      expect(list(`limit=100&sort=${field}:desc`)).toEqual(reference(created, field, true));
    }
    const red = created.filter((item) => item.color === 'red');
    expect(list('limit=100&color=red&sort=rank')).toEqual(reference(red, 'rank', false));
    expect(list('limit=3&offset=2&color=red&sort=-rank')).toEqual(reference(red, 'rank', true).slice(2, 5));
    expect(list('limit=4&offset=13')).toEqual(created.slice(13));
    expect(list('limit=4&offset=40')).toEqual([]);
  });

  it('reads a plain page only as far as the page, and the whole collection for a filter or a sort', async () => {
    const { artifact } = await compileArtifact(DOC);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const created = Array.from({ length: 300 }, (_, i) => client.call({ method: 'POST', path: '/items', body: { name: `n${i}`, color: i % 3 === 0 ? 'red' : 'blue' } }).json as Item);
    expect(client.call({ method: 'DELETE', path: `/items/${created[1]!.id}` }).status).toBe(204);
    const remaining = created.filter((_, i) => i !== 1);
    let read = 0;
    const entries = client.state.entries.bind(client.state);
    client.state.entries = function* (collection: string) {
      for (const entry of entries(collection)) {
        read += 1;
        yield entry;
      }
    };
    const list = (query: string) => {
      read = 0;
      const answer = client.call({ method: 'GET', path: '/items', query });
      return { items: answer.json as Item[], total: answer.headers['x-total-count'], read };
    };
    expect(list('limit=3')).toEqual({ items: remaining.slice(0, 3), total: '299', read: 3 });
    expect(list('limit=3&offset=10')).toEqual({ items: remaining.slice(10, 13), total: '299', read: 13 });
    expect(list('limit=3&offset=299')).toEqual({ items: [], total: '299', read: 0 });
    const red = remaining.filter((item) => item.color === 'red');
    expect(list('limit=3&color=red')).toEqual({ items: red.slice(0, 3), total: String(red.length), read: 299 });
    expect(list('limit=2&sort=-name').read).toBe(299);
  });

  it('gives a request without a limit the parameter\'s default, else everything when no further page can be reached, else 20', async () => {
    /** A collection listed with `parameters`, 30 records in it. */
    const listed = async (parameters: object[]) => {
      const doc = JSON.parse(DOC) as { paths: Record<string, { get: { parameters: object[] } }> };
      doc.paths['/items']!.get.parameters = parameters;
      const client = await SimClient.open((await compileArtifact(JSON.stringify(doc))).artifact, { sampleRecords: 0 });
      for (let i = 0; i < 30; i += 1) client.call({ method: 'POST', path: '/items', body: { name: `n${i}` } });
      return (query = '') => (client.call({ method: 'GET', path: '/items', query }).json as Item[]).length;
    };
    const limitOnly = await listed([{ name: 'limit', in: 'query', schema: { type: 'integer' } }]);
    expect(limitOnly()).toBe(30);
    expect(limitOnly('limit=7')).toBe(7);
    const withDefault = await listed([{ name: 'limit', in: 'query', schema: { type: 'integer', default: 25 } }, { name: 'offset', in: 'query', schema: { type: 'integer' } }]);
    expect(withDefault()).toBe(25);
    expect(withDefault('limit=2')).toBe(2);
    const paged = await listed([{ name: 'limit', in: 'query', schema: { type: 'integer' } }, { name: 'offset', in: 'query', schema: { type: 'integer' } }]);
    expect(paged()).toBe(20);
  });
});

describe('a filter value that stands for no filter', () => {
  const doc = (fieldSchema: object, kindSchema: object, stateParameter: object = { type: 'string', enum: ['open', 'closed', 'all'] }, kindParameter: object = { type: 'string', enum: ['bug', 'task', 'any'] }) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Tracker', version: '1' },
      paths: {
        '/issues': {
          get: {
            operationId: 'listIssues',
            parameters: [
              { name: 'state', in: 'query', schema: stateParameter },
              { name: 'kind', in: 'query', schema: kindParameter },
              { name: 'title', in: 'query', schema: { type: 'string' } },
            ],
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Issue' } } } } } },
          },
          post: {
            operationId: 'createIssue',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Issue' } } } },
            responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Issue' } } } } },
          },
        },
      },
      components: { schemas: { Issue: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, state: fieldSchema, kind: kindSchema } } } },
    });

  async function tracker(fieldSchema: object, kindSchema: object, stateParameter?: object, kindParameter?: object, more: object[] = []) {
    const { artifact } = await compileArtifact(doc(fieldSchema, kindSchema, stateParameter, kindParameter));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = [
      { title: 'all', state: 'open', kind: 'bug' },
      { title: 'b', state: 'closed', kind: 'task' },
      { title: 'c', state: 'open', kind: 'task' },
      ...more,
    ].map((issue) => client.call({ method: 'POST', path: '/issues', body: issue }).json as { id: number; title: string });
    const titles = (query: string) => (client.call({ method: 'GET', path: '/issues', query }).json as Array<{ title: string }>).map((i) => i.title);
    return { made, titles };
  }

  it('lists every record for an enum value the field cannot hold, and filters on the others', async () => {
    const { titles } = await tracker({ type: 'string', enum: ['open', 'closed'] }, { type: 'string', enum: ['bug', 'task'] });
    expect(titles('state=all')).toEqual(['all', 'b', 'c']);
    expect(titles('state=open')).toEqual(['all', 'c']);
    expect(titles('state=closed&kind=task')).toEqual(['b']);
    expect(titles('state=all&kind=task')).toEqual(['b', 'c']);
    expect(titles('state=all&kind=any')).toEqual(['all', 'b', 'c']);
  });

  it('takes all, any and * for no filter only where the parameter offers them and the field lists no values', async () => {
    const { titles } = await tracker({ type: 'string' }, { type: 'string', enum: ['bug', 'task', 'any'] });
    expect(titles('state=all')).toEqual(['all', 'b', 'c']);
    expect(titles('state=closed')).toEqual(['b']);
    // `any` is a value the field can hold: it filters (no issue has it).
    expect(titles('kind=any')).toEqual([]);
    // A free-text filter has no wildcard: `all` is a title.
    expect(titles('title=all')).toEqual(['all']);
  });

  it('filters a request that leaves a filter out by its declared default, unless the default stands for no filter', async () => {
    const state = { type: 'string', enum: ['open', 'closed'] };
    const byDefault = await tracker(state, { type: 'string' }, { type: 'string', enum: ['open', 'closed', 'all'], default: 'open' });
    expect(byDefault.titles('')).toEqual(['all', 'c']);
    expect(byDefault.titles('kind=task')).toEqual(['c']);
    expect(byDefault.titles('state=closed')).toEqual(['b']);
    expect(byDefault.titles('state=all')).toEqual(['all', 'b', 'c']);
    const allByDefault = await tracker(state, { type: 'string' }, { type: 'string', enum: ['open', 'closed', 'all'], default: 'all' });
    expect(allByDefault.titles('')).toEqual(['all', 'b', 'c']);
    // A default outside the field's values, even one the parameter's enum does not list, filters nothing out.
    const loose = await tracker(state, { type: 'string' }, { type: 'string', default: 'everything' });
    expect(loose.titles('')).toEqual(['all', 'b', 'c']);
    expect(loose.titles('state=open')).toEqual(['all', 'c']);
    // A record without the field is not known to differ from a default: listed; a filter the request sets leaves it out.
    const unkind = await tracker(state, { type: 'string' }, undefined, { type: 'string', default: 'task' }, [{ title: 'd', state: 'open' }]);
    expect(unkind.titles('')).toEqual(['b', 'c', 'd']);
    expect(unkind.titles('kind=task')).toEqual(['b', 'c']);
    // GitHub's deployments default their free-text filters to `none`: no filter.
    const none = await tracker(state, { type: 'string' }, undefined, { type: 'string', default: 'none' });
    expect(none.titles('')).toEqual(['all', 'b', 'c']);
    expect(none.titles('kind=none')).toEqual(['all', 'b', 'c']);
    expect(none.titles('kind=bug')).toEqual(['all']);
    // An empty default filters by nothing (VocaDB's tags default `categoryName` to "").
    const empty = await tracker(state, { type: 'string' }, undefined, { type: 'string', default: '' });
    expect(empty.titles('')).toEqual(['all', 'b', 'c']);
  });
});

describe('the order of a list', () => {
  const doc = (parameters: object[]) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Ordered', version: '1' },
      paths: {
        '/notes': {
          get: { operationId: 'listNotes', parameters, responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Note' } } } } } } },
          post: {
            operationId: 'createNote',
            requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } },
            responses: { '201': { description: 'ok', content: { 'application/json': { schema: { $ref: '#/components/schemas/Note' } } } } },
          },
        },
      },
      components: { schemas: { Note: { type: 'object', properties: { id: { type: 'integer', readOnly: true }, title: { type: 'string' }, created_at: { type: 'string', format: 'date-time', readOnly: true } } } } },
    });

  async function notes(parameters: object[]) {
    const { artifact } = await compileArtifact(doc(parameters));
    // SimClient's clock moves a second per step: each note is created a second after the last.
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    for (const title of ['b', 'c', 'a']) client.call({ method: 'POST', path: '/notes', body: { title } });
    return (query: string) => (client.call({ method: 'GET', path: '/notes', query }).json as Array<{ title: string }>).map((n) => n.title);
  }

  it('follows a sort value naming a field by its stem, a direction parameter, and both their defaults, as GitHub lists newest first', async () => {
    const list = await notes([
      { name: 'sort', in: 'query', schema: { type: 'string', enum: ['created', 'title'], default: 'created' } },
      { name: 'direction', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'], default: 'desc' } },
    ]);
    expect(list('')).toEqual(['a', 'c', 'b']);
    expect(list('direction=asc')).toEqual(['b', 'c', 'a']);
    expect(list('sort=title')).toEqual(['c', 'b', 'a']);
    expect(list('sort=title&direction=asc')).toEqual(['a', 'b', 'c']);
  });

  it('takes an order parameter of asc and desc as a direction over the creation order, and a sort value\'s own direction over a default', async () => {
    const byOrder = await notes([{ name: 'order', in: 'query', schema: { type: 'string', enum: ['asc', 'desc'] } }]);
    expect(byOrder('')).toEqual(['b', 'c', 'a']);
    expect(byOrder('order=desc')).toEqual(['a', 'c', 'b']);
    expect(byOrder('order=asc')).toEqual(['b', 'c', 'a']);
    const both = await notes([
      { name: 'sort', in: 'query', schema: { type: 'string' } },
      { name: 'sort_direction', in: 'query', schema: { type: 'string', default: 'asc' } },
    ]);
    expect(both('sort=-title')).toEqual(['c', 'b', 'a']);
    expect(both('sort=title')).toEqual(['a', 'b', 'c']);
    expect(both('sort=-title&sort_direction=asc')).toEqual(['a', 'b', 'c']);
  });
});

describe('a SCIM list', () => {
  it('answers its records in Resources, and counts startIndex from 1 where the parameter starts at 1', async () => {
    const group = { type: 'object', properties: { id: { type: 'string', readOnly: true }, displayName: { type: 'string' } } };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'SCIM', version: '2' },
        paths: {
          '/scim/v2/Groups': {
            get: {
              operationId: 'listGroups',
              parameters: [
                { name: 'startIndex', in: 'query', schema: { type: 'integer', default: 1 } },
                { name: 'count', in: 'query', schema: { type: 'integer', default: 30 } },
              ],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/scim+json': { schema: { type: 'object', properties: { schemas: { type: 'array', items: { type: 'string' } }, totalResults: { type: 'integer' }, itemsPerPage: { type: 'integer' }, Resources: { type: 'array', items: group } } } } },
                },
              },
            },
            post: {
              operationId: 'createGroup',
              requestBody: { required: true, content: { 'application/scim+json': { schema: group } } },
              responses: { '201': { description: 'ok', content: { 'application/scim+json': { schema: group } } } },
            },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const headers = { 'content-type': 'application/scim+json' };
    for (const displayName of ['ops', 'dev', 'qa']) expect(client.call({ method: 'POST', path: '/scim/v2/Groups', headers, body: { displayName } }).status).toBe(201);
    const page = (query: string) => client.call({ method: 'GET', path: '/scim/v2/Groups', query }).json as { totalResults: number; Resources: Array<{ displayName: string }> };
    expect(page('').Resources.map((g) => g.displayName)).toEqual(['ops', 'dev', 'qa']);
    expect(page('startIndex=1&count=2').Resources.map((g) => g.displayName)).toEqual(['ops', 'dev']);
    expect(page('startIndex=3&count=2').Resources.map((g) => g.displayName)).toEqual(['qa']);
    expect(page('startIndex=1').totalResults).toBe(3);
  });
});

describe('a list whose item schema has items but no type', () => {
  it('lists records, not ids, where the schema allows an object (Slack\'s conversation schema)', async () => {
    const conversation = { items: { anyOf: [{ type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } }] } };
    const answer = (properties: object) => ({ '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { ok: { type: 'boolean' }, ...properties } } } } } });
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Slack', version: '1' },
        components: { schemas: { conversation } },
        paths: {
          '/conversations.create': {
            post: {
              operationId: 'conversations_create',
              requestBody: { content: { 'application/x-www-form-urlencoded': { schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] } } } },
              responses: answer({ channel: { $ref: '#/components/schemas/conversation' } }),
            },
          },
          '/conversations.info': { get: { operationId: 'conversations_info', parameters: [{ name: 'channel', in: 'query', required: true, schema: { type: 'string' } }], responses: answer({ channel: { $ref: '#/components/schemas/conversation' } }) } },
          '/conversations.list': { get: { operationId: 'conversations_list', responses: answer({ channels: { type: 'array', items: { $ref: '#/components/schemas/conversation' } } }) } },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/conversations.create', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'name=general' }).json as { channel: { id: string; name: string } };
    expect(made.channel.name).toBe('general');
    expect((client.call({ method: 'GET', path: '/conversations.list' }).json as { channels: unknown[] }).channels).toEqual([made.channel]);
  });
});

describe('a search of a collection', () => {
  it('answers the stored records its query matches, in the search\'s own envelope (Stripe)', async () => {
    const customer = { type: 'object', properties: { id: { type: 'string', readOnly: true }, email: { type: 'string' }, metadata: { type: 'object', additionalProperties: { type: 'string' } } } };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Payments', version: '1' },
        paths: {
          '/v1/customers': {
            post: { operationId: 'PostCustomers', requestBody: { required: true, content: { 'application/json': { schema: customer } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: customer } } } } },
          },
          '/v1/customers/{customer}': { get: { operationId: 'GetCustomer', parameters: [{ name: 'customer', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: customer } } } } } },
          '/v1/customers/search': {
            get: {
              operationId: 'GetCustomersSearch',
              parameters: [
                { name: 'query', in: 'query', required: true, schema: { type: 'string' } },
                { name: 'limit', in: 'query', schema: { type: 'integer' } },
              ],
              responses: {
                '200': {
                  description: 'ok',
                  content: { 'application/json': { schema: { type: 'object', required: ['object', 'data'], properties: { object: { type: 'string', enum: ['search_result'] }, data: { type: 'array', items: customer }, has_more: { type: 'boolean' }, total_count: { type: 'integer' } } } } },
                },
              },
            },
          },
        },
      }),
    );
    expect(artifact.operations.find((op) => op.id === 'GetCustomersSearch')).toMatchObject({ behaviour: 'list', readOnly: true, list: { search: 'query' } });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    for (const [email, plan] of [['ann@example.com', 'gold'], ['bob@example.com', 'free'], ['cy@example.org', 'gold']]) {
      client.call({ method: 'POST', path: '/v1/customers', body: { email, metadata: { plan } } });
    }
    const search = (query: string) => {
      const answer = client.call({ method: 'GET', path: '/v1/customers/search', query: `query=${encodeURIComponent(query)}` });
      expect(checker.problem(answer)).toBeNull();
      return answer.json as { object: string; data: Array<{ email: string }>; total_count: number };
    };
    expect(search("email:'bob@example.com'").data.map((c) => c.email)).toEqual(['bob@example.com']);
    const gold = search("metadata['plan']:'gold' AND email~'example.com'");
    expect(gold).toMatchObject({ object: 'search_result', total_count: 1 });
    expect(gold.data.map((c) => c.email)).toEqual(['ann@example.com']);
    expect(search("email:'nobody@example.com'").data).toEqual([]);
  });
});

describe('a search by POST', () => {
  const customer = {
    type: 'object',
    properties: {
      id: { type: 'string', readOnly: true },
      email_address: { type: 'string' },
      creation_source: { type: 'string', enum: ['OTHER', 'THIRD_PARTY'] },
      group_ids: { type: 'array', items: { type: 'string' } },
      location_id: { type: 'string' },
      created_at: { type: 'string', format: 'date-time', readOnly: true },
    },
  };
  const searchRequest = {
    type: 'object',
    properties: {
      limit: { type: 'integer' },
      cursor: { type: 'string' },
      location_ids: { type: 'array', items: { type: 'string' } },
      query: { type: 'object', properties: { filter: { type: 'object' }, sort: { type: 'object' } } },
    },
  };
  const searchAnswer = { type: 'object', properties: { customers: { type: 'array', items: customer }, cursor: { type: 'string' } } };
  const ok = (schema: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { schema } } } });
  const square = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Square', version: '1' },
    paths: {
      '/v2/customers': {
        post: { operationId: 'CreateCustomer', requestBody: { required: true, content: { 'application/json': { schema: customer } } }, responses: ok(customer) },
        get: { operationId: 'ListCustomers', responses: ok(searchAnswer) },
      },
      '/v2/customers/{customer_id}': { get: { operationId: 'RetrieveCustomer', parameters: [{ name: 'customer_id', in: 'path', required: true, schema: { type: 'string' } }], responses: ok(customer) } },
      '/v2/customers/search': { post: { operationId: 'SearchCustomers', requestBody: { required: true, content: { 'application/json': { schema: searchRequest } } }, responses: ok(searchAnswer) } },
    },
  });

  it("lists the stored records the body's criteria choose, as Square's searches write them, paged by the body's limit and cursor", async () => {
    const { artifact } = await compileArtifact(square);
    expect(artifact.operations.find((op) => op.id === 'SearchCustomers')).toMatchObject({ behaviour: 'list', readOnly: true, resource: 'customers', list: { searchBody: true, parameters: { limit: 'limit', cursor: 'cursor' } } });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const people = [
      { email_address: 'ann@example.com', creation_source: 'THIRD_PARTY', group_ids: ['g1', 'g2'], location_id: 'L1' },
      { email_address: 'bob@example.org', creation_source: 'OTHER', group_ids: ['g1'], location_id: 'L2' },
      { email_address: 'cy@example.com', creation_source: 'THIRD_PARTY', group_ids: [], location_id: 'L2' },
    ];
    for (const person of people) client.call({ method: 'POST', path: '/v2/customers', body: person });
    const search = (body: unknown) => {
      const answer = client.call({ method: 'POST', path: '/v2/customers/search', body });
      expect(answer.status).toBe(200);
      expect(checker.problem(answer)).toBeNull();
      return answer.json as { customers: Array<{ email_address: string }>; cursor?: string };
    };
    const emails = (body: unknown) => search(body).customers.map((c) => c.email_address);
    expect(emails({ query: { filter: { email_address: { fuzzy: 'example.com' } } } })).toEqual(['ann@example.com', 'cy@example.com']);
    expect(emails({ query: { filter: { creation_source: { values: ['OTHER'], rule: 'INCLUDE' } } } })).toEqual(['bob@example.org']);
    expect(emails({ query: { filter: { group_ids: { all: ['g1', 'g2'] } } } })).toEqual(['ann@example.com']);
    expect(emails({ query: { filter: { email_address: { exact: 'CY@example.com' } }, sort: { field: 'CREATED_AT', order: 'ASC' } } })).toEqual(['cy@example.com']);
    // A plural names its singular field; an option that names no field of the record chooses nothing.
    expect(emails({ location_ids: ['L2'], query: { filter: { include_deleted: true } } })).toEqual(['bob@example.org', 'cy@example.com']);
    expect(emails({ query: { filter: { created_at: { start_at: '2000-01-01T00:00:00Z', end_at: '2100-01-01T00:00:00Z' } } } })).toHaveLength(3);
    expect(emails({ query: { filter: { created_at: { start_at: '2100-01-01T00:00:00Z' } } } })).toEqual([]);
    expect(emails({})).toHaveLength(3);
    const first = search({ limit: 2 });
    expect(first.customers).toHaveLength(2);
    expect(emails({ limit: 2, cursor: first.cursor })).toEqual(['cy@example.com']);
  });

  it("reads a JSON filter or a query text in the body, as Autotask's and others' searches take them, and records no step", async () => {
    const company = { type: 'object', properties: { id: { type: 'integer', readOnly: true }, companyName: { type: 'string' }, isActive: { type: 'boolean' } } };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Autotask', version: '1' },
        paths: {
          '/V1.0/Companies': { post: { operationId: 'CreateCompany', requestBody: { required: true, content: { 'application/json': { schema: company } } }, responses: ok(company) } },
          '/V1.0/Companies/{id}': { get: { operationId: 'GetCompany', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: ok(company) } },
          '/V1.0/Companies/query': { post: { operationId: 'QueryCompanies', requestBody: { required: true, content: { 'application/json': { schema: { type: 'object', properties: { filter: { type: 'array', items: { type: 'object' } } } } } } }, responses: ok({ type: 'object', properties: { items: { type: 'array', items: company } } }) } },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    for (const [companyName, isActive] of [['Acme Corp', true], ['Beta Ltd', false], ['Acme Labs', false]] as const) client.call({ method: 'POST', path: '/V1.0/Companies', body: { companyName, isActive } });
    const names = (body: unknown) => (client.call({ method: 'POST', path: '/V1.0/Companies/query', body }).json as { items: Array<{ companyName: string }> }).items.map((c) => c.companyName);
    expect(names({ filter: [{ op: 'beginsWith', field: 'companyName', value: 'acme' }, { op: 'eq', field: 'isActive', value: false }] })).toEqual(['Acme Labs']);
    expect(names({ query: "companyName~'ltd' OR companyName:'acme corp'" })).toEqual(['Acme Corp', 'Beta Ltd']);
    // A search writes nothing: no step.
    const steps = client.step;
    names({ filter: [] });
    expect(client.step).toBe(steps);
  });
});

describe('an answer declared in two JSON media types', () => {
  it("is made and inferred from the one with a schema, not the one with only examples (Zuora's orders)", async () => {
    const order = { type: 'object', properties: { orderNumber: { type: 'string', readOnly: true }, description: { type: 'string' } } };
    const envelope = { type: 'object', properties: { orders: { type: 'array', items: order }, success: { type: 'boolean' } } };
    const twoTypes = (schema: unknown, example: unknown) => ({ '200': { description: 'ok', content: { 'application/json': { examples: { response: { value: example } } }, 'application/json; charset=utf-8': { schema } } } });
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Orders', version: '1' },
        paths: {
          '/v1/orders': {
            get: { operationId: 'listOrders', responses: twoTypes(envelope, { orders: [], success: true }) },
            post: { operationId: 'createOrder', requestBody: { required: true, content: { 'application/json': { schema: order } } }, responses: twoTypes(order, { orderNumber: 'O-1' }) },
          },
          '/v1/orders/{orderNumber}': { get: { operationId: 'getOrder', parameters: [{ name: 'orderNumber', in: 'path', required: true, schema: { type: 'string' } }], responses: twoTypes(order, { orderNumber: 'O-1' }) } },
        },
      }),
    );
    expect(artifact.operations.find((op) => op.id === 'listOrders')?.list).toMatchObject({ itemsField: 'orders' });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const made = client.call({ method: 'POST', path: '/v1/orders', body: { description: 'first' } });
    const listed = client.call({ method: 'GET', path: '/v1/orders' });
    expect(checker.problem(listed)).toBeNull();
    expect((listed.json as { orders: unknown[] }).orders).toEqual([made.json]);
  });
});

describe('a collection its servers name', () => {
  it("is found where the paths start at the resource (/ and /{id}) and the servers end in its name, and lists in HAL's _embedded (Vonage's applications)", async () => {
    const application = { type: 'object', properties: { id: { type: 'string', format: 'uuid', readOnly: true }, name: { type: 'string' } } };
    const page = { type: 'object', properties: { total_items: { type: 'integer' }, page: { type: 'integer' }, _embedded: { type: 'object', properties: { applications: { type: 'array', items: application } } }, _links: { type: 'object' } } };
    const ok = (status: string, schema: unknown) => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } } });
    const id = [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }];
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Applications', version: '2' },
        servers: [{ url: 'https://api.nexmo.com/v2/applications' }],
        paths: {
          '/': {
            get: { operationId: 'listApplications', parameters: [{ name: 'page', in: 'query', schema: { type: 'integer' } }], responses: ok('200', page) },
            post: { operationId: 'createApplication', requestBody: { required: true, content: { 'application/json': { schema: application } } }, responses: ok('201', application) },
          },
          '/{id}': { get: { operationId: 'getApplication', parameters: id, responses: ok('200', application) }, delete: { operationId: 'deleteApplication', parameters: id, responses: { '204': { description: 'gone' } } } },
        },
      }),
    );
    expect(artifact.resources).toEqual([expect.objectContaining({ name: 'applications', collectionPath: '/', itemPath: '/{id}', idParameter: 'id', operations: { create: 'createApplication', list: 'listApplications', read: 'getApplication', delete: 'deleteApplication' } })]);
    expect(artifact.operations.find((op) => op.id === 'listApplications')?.list).toMatchObject({ itemsField: 'applications', itemsWrapper: '_embedded', totalField: 'total_items' });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const checker = new ResponseChecker(artifact);
    const made = client.call({ method: 'POST', path: '/v2/applications', body: { name: 'My app' } }).json as { id: string; name: string };
    expect(client.call({ method: 'GET', path: `/v2/applications/${made.id}` }).json).toEqual(made);
    const listed = client.call({ method: 'GET', path: '/v2/applications' });
    expect(checker.problem(listed)).toBeNull();
    expect(listed.json).toMatchObject({ total_items: 1, _embedded: { applications: [made] } });
    expect(client.call({ method: 'DELETE', path: `/v2/applications/${made.id}` }).status).toBe(204);
    expect(client.call({ method: 'GET', path: `/v2/applications/${made.id}` }).status).toBe(404);
  });
});

describe('a filter on a list field', () => {
  it('keeps the records whose list holds every comma-separated value, items or their names (GitHub labels)', async () => {
    const issue = { type: 'object', properties: { number: { type: 'integer', readOnly: true }, title: { type: 'string' }, labels: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'object', properties: { name: { type: 'string' } } }] } } } };
    const { artifact } = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Issues', version: '1' },
        paths: {
          '/issues': {
            get: { operationId: 'listIssues', parameters: [{ name: 'labels', in: 'query', schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: issue } } } } } },
            post: { operationId: 'createIssue', requestBody: { required: true, content: { 'application/json': { schema: issue } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: issue } } } } },
          },
        },
      }),
    );
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    client.call({ method: 'POST', path: '/issues', body: { title: 'a', labels: ['bug', 'ui'] } });
    client.call({ method: 'POST', path: '/issues', body: { title: 'b', labels: [{ name: 'bug' }] } });
    client.call({ method: 'POST', path: '/issues', body: { title: 'c', labels: [] } });
    const titles = (query: string) => (client.call({ method: 'GET', path: '/issues', query }).json as Array<{ title: string }>).map((i) => i.title);
    expect(titles('labels=bug')).toEqual(['a', 'b']);
    expect(titles('labels=bug,ui')).toEqual(['a']);
    expect(titles('labels=docs')).toEqual([]);
  });
});

describe('a list whose description says it answers the newest first', () => {
  const customer = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
  const page = { type: 'object', properties: { data: { type: 'array', items: customer }, has_more: { type: 'boolean' } } };
  const document = (description: string) =>
    JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Customers', version: '1' },
      paths: {
        '/v1/customers': {
          get: {
            operationId: 'GetCustomers',
            description,
            parameters: ['limit', 'starting_after'].map((name) => ({ name, in: 'query', schema: { type: name === 'limit' ? 'integer' : 'string' } })),
            responses: { '200': { description: 'ok', content: { 'application/json': { schema: page } } } },
          },
          post: { operationId: 'PostCustomers', requestBody: { content: { 'application/json': { schema: customer } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: customer } } } } },
        },
        '/v1/customers/{customer}': { get: { operationId: 'GetCustomer', parameters: [{ name: 'customer', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: customer } } } } } },
      },
    });
  const names = (answer: unknown) => (answer as { data: Array<{ name: string }> }).data.map((c) => c.name);

  it('answers the most recent records first, and pages on from there', async () => {
    const { artifact } = await compileArtifact(document('Returns a list of your customers. The customers are returned sorted by creation date, with the most recent customers appearing first.'));
    expect(artifact.operations.find((op) => op.id === 'GetCustomers')).not.toHaveProperty('newestFirst');
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = ['Ann', 'Bea', 'Cy'].map((name) => client.call({ method: 'POST', path: '/v1/customers', body: { name } }).json as { id: string });
    expect(names(client.call({ method: 'GET', path: '/v1/customers' }).json)).toEqual(['Cy', 'Bea', 'Ann']);
    expect(names(client.call({ method: 'GET', path: '/v1/customers', query: 'limit=2' }).json)).toEqual(['Cy', 'Bea']);
    expect(names(client.call({ method: 'GET', path: '/v1/customers', query: `starting_after=${made[1]!.id}` }).json)).toEqual(['Ann']);
  });

  it('keeps the order records were made in where the description says nothing of it', async () => {
    const { artifact } = await compileArtifact(document('Returns a list of your customers.'));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    for (const name of ['Ann', 'Bea', 'Cy']) client.call({ method: 'POST', path: '/v1/customers', body: { name } });
    expect(names(client.call({ method: 'GET', path: '/v1/customers' }).json)).toEqual(['Ann', 'Bea', 'Cy']);
  });
});

describe('a list whose records are named by the last word of its path', () => {
  it("finds them beside the envelope's links (Mailchimp's /campaign-folders answers folders and _links)", async () => {
    const folder = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    const links = { type: 'array', items: { type: 'object', properties: { href: { type: 'string' }, rel: { type: 'string' } } } };
    const page = { type: 'object', properties: { folders: { type: 'array', items: folder }, total_items: { type: 'integer' }, _links: links } };
    const document = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Folders', version: '1' },
      paths: {
        '/campaign-folders': {
          get: { operationId: 'listFolders', responses: { '200': { description: 'ok', content: { 'application/json': { schema: page } } } } },
          post: { operationId: 'createFolder', requestBody: { content: { 'application/json': { schema: folder } } }, responses: { '200': { description: 'ok', content: { 'application/json': { schema: folder } } } } },
        },
        '/campaign-folders/{folder_id}': { get: { operationId: 'readFolder', parameters: [{ name: 'folder_id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: folder } } } } } },
      },
    });
    const { artifact } = await compileArtifact(document);
    expect(artifact.operations.find((op) => op.id === 'listFolders')?.list).toMatchObject({ itemsField: 'folders', totalField: 'total_items' });
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = client.call({ method: 'POST', path: '/campaign-folders', body: { name: 'Spring' } }).json as { id: string };
    const listed = client.call({ method: 'GET', path: '/campaign-folders' });
    expect(new ResponseChecker(artifact).problem(listed)).toBeNull();
    expect(listed.json).toMatchObject({ folders: [{ id: made.id, name: 'Spring' }], total_items: 1 });
  });
});

describe('paging forward', () => {
  const thing = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };
  const query = (name: string, type = 'string') => ({ name, in: 'query', schema: { type } });
  const envelope = (fields: Record<string, object>, required: string[] = []) => ({ type: 'object', ...(required.length > 0 ? { required } : {}), properties: { data: { type: 'array', items: thing }, ...fields } });

  /** A collection of five things, listed with `parameters` in `answer` (with `headers`), as built now. */
  async function things(parameters: object[], answer: object, headers?: object) {
    const document = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Things', version: '1' },
      paths: {
        '/things': {
          get: { operationId: 'listThings', parameters, responses: { '200': { description: 'ok', ...(headers === undefined ? {} : { headers }), content: { 'application/json': { schema: answer } } } } },
          post: { operationId: 'createThing', requestBody: { content: { 'application/json': { schema: thing } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: thing } } } } },
        },
      },
    });
    const { artifact } = await compileArtifact(document);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const made = ['a', 'b', 'c', 'd', 'e'].map((name) => client.call({ method: 'POST', path: '/things', body: { name } }).json as { id: string; name: string });
    const checker = new ResponseChecker(artifact);
    const get = (q = '') => {
      const answer = client.call({ method: 'GET', path: '/things', query: q });
      expect(answer.status).toBe(200);
      expect(checker.problem(answer)).toBeNull();
      return answer;
    };
    return { artifact, client, made, get };
  }

  const names = (answer: { json: unknown }) => ((answer.json as { data?: Array<{ name: string }> }).data ?? (answer.json as Array<{ name: string }>)).map((t) => t.name);

  it('answers no next cursor and no more where the list has no way to ask for another page, so a client that follows cursors stops', async () => {
    const { get } = await things([query('limit', 'integer')], envelope({ next_cursor: { type: 'string', nullable: true }, has_more: { type: 'boolean' } }));
    const first = get('limit=2');
    expect(first.json).toMatchObject({ has_more: false, next_cursor: null });
    expect(names(first)).toEqual(['a', 'b']);
    // Without a limit, every record: a client that cannot page is given all of them.
    expect(names(get())).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(get()).toMatchObject({ json: { has_more: false, next_cursor: null } });
  });

  it('keeps answering the cursor an artifact of version 3 answered, read through its upgrade', async () => {
    const { artifact } = await things([query('limit', 'integer')], envelope({ next_cursor: { type: 'string', nullable: true }, has_more: { type: 'boolean' } }));
    // The shape as a version 3 engine stored it, before ListShape.next.
    const v3 = { ...artifact, operations: artifact.operations.map((op) => (op.list === null ? op : { ...op, list: listShapeV3((({ next: _next, ...rest }) => rest)(op.list)) })) };
    const client = await SimClient.open(v3, { sampleRecords: 0 });
    for (const name of ['a', 'b', 'c']) client.call({ method: 'POST', path: '/things', body: { name } });
    const first = client.call({ method: 'GET', path: '/things', query: 'limit=2' }).json as { next_cursor: string; has_more: boolean };
    expect(first).toMatchObject({ has_more: true, next_cursor: 'bzI' });
    expect(client.call({ method: 'GET', path: '/things', query: `limit=2&cursor=${first.next_cursor}` }).json).toMatchObject({ has_more: true, next_cursor: 'bzI' });
  });

  it("gives a declared Link header the next page's address until the last page, and a required one the first page's", async () => {
    const bare = { type: 'array', items: thing };
    const optional = await things([query('page', 'integer'), query('per_page', 'integer')], bare, { Link: { schema: { type: 'string' } } });
    const first = optional.get('per_page=2');
    expect(first.headers['link']).toBe('</things?per_page=2&page=2>; rel="next"');
    expect(names(optional.get('per_page=2&page=2')).concat(names(optional.get('per_page=2&page=3')))).toEqual(['c', 'd', 'e']);
    expect(optional.get('per_page=2&page=2').headers['link']).toBe('</things?per_page=2&page=3>; rel="next"');
    expect(optional.get('per_page=2&page=3').headers).not.toHaveProperty('link');
    const required = await things([query('page', 'integer'), query('per_page', 'integer')], bare, { Link: { required: true, schema: { type: 'string', example: '<https://api.example.com/things?page=2>; rel="next"' } } });
    expect(required.get('per_page=2&page=3').headers['link']).toBe('</things?per_page=2>; rel="first"');
  });

  it('fills a next field that is an address with the next page\'s, and one beside page paging with the next page number', async () => {
    const drf = await things([query('limit', 'integer'), query('offset', 'integer')], envelope({ next: { type: 'string', nullable: true }, count: { type: 'integer' } }));
    expect(drf.get('limit=2&offset=2').json).toMatchObject({ next: '/things?limit=2&offset=4', count: 5 });
    expect(drf.get('limit=2&offset=4').json).toMatchObject({ next: null });
    // An address the schema says is a URI is absolute where the Simulation's endpoint is.
    const absolute = await things([query('limit', 'integer'), query('offset', 'integer')], envelope({ next: { type: 'string', format: 'uri', nullable: true } }));
    const request = { method: 'GET', path: '/things', query: 'limit=2', headers: {}, body: null };
    const answered = absolute.client.simulator.handle(request, absolute.client.state, { seed: 'seed-1', step: 6, now: new Date('2024-01-01T00:00:06Z'), endpoint: 'https://sim.example.com/sim/s1' });
    expect(JSON.parse(new TextDecoder().decode(answered.response.body ?? new Uint8Array()))).toMatchObject({ next: 'https://sim.example.com/sim/s1/things?limit=2&offset=2' });
    const numbered = await things([query('page', 'integer'), query('size', 'integer')], envelope({ next_cursor: { type: 'integer', nullable: true } }));
    expect(numbered.get('size=2').json).toMatchObject({ next_cursor: 2 });
    expect(numbered.get('size=2&page=2').json).toMatchObject({ next_cursor: 3 });
    expect(numbered.get('size=2&page=3').json).toMatchObject({ next_cursor: null });
  });

  it('takes the last record\'s id for a cursor no field carries, and gives it in a Link header too', async () => {
    const { get, made } = await things([query('limit', 'integer'), query('page_token')], envelope({ has_more: { type: 'boolean' } }));
    const first = get('limit=2');
    expect(first.json).toMatchObject({ has_more: true });
    expect(first.headers['link']).toBe(`</things?limit=2&page_token=${made[1]!.id}>; rel="next"`);
    expect(names(get(`limit=2&page_token=${made[1]!.id}`))).toEqual(['c', 'd']);
    const last = get(`limit=2&page_token=${made[3]!.id}`);
    expect(last.json).toMatchObject({ has_more: false });
    expect(names(last)).toEqual(['e']);
    expect(last.headers).not.toHaveProperty('link');
  });

  it('ends a required next cursor that cannot be null with an empty text, and leaves out an optional one', async () => {
    const required = await things([query('limit', 'integer'), query('cursor')], envelope({ next_cursor: { type: 'string' } }, ['data', 'next_cursor']));
    expect(required.get('limit=10').json).toEqual({ data: expect.any(Array), next_cursor: '' });
    const optional = await things([query('limit', 'integer'), query('cursor')], envelope({ next_cursor: { type: 'string' } }));
    expect(optional.get('limit=10').json).not.toHaveProperty('next_cursor');
    expect(optional.get('limit=2').json).toMatchObject({ next_cursor: 'bzI' });
  });
});
