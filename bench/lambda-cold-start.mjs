// The deployable Lambda zip's cold start (docs/performance.md, *Lambda cold start*): the zip that
// `npm run package:lambda` writes, unzipped, and each execution environment a process of its own
// that imports `index.js` as Lambda's runtime does. A cold start is timed from the import (module
// load, then `openControlPlane` on Postgres + S3: pool, migrations checked, tenants, catalog) to
// the answer of its first API Gateway v2 event, a data-plane read of a pet store Simulation; a
// warm invocation is the same event answered again by the same process. The first cold start
// on a fresh database migrates it and is shown apart. Postgres is a scratch database on the
// server at 127.0.0.1:5432 (or BENCH_POSTGRES_URL), S3 is s3rver on loopback.
// `node bench/lambda-cold-start.mjs` runs it alone (after `npm run build`).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { unzipSync } from 'fflate';
import { startTestS3Server, TEST_BUCKET } from '../packages/adapter-s3/dist/testing/test-s3-server.js';
import { packageLambda } from '../scripts/package-lambda.mjs';
import { createScratchDatabase } from './scratch-database.mjs';

const COLD_STARTS = 5;
const WARM = 200;
const KEY = 'bench-lambda-key-1';

// Plays Lambda's runtime: times the import and the first invocation, then answers events sent to it.
const RUNTIME = `
const started = performance.now();
let handler;
try {
  ({ handler } = await import(process.argv[2]));
} catch (error) {
  // Refused at its configuration: what loading the modules alone costs.
  process.send({ loadMs: performance.now() - started, refused: error.message });
  await new Promise(() => {});
}
const loaded = performance.now();
process.on('message', async ({ event, times }) => {
  const results = [];
  for (let n = 0; n < times; n += 1) {
    const at = performance.now();
    const result = await handler(event, {});
    results.push({ status: result.statusCode, body: result.body, ms: performance.now() - at, sinceImport: performance.now() - started });
  }
  process.send(results);
});
process.send({ loadMs: loaded - started });
`;

const scratch = mkdtempSync(join(tmpdir(), 'simplane-bench-lambda-'));
const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill();
});

function v2Event(method, path, headers = {}, body) {
  return {
    version: '2.0',
    routeKey: '$default',
    rawPath: path,
    rawQueryString: '',
    headers: { host: 'a1b2c3d4e5.execute-api.us-east-1.amazonaws.com', ...headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    requestContext: {
      accountId: '123456789012',
      apiId: 'a1b2c3d4e5',
      domainName: 'a1b2c3d4e5.execute-api.us-east-1.amazonaws.com',
      domainPrefix: 'a1b2c3d4e5',
      http: { method, path, protocol: 'HTTP/1.1', sourceIp: '203.0.113.7', userAgent: 'bench' },
      requestId: 'bench',
      routeKey: '$default',
      stage: '$default',
      time: '09/Apr/2025:12:34:56 +0000',
      timeEpoch: 1744202096000,
    },
    isBase64Encoded: false,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  };
}

/** A new execution environment; resolves once its handler module has loaded. */
async function coldStart(taskRoot, runtime, env) {
  const child = spawn(process.execPath, [runtime, join(taskRoot, 'index.js')], { cwd: taskRoot, env, stdio: ['ignore', 'ignore', 'pipe', 'ipc'] });
  children.add(child);
  // Its log is shown only if it fails (the AWS SDK warns about Node 20 on every start).
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((_, reject) => child.once('exit', (code) => reject(new Error(`the execution environment exited with ${code}:\n${stderr}`))));
  exited.catch(() => undefined);
  const next = () => Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  const { loadMs } = await next();
  return {
    loadMs,
    /** Sends `event` `times` times in a row; answers each result. */
    async invoke(event, times = 1) {
      const results = next();
      child.send({ event, times });
      return results;
    },
    stop() {
      children.delete(child);
      child.kill();
    },
  };
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const p95 = (values) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1];
const ms = (value) => `${value.toFixed(value < 10 ? 2 : 0)} ms`;
const mib = (bytes) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;

const database = await createScratchDatabase();
const s3 = await startTestS3Server();
try {
  const zip = await packageLambda(join(scratch, 'simplane-lambda.zip'));
  const taskRoot = join(scratch, 'task');
  const files = unzipSync(readFileSync(zip.path));
  for (const [name, data] of Object.entries(files)) {
    mkdirSync(dirname(join(taskRoot, name)), { recursive: true });
    writeFileSync(join(taskRoot, name), data);
  }
  const runtime = join(scratch, 'runtime.mjs');
  writeFileSync(runtime, RUNTIME);
  const env = {
    PATH: process.env.PATH,
    AWS_REGION: 'us-east-1',
    SIMPLANE_DATABASE_URL: database.url,
    SIMPLANE_SECRET_KEY: randomBytes(32).toString('base64'),
    SIMPLANE_CONFIG_JSON: JSON.stringify({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [KEY] }] }], log_level: 'silent' }),
    SIMPLANE_S3_BUCKET: TEST_BUCKET,
    SIMPLANE_S3_ENDPOINT: s3.connection.endpoint,
    SIMPLANE_S3_FORCE_PATH_STYLE: 'true',
    AWS_ACCESS_KEY_ID: s3.connection.credentials.accessKeyId,
    AWS_SECRET_ACCESS_KEY: s3.connection.credentials.secretAccessKey,
  };

  // The first environment migrates the database and installs the catalog; its pet store is
  // built, and a Simulation of it created, before anything is timed.
  const first = await coldStart(taskRoot, runtime, env);
  const auth = { authorization: `Bearer ${KEY}` };
  const health = await first.invoke(v2Event('GET', '/health'));
  const migrating = { loadMs: first.loadMs, firstMs: health[0].ms, coldMs: health[0].sinceImport };
  let simulation;
  for (const deadline = Date.now() + 60_000; ; ) {
    const [created] = await first.invoke(v2Event('POST', '/v1/simulations', auth, { simulator_id: 'catalog/petstore:1.0', sample_records: 0 }));
    if (created.status === 201) {
      simulation = JSON.parse(created.body);
      break;
    }
    if (Date.now() > deadline) throw new Error(`no pet store Simulation: ${created.body}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  first.stop();
  const read = v2Event('GET', `/sim/${simulation.id}/pets`, { 'simulation-token': simulation.token, 'x-api-key': 'bench' });

  const colds = [];
  let warm = [];
  for (let n = 0; n < COLD_STARTS; n += 1) {
    const environment = await coldStart(taskRoot, runtime, env);
    const [cold, ...rest] = await environment.invoke(read, n === 0 ? WARM + 1 : 1);
    if (cold.status !== 200) throw new Error(`the first read answered ${cold.status}: ${cold.body}`);
    colds.push({ loadMs: environment.loadMs, firstMs: cold.ms, coldMs: cold.sinceImport });
    if (n === 0) warm = rest.map((r) => r.ms);
    environment.stop();
  }
  const cold = median(colds.map((c) => c.coldMs));
  // Without a database the handler module is refused once its code has loaded and run.
  const { SIMPLANE_DATABASE_URL: _, ...unconfigured } = env;
  const loads = [];
  for (let n = 0; n < COLD_STARTS; n += 1) {
    const environment = await coldStart(taskRoot, runtime, unconfigured);
    loads.push(environment.loadMs);
    environment.stop();
  }
  const warmMedian = median(warm);

  console.log(`\nLambda cold start: the packaged zip on Postgres + S3 (s3rver), node ${process.version}\n`);
  console.log(`Zip: ${mib(zip.bytes)}, ${zip.files.length} files.\n`);
  console.log('| Invocation | Module load + openControlPlane | First event answered in | Import to first answer |');
  console.log('|---|---:|---:|---:|');
  console.log(`| First cold start, migrating a fresh database | ${ms(migrating.loadMs)} | ${ms(migrating.firstMs)} (GET /health) | ${ms(migrating.coldMs)} |`);
  console.log(`| Module code alone, median of ${COLD_STARTS} (refused without a database) | ${ms(median(loads))} | | |`);
  console.log(`| Cold start, median of ${COLD_STARTS} | ${ms(median(colds.map((c) => c.loadMs)))} | ${ms(median(colds.map((c) => c.firstMs)))} | ${ms(cold)} |`);
  console.log(`| Warm invocation, median of ${WARM} (p95 ${ms(p95(warm))}) | | ${ms(warmMedian)} | |`);
  console.log(`\nCold ÷ warm: ${(cold / warmMedian).toFixed(0)}×\n`);
} finally {
  await s3.close();
  await database.drop();
  rmSync(scratch, { recursive: true, force: true });
}
