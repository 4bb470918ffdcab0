/**
 * The AWS SDK's own DynamoDB client drives a Simulation over a real loopback socket, as an
 * application under test would with its endpoint pointed at Simplane. The document is a part of
 * DynamoDB in the form APIs.guru converts AWS's documents to (`fixtures/dynamodb.openapi.json`):
 * the SDK signs, names the call in `X-Amz-Target`, sends `application/x-amz-json-1.0`, and reads
 * answers and `__type` errors as it would from AWS.
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
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeControlPlane, parseConfig, type ControlPlane } from '@simplane/cli';
import { createNodeListener } from '@simplane/host-node';

const KEY = 'aws-sdk-client-key-0001';
const documentUrl = new URL('./fixtures/dynamodb.openapi.json', import.meta.url);

let plane: ControlPlane;
let server: Server;
let dynamo: DynamoDBClient;
let stepsOf: () => Promise<Array<{ label: string; operation: string }>>;

beforeAll(async () => {
  plane = composeControlPlane(
    parseConfig({ log_level: 'silent', build_workers: 0, catalog: false, simulation_sweep_interval_ms: 0, organizations: [{ name: 'o', workspaces: [{ name: 'w', api_keys: [KEY] }] }] }),
  );
  server = createServer(createNodeListener(plane.handle)).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const auth = { authorization: `Bearer ${KEY}` };
  const upload = new FormData();
  upload.append('spec', new Blob([readFileSync(documentUrl)]), 'dynamodb.openapi.json');
  upload.append('request', JSON.stringify({ references: ['dynamodb:tables'] }));
  expect((await fetch(`${base}/v1/simulators`, { method: 'POST', headers: auth, body: upload })).status).toBe(202);
  await plane.scheduler.idle();
  const created = await fetch(`${base}/v1/simulations`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ simulator_id: 'dynamodb:tables', seed: 'aws-sdk', sample_records: 0 }),
  });
  expect(created.status).toBe(201);
  const sim = (await created.json()) as { id: string; token: string };
  stepsOf = async () => ((await (await fetch(`${base}/v1/simulations/${sim.id}/steps`, { headers: auth })).json()) as { steps: Array<{ label: string; operation: string }> }).steps;

  dynamo = new DynamoDBClient({ endpoint: `${base}/sim/${sim.id}`, region: 'eu-west-1', credentials: { accessKeyId: 'AKIDSIMULATED', secretAccessKey: 'simulated-secret' }, maxAttempts: 1 });
  // The Simulation's token goes with every call, beside the SDK's own signature.
  dynamo.middlewareStack.add(
    (next) => async (args) => {
      (args.request as { headers: Record<string, string> }).headers['simulation-token'] = sim.token;
      return next(args);
    },
    { step: 'build', name: 'simulationToken' },
  );
});

afterAll(async () => {
  dynamo.destroy();
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
