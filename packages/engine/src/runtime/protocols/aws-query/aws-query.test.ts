import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { SimClient } from '../../../testing/sim-client.js';
import { queryAnswerXml } from './aws-query.js';

/**
 * AWS's query protocol as converted documents give it: each call at `/#Action=...` twice, a GET
 * variant declaring its parameters in the query and a POST variant declaring an XML body.
 */
const user = { type: 'object', required: ['UserName'], properties: { UserName: { type: 'string' }, Path: { type: 'string' }, UserId: { type: 'string' }, CreateDate: { type: 'string', format: 'date-time' } } };
const xml = (schema: unknown) => ({ description: 'Success', content: { 'text/xml': { schema } } });
const exceptions = {
  '480': { description: 'NoSuchEntityException', content: { 'text/xml': { schema: { $ref: '#/components/schemas/NoSuchEntityException' } } } },
  '481': { description: 'EntityAlreadyExistsException', content: { 'text/xml': { schema: { $ref: '#/components/schemas/EntityAlreadyExistsException' } } } },
};
function call(action: string, parameters: Record<string, { type: string; required?: boolean }>, answer: unknown) {
  const discriminators = [
    { name: 'Action', in: 'query', required: true, schema: { type: 'string', enum: [action] } },
    { name: 'Version', in: 'query', required: true, schema: { type: 'string', enum: ['2010-05-08'] } },
  ];
  const inQuery = Object.entries(parameters).map(([name, p]) => ({ name, in: 'query', required: p.required === true, schema: { type: p.type } }));
  const body = { type: 'object', properties: Object.fromEntries(Object.entries(parameters).map(([name, p]) => [name, { type: p.type }])) };
  const responses = { '200': answer === null ? { description: 'Success' } : xml(answer), ...exceptions };
  return {
    [`/#Action=${action}`]: {
      get: { operationId: `GET_${action}`, parameters: [...inQuery, ...discriminators], responses },
      post: { operationId: `POST_${action}`, parameters: discriminators, requestBody: { content: { 'text/xml': { schema: body } } }, responses },
    },
  };
}
const iam = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'AWS Identity and Access Management', version: '2010-05-08' },
  components: { schemas: { User: user, NoSuchEntityException: {}, EntityAlreadyExistsException: {} } },
  paths: {
    ...call('CreateUser', { UserName: { type: 'string', required: true }, Path: { type: 'string' } }, { type: 'object', properties: { User: { allOf: [{ $ref: '#/components/schemas/User' }, { description: 'The new user.' }] } } }),
    ...call('GetUser', { UserName: { type: 'string' } }, { type: 'object', required: ['User'], properties: { User: { allOf: [{ $ref: '#/components/schemas/User' }, { description: 'The user.' }] } } }),
    ...call('ListUsers', { MaxItems: { type: 'integer' } }, { type: 'object', required: ['Users'], properties: { Users: { type: 'array', items: { $ref: '#/components/schemas/User' } }, IsTruncated: { type: 'boolean' } } }),
    ...call('DeleteUser', { UserName: { type: 'string', required: true } }, null),
    ...call('GetAccountSummary', {}, { type: 'object', properties: { SummaryMap: { type: 'object' } } }),
  },
});

const form = (text: string) => ({ method: 'POST', path: '/', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `${text}&Version=2010-05-08` });

describe("AWS's query protocol", () => {
  it('is understood as resources by call, its GET and POST variants one call', async () => {
    const { artifact } = await compileArtifact(iam);
    expect(artifact.resources.map((r) => [r.name, r.keyField, r.idField, r.recordField])).toEqual([['User', 'UserName', 'UserName', 'User']]);
    // GetAccountSummary's two variants are one call: no resource of its own.
    expect(artifact.operations.filter((op) => op.id.endsWith('GetAccountSummary')).map((op) => op.behaviour)).toEqual(['static', 'static']);
  });

  it('takes form-encoded calls as the SDKs send them and answers in the protocol’s XML', async () => {
    const { artifact } = await compileArtifact(iam);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const created = client.call(form('Action=CreateUser&UserName=bob&Path=%2Fops%2F'));
    expect([created.status, created.headers['content-type']]).toEqual([200, 'text/xml']);
    expect(created.text).toMatch(/^<\?xml version="1\.0" encoding="UTF-8"\?><CreateUserResponse><CreateUserResult><User><UserName>bob<\/UserName><Path>\/ops\/<\/Path>.*<\/User><\/CreateUserResult><ResponseMetadata><RequestId>[0-9a-f-]{36}<\/RequestId><\/ResponseMetadata><\/CreateUserResponse>$/);
    // The GET variant reads the same record; a list's items are `member`s.
    expect(client.call({ method: 'GET', path: '/', query: 'Action=GetUser&Version=2010-05-08&UserName=bob' }).text).toContain('<GetUserResult><User><UserName>bob</UserName>');
    expect(client.call(form('Action=ListUsers')).text).toMatch(/<Users><member><UserName>bob<\/UserName>.*<\/member><\/Users>/);
    const again = client.call(form('Action=CreateUser&UserName=bob'));
    expect(again.status).toBe(409);
    expect(again.text).toMatch(/<ErrorResponse><Error><Type>Sender<\/Type><Code>EntityAlreadyExists<\/Code><Message>[^<]*bob[^<]*<\/Message><\/Error><RequestId>/);
    // A call without output answers its envelope and an empty result.
    expect(client.call(form('Action=DeleteUser&UserName=bob')).text).toMatch(/<DeleteUserResponse><DeleteUserResult><\/DeleteUserResult><ResponseMetadata>/);
    const gone = client.call(form('Action=GetUser&UserName=bob'));
    expect(gone.status).toBe(404);
    expect(gone.text).toContain('<Code>NoSuchEntity</Code>');
  });

  it("names elements only as XML allows, whatever a record's fields are called", () => {
    expect(queryAnswerXml('Get', { '<x y="1">': 'a', '9lives': 'b', 'ok.name-1': 'c' }, 'id')).toContain('<GetResult><_x_y__1__>a</_x_y__1__><_9lives>b</_9lives><ok.name-1>c</ok.name-1></GetResult>');
  });

  it('escapes text and nests lists and objects', () => {
    expect(queryAnswerXml('Get', { A: 'x<&>y', B: [{ C: 1 }, { C: 2 }], D: { E: null } }, 'id')).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><GetResponse><GetResult><A>x&lt;&amp;&gt;y</A><B><member><C>1</C></member><member><C>2</C></member></B><D><E></E></D></GetResult><ResponseMetadata><RequestId>id</RequestId></ResponseMetadata></GetResponse>',
    );
  });
});
