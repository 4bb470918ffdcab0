/**
 * The control plane inside your own Express app, with its state kept on disk: opened from a
 * config, served beside your own routes once its start-up work is done.
 *
 *   node node_modules/.cache/tsbuild/examples/express-server.js   (after `npm run build`)
 *
 * PORT (default 3000) and HOST (default 127.0.0.1) say where it listens; SIMPLANE_DATA_DIR
 * where the embedded database and files go (default ./simplane-data), or SIMPLANE_DATABASE_URL
 * and SIMPLANE_SECRET_KEY a PostgreSQL server instead (storage-from-env.ts).
 */
import express from 'express';
import { openControlPlane, parseConfig } from '@simplane/composition';
import { createSimplaneRouter } from '@simplane/host-express';
import { storageFromEnvironment } from './storage-from-env.js';

// Plain keys are hashed as the config is parsed; only their SHA-256 stays in memory.
const apiKey = process.env.SIMPLANE_API_KEY ?? 'example-key-change-me';
const config = parseConfig({
  organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [apiKey] }] }],
  ...storageFromEnvironment(process.env, { dataDir: 'simplane-data' }),
  log_level: 'warn',
});

// Opens the stores (migrating the schema, locking the data directory) and loads the tenants.
const plane = await openControlPlane(config);
// Start-up work (taking over what a previous run left, installing the catalog) finishes before
// the first request is served.
await plane.ready;

const app = express();
app.get('/health', (_req, res) => {
  res.json({ ok: true });
});
// Your routes first: the router answers every request that reaches it. Install no body parser in
// front of it: it reads request bodies itself, under the control plane's size and time limits.
// Mounted under a path instead (app.use('/simplane', ...)), set public_base_url to that path's
// URL, so Simulation endpoints include it. `createExpressApp(plane.handle)` is a whole app.
app.use(createSimplaneRouter(plane.handle));

const host = process.env.HOST ?? '127.0.0.1';
const server = app.listen(Number(process.env.PORT ?? 3000), host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  console.log(`listening on ${url}`);
  console.log(`try: curl -H 'Authorization: Bearer ${apiKey}' ${url}/v1/simulators`);
});

// Stop as a process manager asks: stop taking requests, then close the stores and release the data directory.
process.once('SIGTERM', () => {
  server.close();
  server.closeAllConnections();
  void plane.close().then(() => process.exit(0));
});
