/**
 * The AWS SDK's own clients drive Simulations over a real loopback socket, as an application
 * under test would with its endpoint pointed at Simplane. The documents are parts of DynamoDB
 * (JSON protocol) and IAM (query protocol) in the form APIs.guru converts AWS's documents to
 * (`fixtures/dynamodb.openapi.json`, `fixtures/iam.openapi.json`): the SDK signs, names the call
 * in `X-Amz-Target` with `application/x-amz-json-1.0`, or posts it form-encoded, and reads
 * answers and errors (`__type`, `<ErrorResponse>`) as it would from AWS.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync } from 'node:fs';
import {
  CreateTableCommand,
  DeleteTableCommand,
  DescribeTableCommand,
  DynamoDBClient,
  ListTablesCommand,
  ResourceInUseException,
  ResourceNotFoundException,
  UpdateTableCommand,
  waitUntilTableExists,
} from '@aws-sdk/client-dynamodb';
import { CreateUserCommand, DeleteUserCommand, EntityAlreadyExistsException, GetUserCommand, IAMClient, ListUsersCommand, NoSuchEntityException, UpdateUserCommand } from '@aws-sdk/client-iam';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/composition';
import { createNodeListener } from '@simplane/host-node';

const KEY = 'aws-sdk-client-key-0001';
const START = '2024-05-01T12:00:00.000Z';

let plane: ControlPlane;
let server: Server;
let dynamo: DynamoDBClient;
let iam: IAMClient;
let stepsOf: () => Promise<Array<{ label: string; operation: string }>>;

/** A Simulation of one of the fixtures' documents: its endpoint and token. */
async function simulate(base: string, fixture: string, reference: string): Promise<{ id: string; token: string; endpoint: string }> {
  const auth = { authorization: `Bearer ${KEY}` };
  const upload = new FormData();
  upload.append('spec', new Blob([readFileSync(new URL(`./fixtures/${fixture}`, import.meta.url))]), fixture);
  upload.append('request', JSON.stringify({ references: [reference] }));
  expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload })).status).toBe(202);
  await plane.scheduler.idle();
  const created = await fetch(`${base}/v1/simulations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ simulator_id: reference, seed: 'aws-sdk', sample_records: 0, start_time: START }),
  });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };
  return { ...sim, endpoint: `${base}/sim/${sim.id}` };
}

/** Adds the Simulation's token to every call of a client, beside the SDK's own signature. */
function withToken(client: DynamoDBClient | IAMClient, token: string): void {
  // Both stacks take the same build-step middleware; their types differ only in the commands' inputs.
  (client.middlewareStack as DynamoDBClient['middlewareStack']).add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers['simulation-token'] = token;
      return next(args);
    },
    { step: 'build', name: 'simulationToken' },
  );
}

const credentials = { accessKeyId: 'AKIDSIMULATED', secretAccessKey: 'simulated-secret' };

beforeAll(async () => {
  plane = composeControlPlane(
    parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }),
  );
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const tables = await simulate(base, 'dynamodb.openapi.json', 'dynamodb:tables');
  stepsOf = async () => ((await (await fetch(`${base}/v1/simulations/${tables.id}/steps`, { headers: { authorization: `Bearer ${KEY}` } })).json()) as { steps: Array<{ label: string; operation: string }> }).steps;
  dynamo = new DynamoDBClient({ endpoint: tables.endpoint, region: 'eu-west-1', credentials, maxAttempts: 1 });
  withToken(dynamo, tables.token);

  const users = await simulate(base, 'iam.openapi.json', 'iam:users');
  iam = new IAMClient({ endpoint: users.endpoint, region: 'us-east-1', credentials, maxAttempts: 1 });
  withToken(iam, users.token);
});

afterAll(async () => {
  dynamo.destroy();
  iam.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await plane.close();
});

describe('the AWS SDK for JavaScript against a DynamoDB Simulation', () => {
  it('creates, describes, lists, updates and deletes a table', async () => {
    const keySchema = [{ AttributeName: 'Artist', KeyType: 'HASH' as const }];
    const attributes = [{ AttributeName: 'Artist', AttributeType: 'S' as const }];
    const created = await dynamo.send(new CreateTableCommand({ TableName: 'Music', KeySchema: keySchema, AttributeDefinitions: attributes, BillingMode: 'PAY_PER_REQUEST' }));
    expect(created.$metadata.httpStatusCode).toBe(200);
    expect(created.TableDescription).toMatchObject({ TableName: 'Music', KeySchema: keySchema, AttributeDefinitions: attributes });

    const described = await dynamo.send(new DescribeTableCommand({ TableName: 'Music' }));
    expect(described.Table).toEqual(created.TableDescription);
    // Ready at once, though the document lists CREATING first: the SDK's waiter returns on its first look.
    expect(described.Table?.TableStatus).toBe('ACTIVE');
    expect((await waitUntilTableExists({ client: dynamo, maxWaitTime: 5, minDelay: 1 }, { TableName: 'Music' })).state).toBe('SUCCESS');

    await dynamo.send(new CreateTableCommand({ TableName: 'Films', KeySchema: keySchema, AttributeDefinitions: attributes }));
    expect((await dynamo.send(new ListTablesCommand({}))).TableNames).toEqual(['Music', 'Films']);

    const updated = await dynamo.send(new UpdateTableCommand({ TableName: 'Films', BillingMode: 'PROVISIONED' }));
    expect(updated.TableDescription?.TableName).toBe('Films');

    const deleted = await dynamo.send(new DeleteTableCommand({ TableName: 'Music' }));
    expect(deleted.TableDescription?.TableName).toBe('Music');
    expect((await dynamo.send(new ListTablesCommand({}))).TableNames).toEqual(['Films']);

    // Every write is a step, named by the call; the waiter's reads are none.
    expect((await stepsOf()).map((s) => s.operation)).toEqual(['CreateTable', 'CreateTable', 'UpdateTable', 'DeleteTable']);
  });

  it("raises the SDK's own exceptions for a table that is not there or already is", async () => {
    const missing = dynamo.send(new DescribeTableCommand({ TableName: 'Nowhere' }));
    await expect(missing).rejects.toBeInstanceOf(ResourceNotFoundException);
    await expect(missing).rejects.toMatchObject({ $metadata: { httpStatusCode: 400 }, message: expect.stringContaining('Nowhere') });
    const again = dynamo.send(new CreateTableCommand({ TableName: 'Films', KeySchema: [{ AttributeName: 'Id', KeyType: 'HASH' }], AttributeDefinitions: [{ AttributeName: 'Id', AttributeType: 'S' }] }));
    await expect(again).rejects.toBeInstanceOf(ResourceInUseException);
  });
});

describe('the AWS SDK for JavaScript against an IAM Simulation (query protocol)', () => {
  it('creates, reads, lists, updates and deletes a user, each answer parsed by the SDK from XML', async () => {
    const created = await iam.send(new CreateUserCommand({ UserName: 'bob', Path: '/engineering/' }));
    expect(created.User).toMatchObject({ UserName: 'bob', Path: '/engineering/', UserId: expect.any(String), Arn: expect.any(String) });
    // A query-protocol timestamp is text: the SDK reads the Simulation's clock.
    expect(created.User?.CreateDate?.toISOString()).toBe(START);
    expect((await iam.send(new GetUserCommand({ UserName: 'bob' }))).User).toEqual(created.User);

    await iam.send(new CreateUserCommand({ UserName: 'ann' }));
    expect((await iam.send(new ListUsersCommand({}))).Users?.map((u) => u.UserName)).toEqual(['bob', 'ann']);

    await iam.send(new UpdateUserCommand({ UserName: 'ann', NewPath: '/sales/' }));
    await iam.send(new DeleteUserCommand({ UserName: 'bob' }));
    expect((await iam.send(new ListUsersCommand({}))).Users?.map((u) => u.UserName)).toEqual(['ann']);
  });

  it('keeps a list of structures the SDK writes one leaf a form field (Tags.member.1.Key), and answers it as members', async () => {
    const tags = [
      { Key: 'team', Value: 'payments' },
      { Key: 'cost-center', Value: '42' },
    ];
    await iam.send(new CreateUserCommand({ UserName: 'dana', Tags: tags }));
    expect((await iam.send(new GetUserCommand({ UserName: 'dana' }))).User?.Tags).toEqual(tags);
  });

  it("raises the SDK's own exceptions from the XML error", async () => {
    const missing = iam.send(new GetUserCommand({ UserName: 'nobody' }));
    await expect(missing).rejects.toBeInstanceOf(NoSuchEntityException);
    await expect(missing).rejects.toMatchObject({ $metadata: { httpStatusCode: 404 }, message: expect.stringContaining('nobody') });
    await iam.send(new CreateUserCommand({ UserName: 'carol' }));
    await expect(iam.send(new CreateUserCommand({ UserName: 'carol' }))).rejects.toBeInstanceOf(EntityAlreadyExistsException);
  });
});
