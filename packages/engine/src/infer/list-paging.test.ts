import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ListShape } from '../artifact/artifact.js';
import { compileArtifact } from '../testing/fixtures.js';

const item = { type: 'object', properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, created_at: { type: 'string', format: 'date-time' } } };

/** A collection whose list takes `parameters` and answers `answer` (an envelope of `data`, or a bare array), with `headers` on its answer. */
async function shapeOf(parameters: object[], answer: object, options: { headers?: object; body?: object } = {}): Promise<ListShape> {
  const document = {
    openapi: '3.0.3',
    info: { title: 'Things', version: '1' },
    paths: {
      '/things': {
        get: {
          operationId: 'listThings',
          parameters,
          ...(options.body === undefined ? {} : { requestBody: { content: { 'application/json': { schema: options.body } } } }),
          responses: { '200': { description: 'ok', ...(options.headers === undefined ? {} : { headers: options.headers }), content: { 'application/json': { schema: answer } } } },
        },
        post: { operationId: 'createThing', requestBody: { content: { 'application/json': { schema: item } } }, responses: { '201': { description: 'ok', content: { 'application/json': { schema: item } } } } },
      },
      '/things/{id}': { get: { operationId: 'getThing', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }], responses: { '200': { description: 'ok', content: { 'application/json': { schema: item } } } } } },
    },
  };
  const { artifact } = await compileArtifact(JSON.stringify(document));
  const shape = artifact.operations.find((op) => op.id === 'listThings')?.list;
  if (shape === null || shape === undefined) throw new Error('listThings is not a list');
  return shape;
}

const query = (name: string, schema: object = { type: 'string' }) => ({ name, in: 'query', schema });
const envelope = (fields: Record<string, object>, required: string[] = []) => ({ type: 'object', ...(required.length > 0 ? { required } : {}), properties: { data: { type: 'array', items: item }, ...fields } });

describe('how a list pages forward, decided at build time', () => {
  it('offers no further page where the list has no cursor, offset or page parameter, whatever cursor its answer declares', async () => {
    const shape = await shapeOf([query('limit', { type: 'integer' })], envelope({ next_cursor: { type: 'string', nullable: true }, has_more: { type: 'boolean' } }));
    expect(shape).toMatchObject({ paging: 'none', nextCursorField: 'next_cursor', hasMoreField: 'has_more' });
    expect(shape.next).toEqual({ offered: false, cursor: 'offset', holds: 'cursor', end: 'null', linkHeader: null });
  });

  it('ends a next cursor as its schema allows: null, else left out, else an empty text or 0 where it is required', async () => {
    const end = async (schema: object, required: string[] = []) => (await shapeOf([query('cursor')], envelope({ next_cursor: schema }, required))).next?.end;
    expect(await end({ type: 'string', nullable: true })).toBe('null');
    expect(await end({ type: 'string' })).toBe('absent');
    expect(await end({ type: 'string' }, ['next_cursor'])).toBe('empty');
    expect(await end({ type: 'integer' }, ['next_cursor'])).toBe('zero');
    expect(await end({ anyOf: [{ type: 'string' }, { type: 'null' }] }, ['next_cursor'])).toBe('null');
  });

  it('takes a record id for a cursor that starts after a record, or that no field of the answer carries, and an opaque position otherwise', async () => {
    const stripe = await shapeOf([query('limit', { type: 'integer' }), query('starting_after')], envelope({ has_more: { type: 'boolean' } }));
    expect(stripe.next).toMatchObject({ offered: true, cursor: 'record-id' });
    const fed = await shapeOf([query('cursor')], envelope({ next_cursor: { type: 'string', nullable: true } }));
    expect(fed.next).toEqual({ offered: true, cursor: 'offset', holds: 'cursor', end: 'null', linkHeader: null });
    // Nothing carries a `page_token`: a client can send the last record's id, or follow the Link header the answer gains.
    const unfed = await shapeOf([query('page_token')], envelope({ has_more: { type: 'boolean' } }));
    expect(unfed.next).toMatchObject({ offered: true, cursor: 'record-id', linkHeader: 'Link' });
  });

  it('keeps a declared Link header by its declared name', async () => {
    const shape = await shapeOf([query('page', { type: 'integer' }), query('per_page', { type: 'integer' })], { type: 'array', items: item }, { headers: { link: { schema: { type: 'string' } } } });
    expect(shape).toMatchObject({ paging: 'page', next: { offered: true, linkHeader: 'link' } });
  });

  it('fills a next field with the next page address where it is one, and with the next page number or offset beside page or offset paging', async () => {
    const drf = await shapeOf([query('page', { type: 'integer' })], envelope({ next: { type: 'string', format: 'uri', nullable: true }, count: { type: 'integer' } }));
    expect(drf.next).toMatchObject({ holds: 'url', end: 'null' });
    const bare = await shapeOf([query('offset', { type: 'integer' })], envelope({ next: { type: 'string' } }));
    expect(bare.next).toMatchObject({ holds: 'url', end: 'absent' });
    const named = await shapeOf([query('cursor')], envelope({ next_url: { type: 'string' } }));
    expect(named).toMatchObject({ nextCursorField: 'next_url', next: { holds: 'url' } });
    const numbered = await shapeOf([query('page', { type: 'integer' })], envelope({ next_cursor: { type: 'integer', nullable: true } }));
    expect(numbered.next).toMatchObject({ holds: 'position' });
  });

  it('does not page by a time or a number named like a cursor, nor a text named like a page: GitHub\'s notifications list `before` a date and page by `page`', async () => {
    const notifications = await shapeOf([query('before', { type: 'string', format: 'date-time' }), query('page', { type: 'integer' }), query('per_page', { type: 'integer' })], { type: 'array', items: item });
    expect(notifications).toMatchObject({ paging: 'page', parameters: { cursor: null, page: 'page', limit: 'per_page' } });
    const numbered = await shapeOf([query('after', { type: 'integer' })], { type: 'array', items: item });
    expect(numbered).toMatchObject({ paging: 'none', parameters: { cursor: null }, next: { offered: false } });
    // Nor by a page number or an offset declared as text, which the runtime does not read as a number.
    const texts = await shapeOf([query('page'), query('offset')], { type: 'array', items: item });
    expect(texts).toMatchObject({ paging: 'none', parameters: { page: null, offset: null }, next: { offered: false } });
  });

  it('pages by fields of the body where the query declares none, as DynamoDB\'s documents give ListTables\'s Limit and ExclusiveStartTableName', async () => {
    const { artifact } = await compileArtifact(readFileSync(new URL('../../../../tests/clients/fixtures/dynamodb.openapi.json', import.meta.url)));
    const shape = artifact.operations.find((op) => op.id === 'ListTables')?.list;
    expect(shape).toMatchObject({
      paging: 'cursor',
      parameters: { limit: 'Limit', cursor: 'ExclusiveStartTableName' },
      itemsField: 'TableNames',
      nextCursorField: 'LastEvaluatedTableName',
      next: { offered: true, cursor: 'record-id', holds: 'cursor', end: 'absent' },
    });
  });

  it('reads AWS query lists\' IsTruncated and the Marker answered under the name the request sends it by (IAM)', async () => {
    const { artifact } = await compileArtifact(readFileSync(new URL('../../../../tests/clients/fixtures/iam.openapi.json', import.meta.url)));
    const shape = artifact.operations.find((op) => op.id === 'GET_ListUsers')?.list;
    expect(shape).toMatchObject({ paging: 'cursor', parameters: { limit: 'MaxItems', cursor: 'Marker' }, nextCursorField: 'Marker', hasMoreField: 'IsTruncated', next: { offered: true, cursor: 'offset' } });
  });

  it('does not take an object body field for a cursor (DynamoDB\'s ExclusiveStartKey map)', async () => {
    const shape = await shapeOf([], envelope({ LastEvaluatedKey: { type: 'object' } }), { body: { type: 'object', properties: { Limit: { type: 'integer' }, ExclusiveStartKey: { type: 'object' } } } });
    expect(shape).toMatchObject({ paging: 'none', parameters: { limit: 'Limit', cursor: null }, next: { offered: false } });
  });
});
