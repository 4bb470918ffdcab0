import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient } from '../../../testing/sim-client.js';

/**
 * AWS's JSON protocol as APIs.guru's documents give it: every call a POST to `/` named by the
 * `X-Amz-Target` header, records wrapped in a field of each answer and described anew at each
 * use (`allOf` with a description), exceptions as responses named by their description under
 * invented statuses.
 */
const use = (name: string, description: string) => ({ allOf: [{ $ref: `#/components/schemas/${name}` }, { description }] });
const exceptions = {
  '480': { description: 'ResourceNotFoundException', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceNotFoundException' } } } },
  '481': { description: 'ResourceInUseException', content: { 'application/json': { schema: { $ref: '#/components/schemas/ResourceInUseException' } } } },
};
function requestSchema(request: Record<string, unknown>) {
  const { __required, ...properties } = request;
  return { type: 'object', properties, ...(Array.isArray(__required) ? { required: __required } : {}) };
}
/** Paging parameters as the converted documents declare them: in the query, while the SDKs send them in the body. */
const paging = ['MaxResults', 'NextToken'].map((name) => ({ name, in: 'query', required: false, schema: { type: 'string' } }));
function call(service: string, name: string, request: Record<string, unknown>, response: Record<string, unknown> | null) {
  return {
    [`/#X-Amz-Target=${service}.${name}`]: {
      post: {
        operationId: name,
        parameters: [{ name: 'X-Amz-Target', in: 'header', required: true, schema: { type: 'string', enum: [`${service}.${name}`] } }, ...(name.startsWith('List') ? paging : [])],
        requestBody: { required: true, content: { 'application/json': { schema: requestSchema(request) } } },
        responses: { '200': response === null ? { description: 'Success' } : { description: 'Success', content: { 'application/json': { schema: { type: 'object', properties: response } } } }, ...exceptions },
      },
    },
  };
}

const table = {
  type: 'object',
  properties: { TableName: { type: 'string', minLength: 3 }, TableId: { type: 'string', format: 'uuid' }, TableStatus: { type: 'string', enum: ['CREATING', 'ACTIVE', 'DELETING'] }, BillingMode: { type: 'string' } },
};
const name = { type: 'string', minLength: 3 };
const dynamo = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Amazon DynamoDB', version: '2012-08-10' },
  components: { schemas: { TableDescription: table, ResourceNotFoundException: {}, ResourceInUseException: {} } },
  paths: {
    ...call('DynamoDB_20120810', 'CreateTable', { TableName: name, BillingMode: { type: 'string' } }, { TableDescription: use('TableDescription', 'The new table.') }),
    ...call('DynamoDB_20120810', 'DescribeTable', { TableName: name }, { Table: use('TableDescription', 'The table.') }),
    ...call('DynamoDB_20120810', 'ListTables', { Limit: { type: 'integer' } }, { TableNames: { type: 'array', items: name } }),
    ...call('DynamoDB_20120810', 'UpdateTable', { TableName: name, BillingMode: { type: 'string' } }, { TableDescription: use('TableDescription', 'The table after the update.') }),
    ...call('DynamoDB_20120810', 'DeleteTable', { TableName: name }, { TableDescription: use('TableDescription', 'The deleted table.') }),
    ...call('DynamoDB_20120810', 'BatchGetItem', { RequestItems: { type: 'object' } }, { Responses: { type: 'object' } }),
  },
});

const pool = { type: 'object', properties: { Id: { type: 'string', pattern: '^[\\w-]+_[0-9a-zA-Z]+$' }, Name: { type: 'string' }, MfaConfiguration: { type: 'string', enum: ['OFF', 'ON', 'OPTIONAL'] } } };
const group = { type: 'object', properties: { GroupName: { type: 'string' }, UserPoolId: { type: 'string' }, Description: { type: 'string' } } };
/** A request schema requiring `required` of its fields. */
const requiring = (properties: Record<string, unknown>, required: string[]) => ({ __required: required, ...properties });
const cognito = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'Amazon Cognito Identity Provider', version: '2016-04-18' },
  components: { schemas: { UserPoolType: pool, GroupType: group, UserType: { type: 'object', properties: { Username: { type: 'string' }, Attributes: { type: 'array', items: { type: 'object' } }, Enabled: { type: 'boolean' }, UserStatus: { type: 'string' } } }, ResourceNotFoundException: {}, ResourceInUseException: {} } },
  paths: {
    ...call('AWSCognitoIdentityProviderService', 'CreateGroup', requiring({ UserPoolId: { type: 'string' }, GroupName: { type: 'string' }, Description: { type: 'string' } }, ['UserPoolId', 'GroupName']), { Group: use('GroupType', 'The new group.') }),
    ...call('AWSCognitoIdentityProviderService', 'GetGroup', requiring({ UserPoolId: { type: 'string' }, GroupName: { type: 'string' } }, ['GroupName', 'UserPoolId']), { Group: use('GroupType', 'The group.') }),
    ...call('AWSCognitoIdentityProviderService', 'AdminCreateUser', requiring({ UserPoolId: { type: 'string' }, Username: { type: 'string' } }, ['UserPoolId', 'Username']), { User: use('UserType', 'The new user.') }),
    ...call('AWSCognitoIdentityProviderService', 'AdminGetUser', requiring({ UserPoolId: { type: 'string' }, Username: { type: 'string' } }, ['UserPoolId', 'Username']), {
      Username: { type: 'string' },
      UserAttributes: { type: 'array', items: { type: 'object' } },
      Enabled: { type: 'boolean' },
      UserStatus: { type: 'string' },
    }),
    ...call('AWSCognitoIdentityProviderService', 'ListGroups', requiring({ UserPoolId: { type: 'string' } }, ['UserPoolId']), { Groups: { type: 'array', items: { $ref: '#/components/schemas/GroupType' } } }),
    ...call('AWSCognitoIdentityProviderService', 'CreateUserPool', { PoolName: { type: 'string' } }, { UserPool: use('UserPoolType', 'The new pool.') }),
    ...call('AWSCognitoIdentityProviderService', 'DescribeUserPool', { UserPoolId: { type: 'string' } }, { UserPool: use('UserPoolType', 'The pool.') }),
    ...call('AWSCognitoIdentityProviderService', 'ListUserPools', { MaxResults: { type: 'integer' } }, { UserPools: { type: 'array', items: { $ref: '#/components/schemas/UserPoolType' } }, NextToken: { type: 'string' } }),
    ...call('AWSCognitoIdentityProviderService', 'UpdateUserPool', { UserPoolId: { type: 'string' }, MfaConfiguration: { type: 'string' } }, {}),
    ...call('AWSCognitoIdentityProviderService', 'DeleteUserPool', { UserPoolId: { type: 'string' } }, null),
  },
});

/** Three more manners: KMS's `{KeyMetadata}`, WAF's create answering a summary, Athena's work group named by its `Name`. */
const keyMetadata = { type: 'object', properties: { KeyId: { type: 'string' }, Arn: { type: 'string' }, Description: { type: 'string' }, KeyState: { type: 'string', enum: ['Enabled', 'Disabled'] } } };
const ipSet = { type: 'object', properties: { Name: { type: 'string' }, Id: { type: 'string' }, ARN: { type: 'string' }, Addresses: { type: 'array', items: { type: 'string' } } } };
const summary = { type: 'object', properties: { Name: { type: 'string' }, Id: { type: 'string' }, ARN: { type: 'string' }, LockToken: { type: 'string' } } };
const workGroup = { type: 'object', properties: { Name: { type: 'string' }, State: { type: 'string', enum: ['ENABLED', 'DISABLED'] }, Description: { type: 'string' } } };
const manners = JSON.stringify({
  openapi: '3.0.0',
  info: { title: 'AWS manners', version: '1' },
  components: { schemas: { KeyMetadata: keyMetadata, IPSet: ipSet, IPSetSummary: summary, WorkGroup: workGroup, ResourceNotFoundException: {}, ResourceInUseException: {} } },
  paths: {
    ...call('Svc', 'CreateKey', { Description: { type: 'string' } }, { KeyMetadata: use('KeyMetadata', 'The key.') }),
    ...call('Svc', 'DescribeKey', { KeyId: { type: 'string' } }, { KeyMetadata: use('KeyMetadata', 'The key.') }),
    ...call('Svc', 'CreateIPSet', { Name: { type: 'string' }, Addresses: { type: 'array', items: { type: 'string' } } }, { Summary: use('IPSetSummary', 'What was made.') }),
    ...call('Svc', 'GetIPSet', { Name: { type: 'string' }, Id: { type: 'string' } }, { IPSet: use('IPSet', 'The set.'), LockToken: { type: 'string' } }),
    ...call('Svc', 'CreateWorkGroup', { Name: { type: 'string' }, Description: { type: 'string' } }, {}),
    ...call('Svc', 'GetWorkGroup', { WorkGroup: { type: 'string' } }, { WorkGroup: use('WorkGroup', 'The work group.') }),
  },
});

async function open(document: string, target: string) {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  const send = (name: string, body: Record<string, unknown>) => {
    const answer = client.call({ method: 'POST', path: '/', headers: { 'x-amz-target': `${target}.${name}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    if (answer.status === 200) expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { artifact, send };
}

describe("AWS's JSON protocol", () => {
  it('is understood as resources by each call name: the verb first, the resource after it', async () => {
    const { artifact } = await open(dynamo, 'DynamoDB_20120810');
    expect(artifact.resources).toHaveLength(1);
    expect(artifact.resources[0]).toMatchObject({
      name: 'Table',
      keyField: 'TableName',
      // The table is named by its own name: the name a create gives is the one later calls use.
      idField: 'TableName',
      recordField: 'Table',
      itemSchema: { $ref: '#/schemas/TableDescription' },
      operations: { create: 'CreateTable', read: 'DescribeTable', list: 'ListTables', update: 'UpdateTable', delete: 'DeleteTable' },
    });
    const understood = Object.fromEntries(artifact.operations.map((op) => [op.id, [op.behaviour, op.readOnly]]));
    expect(understood).toMatchObject({ DescribeTable: ['read', true], ListTables: ['list', true], BatchGetItem: ['static', true] });
  });

  it('keeps a created table under its name, answers it in each call’s own field, lists its name and forgets it when deleted', async () => {
    const { send } = await open(dynamo, 'DynamoDB_20120810');
    const created = send('CreateTable', { TableName: 'Music', BillingMode: 'PAY_PER_REQUEST' });
    expect(created.status).toBe(200);
    const description = (created.json as { TableDescription: Record<string, unknown> }).TableDescription;
    expect(description).toMatchObject({ TableName: 'Music', BillingMode: 'PAY_PER_REQUEST' });
    expect(send('DescribeTable', { TableName: 'Music' }).json).toEqual({ Table: description });
    expect(send('ListTables', {}).json).toEqual({ TableNames: ['Music'] });
    expect((send('UpdateTable', { TableName: 'Music', BillingMode: 'PROVISIONED' }).json as { TableDescription: unknown }).TableDescription).toEqual({ ...description, BillingMode: 'PROVISIONED' });

    const again = send('CreateTable', { TableName: 'Music' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ __type: 'ResourceInUseException', message: expect.stringContaining('Music') });
    expect(again.headers['x-amzn-errortype']).toBe('ResourceInUseException');

    expect(send('DeleteTable', { TableName: 'Music' }).status).toBe(200);
    const gone = send('DescribeTable', { TableName: 'Music' });
    expect(gone.status).toBe(400);
    expect(gone.json).toMatchObject({ __type: 'ResourceNotFoundException' });
    expect(send('ListTables', {}).json).toEqual({ TableNames: [] });
  });

  it('names a minted record by the field its calls give (UserPoolId is the pool’s Id), and answers an empty answer as one', async () => {
    const { artifact, send } = await open(cognito, 'AWSCognitoIdentityProviderService');
    expect(artifact.resources.find((r) => r.name === 'UserPool')).toMatchObject({ keyField: 'UserPoolId', idField: 'Id', recordField: 'UserPool', parent: null });
    const created = (send('CreateUserPool', { PoolName: 'staff' }).json as { UserPool: { Id: string } }).UserPool;
    expect(created.Id).toMatch(/^[\w-]+_[0-9a-zA-Z]+$/);
    expect(send('DescribeUserPool', { UserPoolId: created.Id }).json).toEqual({ UserPool: created });
    const updated = send('UpdateUserPool', { UserPoolId: created.Id, MfaConfiguration: 'ON' });
    expect(updated.json).toEqual({});
    expect((send('DescribeUserPool', { UserPoolId: created.Id }).json as { UserPool: unknown }).UserPool).toEqual({ ...created, MfaConfiguration: 'ON' });
    expect((send('ListUserPools', { MaxResults: 10 }).json as { UserPools: unknown[] }).UserPools).toEqual([{ ...created, MfaConfiguration: 'ON' }]);
    const other = (send('CreateUserPool', { PoolName: 'guests' }).json as { UserPool: { Id: string } }).UserPool;
    // Paging as the SDKs send it, in the body.
    const first = send('ListUserPools', { MaxResults: 1 }).json as { UserPools: Array<{ Id: string }>; NextToken: string };
    expect(first.UserPools.map((p) => p.Id)).toEqual([created.Id]);
    const second = send('ListUserPools', { MaxResults: 1, NextToken: first.NextToken }).json as { UserPools: Array<{ Id: string }>; NextToken?: string | null };
    expect(second.UserPools.map((p) => p.Id)).toEqual([other.Id]);
    const deleted = send('DeleteUserPool', { UserPoolId: created.Id });
    expect([deleted.status, deleted.json]).toEqual([200, {}]);
    expect(send('DescribeUserPool', { UserPoolId: created.Id }).json).toMatchObject({ __type: 'ResourceNotFoundException' });
  });

  it('finds the record in a field named after the resource, answers a summary of it where a create does, and names a record by its Name', async () => {
    const { artifact, send } = await open(manners, 'Svc');
    expect(artifact.resources.map((r) => [r.name, r.recordField, r.keyField, r.idField])).toEqual([
      ['IPSet', 'IPSet', 'Id', 'Id'],
      ['Key', 'KeyMetadata', 'KeyId', 'KeyId'],
      ['WorkGroup', 'WorkGroup', 'WorkGroup', 'Name'],
    ]);
    const key = (send('CreateKey', { Description: 'signing' }).json as { KeyMetadata: { KeyId: string } }).KeyMetadata;
    expect(key).toMatchObject({ Description: 'signing', KeyId: expect.any(String) });
    expect(send('DescribeKey', { KeyId: key.KeyId }).json).toEqual({ KeyMetadata: key });

    const made = (send('CreateIPSet', { Name: 'office', Addresses: ['10.0.0.0/8'] }).json as { Summary: Record<string, unknown> }).Summary;
    // The summary holds the record's own values of the fields it declares, and generated values for the rest.
    expect(made).toMatchObject({ Name: 'office', Id: expect.any(String) });
    expect(made).not.toHaveProperty('Addresses');
    const read = send('GetIPSet', { Name: 'office', Id: made.Id as string }).json as { IPSet: Record<string, unknown>; LockToken: string };
    expect(read.IPSet).toMatchObject({ Name: 'office', Id: made.Id, Addresses: ['10.0.0.0/8'] });

    expect(send('CreateWorkGroup', { Name: 'analysts', Description: 'BI' }).json).toEqual({});
    // A new record starts in the first state of its enum.
    expect(send('GetWorkGroup', { WorkGroup: 'analysts' }).json).toEqual({ WorkGroup: { Name: 'analysts', Description: 'BI', State: 'ENABLED' } });
    expect(send('GetWorkGroup', { WorkGroup: 'nobody' }).json).toMatchObject({ __type: 'ResourceNotFoundException' });
  });

  it('keeps a record named within a parent under that parent: a group per user pool', async () => {
    const { artifact, send } = await open(cognito, 'AWSCognitoIdentityProviderService');
    expect(artifact.resources.find((r) => r.name === 'Group')).toMatchObject({ keyField: 'GroupName', idField: 'GroupName', parent: 'UserPool', parentParameter: 'UserPoolId', scopeParameters: ['UserPoolId'] });
    const first = (send('CreateUserPool', { PoolName: 'staff' }).json as { UserPool: { Id: string } }).UserPool.Id;
    const second = (send('CreateUserPool', { PoolName: 'guests' }).json as { UserPool: { Id: string } }).UserPool.Id;
    expect(send('CreateGroup', { UserPoolId: first, GroupName: 'admins', Description: 'staff admins' }).status).toBe(200);
    // The same name in another pool is another group.
    expect(send('CreateGroup', { UserPoolId: second, GroupName: 'admins', Description: 'guest admins' }).status).toBe(200);
    expect(send('GetGroup', { UserPoolId: first, GroupName: 'admins' }).json).toEqual({ Group: { UserPoolId: first, GroupName: 'admins', Description: 'staff admins' } });
    expect(send('GetGroup', { UserPoolId: second, GroupName: 'admins' }).json).toMatchObject({ Group: { Description: 'guest admins' } });
    expect((send('ListGroups', { UserPoolId: first }).json as { Groups: unknown[] }).Groups).toEqual([{ UserPoolId: first, GroupName: 'admins', Description: 'staff admins' }]);
    expect(send('CreateGroup', { UserPoolId: first, GroupName: 'admins' }).json).toMatchObject({ __type: 'ResourceInUseException' });
    // A pool nobody created has no groups, and none can be made in it.
    const orphan = send('CreateGroup', { UserPoolId: 'eu-west-1_nobody', GroupName: 'admins' });
    expect([orphan.status, (orphan.json as { __type: string }).__type]).toEqual([400, 'ResourceNotFoundException']);
    expect(send('GetGroup', { UserPoolId: 'eu-west-1_nobody', GroupName: 'admins' }).json).toMatchObject({ __type: 'ResourceNotFoundException' });
  });

  it('reads Admin calls as calls on their resource, answers a create that wraps a record its read answers bare, and keeps no parent key in the record', async () => {
    const { artifact, send } = await open(cognito, 'AWSCognitoIdentityProviderService');
    expect(artifact.resources.find((r) => r.name === 'User')).toMatchObject({ keyField: 'Username', parent: 'UserPool', operations: { create: 'AdminCreateUser', read: 'AdminGetUser' } });
    const pool = (send('CreateUserPool', { PoolName: 'staff' }).json as { UserPool: { Id: string } }).UserPool.Id;
    expect(send('AdminCreateUser', { UserPoolId: pool, Username: 'ann' }).json).toEqual({ User: { Username: 'ann' } });
    expect(send('AdminGetUser', { UserPoolId: pool, Username: 'ann' }).json).toEqual({ Username: 'ann' });
  });
});
