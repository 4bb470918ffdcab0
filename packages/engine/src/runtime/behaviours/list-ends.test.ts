import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Artifact, ArtifactOperation, ArtifactResource } from '../../artifact/artifact.js';
import type { Json } from '../../json.js';
import { credentialsFor } from '../../testing/credentials.js';
import { compileArtifact, fixture } from '../../testing/fixtures.js';
import { listShapeV3 } from '../../infer/list-upgrade.js';
import { SimClient, type SimAnswer, type SimCall } from '../../testing/sim-client.js';
import { collectionName } from '../records/collections.js';
import { squash } from '../text.js';

/**
 * Every list of several documents, paged to its end as a client pages: it follows a `Link`
 * header's `rel="next"`, else the next-cursor field (sent back in the cursor parameter, or
 * followed as an address, or as the next page's number or offset), else has-more or a full
 * page (asking for the next offset or page, or the cursor after the last record). Whatever
 * the list's paging, it comes to an end: no request is made twice, no record is listed twice,
 * and the pages together list every record.
 */

const SAMPLE_RECORDS = 7;
const PAGE_SIZE = 3;
/** Far more pages than any list here has: a client still asking after these would not stop. */
const MAX_PAGES = 40;
const GITHUB_BUILD_TIMEOUT_MS = 300_000;

interface Request {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  body: Record<string, Json> | undefined;
}

interface Outcome {
  /** The operation's id, to name it in a failure. */
  id: string;
  pages: number;
  /** Records listed, by id (null for one without). */
  listed: Array<string | null>;
  /** The number of records the first page says the list has, where it says. */
  total: number | null;
  /** Why the client stopped: the list's end, a refusal of a later page, its first page refused (a parent the sample records do not hold), or a page limit no list here reaches. */
  ended: 'end' | 'refused' | 'unreachable' | 'stuck';
  /** Whether the answers hold the records in an array, as the list shape says. */
  array: boolean;
  /** The page size the client asked for, where the list took it. */
  pageSize: number | null;
  /** How the client asked for each page after the first. */
  via: Array<'link' | 'cursor' | 'address' | 'position' | 'count' | 'last record'>;
  problems: string[];
}

/** The value a client gives a required parameter it knows nothing of: the first its schema offers. */
function sampleValue(artifact: Artifact, schema: Json | undefined): string {
  const node = resolved(artifact, schema);
  const offered = node?.['enum'] ?? node?.['examples'];
  if (Array.isArray(offered) && offered.length > 0) return String(offered[0]);
  if (node?.['default'] !== undefined) return String(node['default']);
  const type = node?.['type'];
  return type === 'integer' || type === 'number' ? '1' : 'a';
}

function resolved(artifact: Artifact, schema: Json | undefined): Record<string, Json> | null {
  let node = schema;
  for (let hop = 0; hop < 8 && typeof node === 'object' && node !== null && !Array.isArray(node) && typeof node['$ref'] === 'string'; hop += 1) {
    node = artifact.schemas[node['$ref'].replace('#/schemas/', '')];
  }
  return typeof node === 'object' && node !== null && !Array.isArray(node) ? node : null;
}

/** The first request of a list: its path with the scope's values, its required parameters, and a body where it takes one. */
function firstRequest(artifact: Artifact, op: ArtifactOperation, scope: Record<string, string>): Request {
  const [template, fragment] = op.path.split('#') as [string, string | undefined];
  const path = template.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(scope[name] ?? 'a'));
  const credentials = credentialsFor(artifact, op);
  const query = new URLSearchParams(credentials.query.join('&'));
  const headers: Record<string, string> = { ...credentials.headers };
  for (const parameter of op.parameters) {
    if (!parameter.required || parameter.in === 'path') continue;
    const value = sampleValue(artifact, parameter.schema);
    if (parameter.in === 'query') query.set(parameter.name, value);
    if (parameter.in === 'header') headers[parameter.name.toLowerCase()] = value;
  }
  // An RPC call's route names its action in the path's fragment (`/#X-Amz-Target=...`, `/#Action=ListUsers`), sent as a header or a query parameter.
  const [name, value] = (fragment ?? '').split('=');
  if (name !== undefined && value !== undefined && op.parameters.some((p) => p.in === 'header' && p.name === name)) headers[name.toLowerCase()] = value;
  else if (name !== undefined && value !== undefined) query.set(name, value);
  const mediaType = Object.keys(op.requestBody?.content ?? {})[0];
  if (mediaType !== undefined) headers['content-type'] = mediaType;
  return { method: op.method, path, query, headers, body: mediaType === undefined ? undefined : {} };
}

function withParameter(op: ArtifactOperation, request: Request, name: string, value: Json | null): Request {
  const next = { ...request, query: new URLSearchParams(request.query), body: request.body === undefined ? undefined : { ...request.body } };
  const inQuery = op.parameters.some((p) => p.in === 'query' && p.name === name) || next.body === undefined;
  if (inQuery) {
    if (value === null) next.query.delete(name);
    else next.query.set(name, String(value));
  } else if (value === null) delete next.body![name];
  else next.body![name] = value;
  return next;
}

function send(client: SimClient, request: Request): SimAnswer {
  const call: SimCall = { method: request.method, path: request.path, query: request.query.toString(), headers: request.headers, ...(request.body === undefined ? {} : { body: request.body }) };
  return client.call(call);
}

function nextLink(answer: SimAnswer): string | null {
  return /<([^>]*)>\s*;\s*rel="next"/.exec(answer.headers['link'] ?? '')?.[1] ?? null;
}

/** A next page's address as a client follows it: resolved against the address it asked. */
function following(request: Request, address: string): Request {
  const url = new URL(address, `http://simulation.test${request.path}?${request.query.toString()}`);
  return { ...request, path: url.pathname, query: url.searchParams };
}

/** The records of an answer: its items array, or null where the answer holds none. */
function recordsOf(answer: SimAnswer, op: ArtifactOperation): Json[] | null {
  const shape = op.list!;
  const json = answer.json as Json;
  const holder = shape.itemsWrapper === undefined ? json : (json as Record<string, Json>)[shape.itemsWrapper];
  const items = shape.itemsField === null ? holder : (holder as Record<string, Json> | undefined)?.[shape.itemsField];
  return Array.isArray(items) ? items : null;
}

/** A listed record's id: its id field's value, or the item where the list answers ids (DynamoDB's `TableNames`); null for an object without one. */
function idOf(item: Json, resource: ArtifactResource): string | null {
  if (typeof item === 'object' && item !== null && !Array.isArray(item)) return resource.idField !== null && item[resource.idField] !== undefined ? String(item[resource.idField]) : null;
  return typeof item === 'string' ? item : JSON.stringify(item);
}

/**
 * Pages a list to its end as a client would, asking for `PAGE_SIZE` records a page where it can
 * page on (with `alwaysLimit`, also where it cannot).
 */
function pageToEnd(client: SimClient, artifact: Artifact, op: ArtifactOperation, scope: Record<string, string>, alwaysLimit = false): Outcome {
  const shape = op.list!;
  const next = shape.next!;
  const resource = artifact.resources.find((r) => r.name === op.resource)!;
  const p = shape.parameters;
  const outcome: Outcome = { id: op.id, pages: 0, listed: [], total: null, ended: 'stuck', array: true, pageSize: null, via: [], problems: [] };
  let request = firstRequest(artifact, op, scope);
  // A list with no way to a further page is asked for everything: a limit would only hide records.
  if (p.limit !== null && (shape.paging !== 'none' || alwaysLimit)) {
    request = withParameter(op, request, p.limit, PAGE_SIZE);
    outcome.pageSize = PAGE_SIZE;
  }
  const asked = new Set<string>();
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const key = `${request.path}?${[...request.query].map(([name, value]) => `${name}=${value}`).sort().join('&')} ${JSON.stringify(request.body ?? null)}`;
    if (asked.has(key)) {
      outcome.problems.push(`asked again: ${key}`);
      return outcome;
    }
    asked.add(key);
    let answer = send(client, request);
    if (answer.status === 400 && page === 0 && p.limit !== null) {
      // A page size the document does not allow: the list's own default instead.
      request = withParameter(op, request, p.limit, null);
      outcome.pageSize = null;
      answer = send(client, request);
    }
    if (answer.status !== 200) {
      outcome.ended = page === 0 ? 'unreachable' : 'refused';
      outcome.problems.push(`${answer.status} ${answer.text.slice(0, 200)}`);
      return outcome;
    }
    outcome.pages += 1;
    const records = recordsOf(answer, op);
    if (records === null) outcome.array = false;
    for (const record of records ?? []) {
      const id = idOf(record, resource);
      if (id !== null && outcome.listed.includes(id)) outcome.problems.push(`listed twice: ${id}`);
      outcome.listed.push(id);
    }
    const envelope = shape.itemsField === null ? null : (answer.json as Record<string, Json>);
    if (page === 0) {
      const counted = envelope === null ? answer.headers['x-total-count'] : shape.totalField === null ? undefined : envelope[shape.totalField];
      outcome.total = counted === undefined || counted === null ? null : Number(counted);
    }
    const link = nextLink(answer);
    const cursor = envelope === null || shape.nextCursorField === null ? null : envelope[shape.nextCursorField];
    const more = envelope === null || shape.hasMoreField === null ? null : envelope[shape.hasMoreField];
    const full = records !== null && records.length >= PAGE_SIZE;
    const last = records?.at(-1);
    if (link !== null) {
      request = following(request, link);
      outcome.via.push('link');
    } else if (cursor !== null && cursor !== undefined && cursor !== '' && cursor !== 0) {
      if (next.holds === 'url') request = following(request, String(cursor));
      else if (next.holds === 'position') request = withParameter(op, request, (shape.paging === 'offset' ? p.offset : p.page) ?? 'page', cursor);
      // A client sends a cursor back in the list's cursor parameter, or, where it has none, in one named `cursor`.
      else request = withParameter(op, request, p.cursor ?? 'cursor', cursor);
      outcome.via.push(next.holds === 'url' ? 'address' : next.holds === 'position' ? 'position' : 'cursor');
    } else if (more === false || (more === null && (!full || shape.paging === 'none' || shape.nextCursorField !== null || next.linkHeader !== null))) {
      outcome.ended = 'end';
      return outcome;
    } else if (shape.paging === 'offset' && p.offset !== null) {
      request = withParameter(op, request, p.offset, Number(request.query.get(p.offset) ?? request.body?.[p.offset] ?? shape.offsetBase ?? 0) + (records?.length ?? 0));
      outcome.via.push('count');
    } else if (shape.paging === 'page' && p.page !== null) {
      request = withParameter(op, request, p.page, Number(request.query.get(p.page) ?? request.body?.[p.page] ?? 1) + 1);
      outcome.via.push('count');
    } else if (shape.paging === 'cursor' && p.cursor !== null && last !== undefined && idOf(last, resource) !== null) {
      request = withParameter(op, request, p.cursor, idOf(last, resource));
      outcome.via.push('last record');
    } else {
      // The answer says more records follow, and the list has no way to ask for them.
      outcome.problems.push('more offered with no way to ask for it');
      return outcome;
    }
  }
  return outcome;
}

/** Collection names in a Simulation's state, from its snapshot. */
function collections(client: SimClient): string[] {
  const parsed = JSON.parse(Buffer.from(client.state.toSnapshot()).toString('utf8')) as { collections: Array<[string, unknown[]]> };
  return parsed.collections.map(([name]) => name);
}

/**
 * Path parameter values under which a list holds sample records: a nested collection's are
 * seeded under its parent's first record; a nested route to a shallower collection lists the
 * records whose field holds its parameter's value. Null where none are found.
 */
function scopeOf(client: SimClient, held: readonly string[], artifact: Artifact, op: ArtifactOperation, names: string[]): Record<string, string> | null {
  const resource = artifact.resources.find((r) => r.name === op.resource)!;
  if (names.length === 0) return resource.scopeParameters.length === 0 ? {} : null;
  if (resource.scopeParameters.length === names.length && names.every((name) => resource.scopeParameters.includes(name))) {
    const collection = held.find((c) => c.startsWith(`${resource.name}:`) && !c.endsWith('#links'));
    if (collection === undefined) return null;
    const values = collection.slice(resource.name.length + 1).split('/').map((v) => decodeURIComponent(v));
    return Object.fromEntries(resource.scopeParameters.map((name, i) => [name, values[i] ?? '']));
  }
  const [name] = names as [string];
  if (names.length === 1 && resource.scopeParameters.length === 0 && (op.links ?? []).includes(name)) {
    for (const [, record] of client.state.entries(resource.name)) {
      const field = typeof record === 'object' && record !== null && !Array.isArray(record) ? Object.keys(record).find((f) => squash(f) === squash(name)) : undefined;
      if (field !== undefined) return { [name]: String((record as Record<string, Json>)[field]) };
    }
  }
  return null;
}

/** Every list operation of the artifact with at most `maxPathParameters` path parameters, paged to its end. */
async function pageEveryList(artifact: Artifact, options: { maxPathParameters?: number; countCollections?: boolean } = {}): Promise<{ outcomes: Outcome[]; skipped: string[] }> {
  const maxPathParameters = options.maxPathParameters ?? Infinity;
  const client = await SimClient.open(artifact, { sampleRecords: SAMPLE_RECORDS });
  // Lists only read: the collections seeded at the start are all there are.
  const held = collections(client);
  const outcomes: Outcome[] = [];
  const skipped: string[] = [];
  for (const op of artifact.operations) {
    if (op.behaviour !== 'list' || op.list === null || op.resource === null) continue;
    const names = [...op.path.split('#')[0]!.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
    if (names.length > maxPathParameters) continue;
    const answersJson = Object.keys(Object.values(op.responses)[0]?.content ?? {}).every((type) => /json/.test(type));
    const scope = answersJson ? scopeOf(client, held, artifact, op, names) : null;
    if (scope === null) {
      skipped.push(op.id);
      continue;
    }
    const outcome = pageToEnd(client, artifact, op, scope);
    // Where an answer counts nothing, every record of the collection is listed, unless a filter applies by default or the route chooses records.
    const resource = artifact.resources.find((r) => r.name === op.resource)!;
    const unfiltered = op.list.filters.every((f) => f.default === undefined) && (op.links ?? []).length === 0 && op.list.search === undefined && op.list.searchBody !== true;
    if (outcome.total === null && unfiltered && options.countCollections === true) outcome.total = client.state.size(collectionName(resource, scope));
    outcomes.push(outcome);
  }
  return { outcomes, skipped };
}

/** What a list must show: it ended, having asked nothing twice, listed nothing twice, and listed every record it counts. */
function expectEnded(outcome: Outcome): void {
  expect({ id: outcome.id, ended: outcome.ended, problems: outcome.problems }).toEqual({ id: outcome.id, ended: 'end', problems: [] });
  // A list whose answer holds no array of records (GitHub's `GET /user`, read as a list) lists nothing to count.
  if (outcome.total !== null && outcome.array) expect({ id: outcome.id, listed: outcome.listed.length }).toEqual({ id: outcome.id, listed: outcome.total });
  expect(outcome.pages).toBeLessThanOrEqual(Math.ceil(outcome.listed.length / PAGE_SIZE) + 1);
  // A list that took the page size was read a page at a time.
  if (outcome.pageSize !== null && outcome.array) expect(outcome.pages, outcome.id).toBeGreaterThanOrEqual(Math.ceil(outcome.listed.length / outcome.pageSize));
}

const documents: Array<[string, () => Uint8Array]> = [
  ['events-cursor-3.0.json', () => fixture('events-cursor-3.0.json')],
  ['shop-3.1.json', () => fixture('shop-3.1.json')],
  ['saas-3.1.yaml', () => fixture('saas-3.1.yaml')],
  ['bank-3.0.yaml', () => fixture('bank-3.0.yaml')],
  ['blog-2.0.json', () => fixture('blog-2.0.json')],
  ['coupons-3.1.json', () => fixture('coupons-3.1.json')],
  ['petstore-3.0.yaml', () => fixture('petstore-3.0.yaml')],
  ['examples-3.0.yaml', () => fixture('examples-3.0.yaml')],
  ['tasks.openapi.yaml', () => readFileSync(new URL('../../../../../tests/clients/fixtures/tasks.openapi.yaml', import.meta.url))],
  ['dynamodb.openapi.json', () => readFileSync(new URL('../../../../../tests/clients/fixtures/dynamodb.openapi.json', import.meta.url))],
];

describe('every list of a document, paged to its end', () => {
  it.each(documents)('%s', async (_, read) => {
    const { artifact } = await compileArtifact(read());
    const { outcomes, skipped } = await pageEveryList(artifact, { countCollections: true });
    expect(skipped).toEqual([]);
    expect(outcomes.length).toBeGreaterThan(0);
    for (const outcome of outcomes) expectEnded(outcome);
  });
});

describe("GitHub's lists, paged to their end", () => {
  let outcomes: Outcome[] = [];

  beforeAll(async () => {
    const path = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
    const { artifact } = await compileArtifact(readFileSync(path));
    outcomes = (await pageEveryList(artifact, { maxPathParameters: 1 })).outcomes;
  }, GITHUB_BUILD_TIMEOUT_MS);

  it('end, each listing every record once', () => {
    expect(outcomes.length).toBeGreaterThan(100);
    for (const outcome of outcomes.filter((o) => o.ended !== 'unreachable')) expectEnded(outcome);
  });

  it('page on by the Link header where they declare one, and by page number where they do not', () => {
    expect(outcomes.filter((o) => o.pages > 1 && o.via.every((way) => way === 'link')).length).toBeGreaterThan(50);
    expect(outcomes.filter((o) => o.pages > 1 && o.via.every((way) => way === 'count')).length).toBeGreaterThan(20);
  });
});

describe("an AWS query list (IAM's ListUsers), paged to its end", () => {
  it('answers IsTruncated and the Marker to send back, in XML, until the last page', async () => {
    const { artifact } = await compileArtifact(readFileSync(new URL('../../../../../tests/clients/fixtures/iam.openapi.json', import.meta.url)));
    const client = await SimClient.open(artifact, { sampleRecords: SAMPLE_RECORDS });
    const op = artifact.operations.find((o) => o.id === 'GET_ListUsers')!;
    const { headers, query } = credentialsFor(artifact, op);
    const names: string[] = [];
    const markers: string[] = [];
    let marker: string | null = null;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const answer = client.call({ method: 'GET', path: '/', headers, query: [...query, 'Action=ListUsers', 'Version=2010-05-08', 'MaxItems=3', ...(marker === null ? [] : [`Marker=${encodeURIComponent(marker)}`])].join('&') });
      expect(answer.status).toBe(200);
      names.push(...[...answer.text.matchAll(/<UserName>([^<]*)<\/UserName>/g)].map((m) => m[1]!));
      const truncated = /<IsTruncated>(true|false)<\/IsTruncated>/.exec(answer.text)?.[1];
      marker = /<Marker>([^<]*)<\/Marker>/.exec(answer.text)?.[1] ?? null;
      expect(truncated === 'true').toBe(marker !== null);
      if (marker === null) break;
      expect(markers).not.toContain(marker);
      markers.push(marker);
    }
    expect(marker).toBeNull();
    expect(markers).toHaveLength(2);
    expect(names).toHaveLength(SAMPLE_RECORDS);
    expect(new Set(names).size).toBe(SAMPLE_RECORDS);
  });
});

describe('a list whose answer has a next cursor and which has no cursor parameter', () => {
  const item = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' } } };
  const document = JSON.stringify({
    openapi: '3.0.3',
    info: { title: 'Feed', version: '1' },
    paths: {
      '/entries': {
        get: {
          operationId: 'listEntries',
          parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer' } }],
          responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: item }, next_cursor: { type: 'string', nullable: true } } } } } } },
        },
        post: { operationId: 'createEntry', requestBody: { content: { 'application/json': { schema: item } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: item } } } } },
      },
    },
  });
  const listEntries = (artifact: Artifact) => artifact.operations.find((op) => op.id === 'listEntries')!;

  it('answers a limited page with no next cursor: a client that sends cursors back stops after it', async () => {
    const { artifact } = await compileArtifact(document);
    const client = await SimClient.open(artifact, { sampleRecords: SAMPLE_RECORDS });
    const outcome = pageToEnd(client, artifact, listEntries(artifact), {}, true);
    expect(outcome).toMatchObject({ ended: 'end', pages: 1, problems: [] });
    expect(outcome.listed).toHaveLength(PAGE_SIZE);
  });

  it('sent that client round the same page when read as a version 3 artifact, which keeps its behaviour', async () => {
    const { artifact } = await compileArtifact(document);
    const v3 = { ...artifact, operations: artifact.operations.map((op) => (op.list === null ? op : { ...op, list: listShapeV3((({ next: _next, ...rest }) => rest)(op.list)) })) };
    const client = await SimClient.open(v3, { sampleRecords: SAMPLE_RECORDS });
    const outcome = pageToEnd(client, v3, listEntries(v3), {}, true);
    // Its second page lists the first again, and answers the cursor it was sent.
    expect(outcome.ended).toBe('stuck');
    expect(outcome.problems).toContainEqual(expect.stringMatching(/^listed twice: /));
    expect(outcome.problems.at(-1)).toMatch(/^asked again: \/entries\?cursor=bzM&limit=3 /);
  });
});
