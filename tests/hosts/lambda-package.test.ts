/**
 * The deployable Lambda zip (`npm run package:lambda`), built once for this file and run as
 * Lambda runs it: unzipped with no node_modules around it, `index.handler` imported in a process
 * per execution environment, on the Postgres server (a scratch database) and s3rver. Through
 * API Gateway REST (v1), HTTP API (v2) and function-URL events it builds a Simulator in its
 * bundled build worker, creates a Simulation and serves its data plane; a second execution
 * environment sees the first one's writes.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { createServerDatabase, type TestDatabase } from '@simplane/adapter-postgres/testing';
import { startTestS3Server, TEST_BUCKET, type TestS3Server } from '@simplane/adapter-s3/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ID, FUNCTION_URL, HTTP_API, payloadV2Event, restApiEvent, type EventRequest } from '../support/lambda-events.js';
import { buildLambdaZip, coldStart, type ExecutionEnvironment, type LambdaResponse, type UnzippedLambda } from '../support/lambda-zip.js';
import { NOTES } from '../support/notes-document.js';

const KEY = 'lambda-package-key-1';
const scratch = mkdtempSync(join(tmpdir(), 'simplane-lambda-zip-'));
const environments: ExecutionEnvironment[] = [];
let zip: UnzippedLambda;
let database: TestDatabase;
let s3: TestS3Server;
let env: Record<string, string>;

beforeAll(async () => {
  [zip, database, s3] = await Promise.all([buildLambdaZip(scratch), createServerDatabase(), startTestS3Server()]);
  env = {
    SIMPLANE_DATABASE_URL: database.url!,
    SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'),
    SIMPLANE_CONFIG_JSON: JSON.stringify({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }], log_level: 'silent' }),
    SIMPLANE_S3_BUCKET: TEST_BUCKET,
    SIMPLANE_S3_ENDPOINT: s3.connection.endpoint!,
    SIMPLANE_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: s3.connection.credentials!.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.connection.credentials!.secretAccessKey,
  };
}, 60_000);

afterAll(async () => {
  await Promise.all(environments.splice(0).map((environment) => environment.stop()));
  await Promise.all([database?.dispose(), s3?.close()]);
  rmSync(scratch, { recursive: true, force: true });
});

async function start(extra: Record<string, string> = {}): Promise<ExecutionEnvironment> {
  const environment = await coldStart(zip, { ...env, ...extra });
  environments.push(environment);
  return environment;
}

interface EventCall {
  method: string;
  target: string;
  headers?: Record<string, string>;
  /** Sent as JSON text. */
  json?: unknown;
  /** Sent base64-encoded, as both gateways send binary media such as multipart uploads. */
  bytes?: Uint8Array;
}

function requestOf(call: EventCall): EventRequest {
  // Payload 2.0 events carry their own domain as the host.
  const headers = { host: `${API_ID}.execute-api.us-east-1.amazonaws.com`, 'user-agent': 'vitest/1.0', 'x-forwarded-for': '203.0.113.7', 'x-forwarded-proto': 'https', ...call.headers };
  if (call.bytes !== undefined) return { method: call.method, target: call.target, headers, body: Buffer.from(call.bytes).toString('base64'), isBase64Encoded: true };
  if (call.json === undefined) return { method: call.method, target: call.target, headers, body: null, isBase64Encoded: false };
  return { method: call.method, target: call.target, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(call.json), isBase64Encoded: false };
}

const restApi = (call: EventCall) => restApiEvent(requestOf(call));
const httpApi = (call: EventCall) => payloadV2Event(requestOf(call), HTTP_API);
const functionUrl = (call: EventCall) => payloadV2Event(requestOf(call), FUNCTION_URL);
const withKey = (call: EventCall): EventCall => ({ ...call, headers: { authorization: `Bearer ${KEY}`, ...call.headers } });
const json = (response: LambdaResponse) => JSON.parse(response.isBase64Encoded === true ? Buffer.from(response.body, 'base64').toString('utf8') : response.body);

/** The multipart body `POST /v1/simulators` takes, as a client's FormData encodes it. */
async function simulatorUpload(spec: string, request: object): Promise<EventCall> {
  const form = new FormData();
  form.append('spec', new Blob([spec], { type: 'application/yaml' }), 'notes.yaml');
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  const encoded = new Response(form);
  return { method: 'POST', target: '/v1/simulators', headers: { 'content-type': encoded.headers.get('content-type')! }, bytes: new Uint8Array(await encoded.arrayBuffer()) };
}

/** Reads the Simulator until its build has ended: each read is one invocation. */
async function builtSimulator(environment: ExecutionEnvironment, id: string): Promise<{ status: string; error: unknown }> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const simulator = json(await environment.invoke(restApi(withKey({ method: 'GET', target: `/v1/simulators/${id}` }))));
    if (simulator.status !== 'building' && simulator.status !== 'pending') return simulator;
    if (Date.now() > deadline) throw new Error(`the build did not end: ${JSON.stringify(simulator)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the Lambda zip', () => {
  it('holds one bundled handler, its build worker and the catalog, and no node_modules or PGlite', () => {
    expect(zip.files).toEqual(expect.arrayContaining(['index.js', 'package.json', 'lib/handler.js', 'lib/build-worker.js', 'catalog/petstore.openapi.yaml', 'THIRD-PARTY-LICENSES.txt']));
    expect(zip.files.filter((file) => /node_modules|pglite|\.wasm$|\.data$|\.map$/i.test(file))).toEqual([]);
  });

  it('builds a Simulator, creates a Simulation and serves its data plane from v1, v2 and function-URL events', { timeout: 60_000 }, async () => {
    const first = await start();
    const upload = await first.invoke(httpApi(withKey(await simulatorUpload(NOTES, { references: ['notes:v1'] }))));
    expect(upload.statusCode).toBe(202);
    const simulator = await builtSimulator(first, json(upload).id);
    expect([simulator.status, simulator.error]).toEqual(['ready', null]);
    // The uploaded document and the build's artifact are on S3, not in the database.
    const stored = await s3.client().send(new ListObjectsV2Command({ Bucket: TEST_BUCKET }));
    expect(stored.KeyCount).toBeGreaterThan(0);

    const created = await first.invoke(functionUrl(withKey({ method: 'POST', target: '/v1/simulations', json: { simulator_id: 'notes:v1', sample_records: 0 } })));
    expect(created.statusCode).toBe(201);
    const simulation = json(created) as { id: string; token: string };
    const sim = (call: EventCall): EventCall => ({ ...call, target: `/sim/${simulation.id}${call.target}`, headers: { 'simulation-token': simulation.token } });

    const note = await first.invoke(restApi(sim({ method: 'POST', target: '/v1/notes', json: { text: 'from API Gateway REST' } })));
    expect(note.statusCode).toBe(201);
    const id = json(note).id as string;
    const read = await first.invoke(httpApi(sim({ method: 'GET', target: `/v1/notes/${id}` })));
    expect([read.statusCode, json(read)]).toEqual([200, { id, text: 'from API Gateway REST' }]);

    // Another execution environment, cold, on the same database and bucket.
    const second = await start();
    const listed = await second.invoke(functionUrl(sim({ method: 'GET', target: '/v1/notes' })));
    expect([listed.statusCode, json(listed)]).toEqual([200, [{ id, text: 'from API Gateway REST' }]]);
    const catalog = json(await second.invoke(httpApi(withKey({ method: 'GET', target: '/v1/simulators?source=catalog' }))));
    expect((catalog.simulators as Array<{ name: string }>).map((s) => s.name).sort()).toEqual(['catalog/customers', 'catalog/petstore']);
  });

  it('refuses a cold start without a PostgreSQL server, naming the variable', async () => {
    const { SIMPLANE_DATABASE_URL: _, ...withoutDatabase } = env;
    await expect(coldStart(zip, withoutDatabase)).rejects.toThrow(/SIMPLANE_DATABASE_URL: required/);
  });
});
