// The server side of bench/data-plane.mjs, in its own process so the load generator and the
// server each have a core. `bare`: node:http answering a fixed JSON body, the baseline.
// `node-fixed`: the node:http host with a handler answering a fixed body (the host's own cost).
// `least`: a hand-written stateful pet store on bare node:http, the least any platform must do.
// `node`: `simplane serve --memory` itself (host-node, default config or BENCH_CONFIG, a log line
// per request on stderr); `node-embedded` the same on its default storage, a fresh data directory
// (PGlite and files); `node-postgres` the same on the Postgres database at BENCH_DATABASE_URL, as
// SIMPLANE_DATABASE_URL gives it. The load generator makes its Simulation of the catalog pet
// store over HTTP, so no client code (fetch) runs in a server process: code that ran once and a
// full collection while idle leave a process slower (docs/performance.md). `node-quiet`: `node`
// with `log_level: warn`, so no access line per request (what the line costs). `express-plain`:
// a plain Express app answering the fixed body, what Express itself costs. `express`: `serve`'s
// control plane, composed as `serve` composes it, on host-express. Prints one JSON line for
// the load generator.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { bootstrapDefaultTenant, serve } from '../packages/cli/dist/index.js';
import { composeControlPlane, loadConfigFile, parseConfig } from '../packages/composition/dist/index.js';
import { createExpressApp } from '../packages/host-express/dist/index.js';
import { createNodeListener } from '../packages/host-node/dist/index.js';

const kind = process.argv[2];
// The Express that host-express itself loads, whatever else is installed.
const express = createRequire(new URL('../packages/host-express/package.json', import.meta.url))('express');
const FIXED_VALUE = { id: 1, name: 'Rex', tag: 'dog', status: 'available' };
const FIXED = Buffer.from(JSON.stringify(FIXED_VALUE));

async function listen(server) {
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${server.address().port}`;
}

if (kind === 'bare') {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': FIXED.byteLength });
      res.end(FIXED);
    });
  });
  const url = await listen(server);
  process.stdout.write(`${JSON.stringify({ url, get: '/', post: '/', headers: {} })}\n`);
} else if (kind === 'least') {
  // The least a stateful simulation of POST /pets and GET /pets/{id} must do, written by hand
  // for this one API on bare node:http: parse the body, add the server's fields, keep the record,
  // encode the answer, keep the step's text; a read answers a kept record's bytes. No
  // validation, no tokens, no log line: a floor for the platform, not a competitor.
  const records = new Map();
  const steps = [];
  let next = 0;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      let status = 200;
      let body;
      if (req.method === 'POST') {
        const text = Buffer.concat(chunks).toString();
        const pet = JSON.parse(text);
        next += 1;
        pet.id = `pet_${next.toString(36).padStart(16, '0')}`;
        pet.status = 'available';
        pet.created_at = '2024-01-01T00:00:00.000Z';
        body = Buffer.from(JSON.stringify(pet));
        records.set(pet.id, body);
        steps.push(JSON.stringify([{ step: next, label: `POST ${req.url}`, status: 201 }, { headers: req.headers, body: text }, { body: body.toString() }]));
        status = 201;
      } else body = records.get(req.url.slice('/pets/'.length)) ?? FIXED;
      res.writeHead(status, { 'content-type': 'application/json', 'content-length': body.byteLength });
      res.end(body);
    });
  });
  const url = await listen(server);
  // The load generator posts the first pet, which the reads then fetch.
  process.stdout.write(`${JSON.stringify({ url, get: `/pets/pet_${(1).toString(36).padStart(16, '0')}`, post: '/pets', headers: {}, seed: { path: '/pets' } })}\n`);
} else if (kind === 'node-fixed') {
  const server = createServer(createNodeListener(async () => ({ status: 200, headers: { 'content-type': 'application/json' }, body: FIXED })));
  const url = await listen(server);
  process.stdout.write(`${JSON.stringify({ url, get: '/', post: '/', headers: {} })}\n`);
} else if (kind === 'node' || kind === 'node-quiet' || kind === 'node-embedded' || kind === 'node-postgres') {
  const dataDir = mkdtempSync(join(tmpdir(), 'simplane-bench-'));
  let configPath = process.env.BENCH_CONFIG;
  if (kind === 'node-quiet') {
    configPath = join(dataDir, 'quiet.json');
    writeFileSync(configPath, JSON.stringify({ log_level: 'warn' }));
  }
  // Where state is kept, as `serve` chooses it: --memory, the data directory, or SIMPLANE_DATABASE_URL.
  const storage =
    kind === 'node-embedded'
      ? {}
      : kind === 'node-postgres'
        ? { databaseUrl: process.env.BENCH_DATABASE_URL, secretKey: randomBytes(32).toString('base64') }
        : { memory: true };
  const running = await serve({ port: 0, host: '127.0.0.1', dataDir, ...storage, ...(configPath ? { configPath } : {}) }, () => undefined);
  // The load generator makes the Simulation over HTTP: no client code runs in this process.
  const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  process.stdout.write(`${JSON.stringify({ url: running.url, simplane: { key }, dataDir })}\n`);
} else if (kind === 'express-plain') {
  // A plain Express app, the Express host's baseline: one route answering the bare server's
  // fixed body, after reading the request as the bare server does; Express set up as
  // createExpressApp sets it up (no X-Powered-By, no ETag).
  const app = express();
  app.disable('x-powered-by');
  app.disable('etag');
  app.all('/', (req, res) => {
    req.resume();
    req.on('end', () => res.json(FIXED_VALUE));
  });
  const url = await listen(createServer(app));
  process.stdout.write(`${JSON.stringify({ url, get: '/', post: '/', headers: {} })}\n`);
} else if (kind === 'express') {
  const dataDir = mkdtempSync(join(tmpdir(), 'simplane-bench-'));
  const config = process.env.BENCH_CONFIG === undefined ? parseConfig({}) : loadConfigFile(process.env.BENCH_CONFIG);
  const plane = composeControlPlane(bootstrapDefaultTenant(config, dataDir).config);
  await plane.ready;
  const url = await listen(createServer(createExpressApp(plane.handle)));
  const key = readFileSync(join(dataDir, 'api-key'), 'utf8').trim();
  process.stdout.write(`${JSON.stringify({ url, simplane: { key } })}\n`);
} else {
  throw new Error(`unknown server kind ${kind}`);
}

// Exit cleanly when the load generator is done, so `--cpu-prof` can write its profile.
process.on('SIGINT', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
