/**
 * The control plane on your own Express server: compose it from a config, then either serve it
 * as a whole app or mount its router next to your own routes.
 *
 *   PORT=3000 node examples/express-server.ts      (Node 23.6+; see README.md for older Node)
 */
import express from 'express';
import { composeControlPlane, parseConfig } from '@simplane/composition';
import { createExpressApp, createSimplaneRouter } from '@simplane/host-express';

// Plain keys are hashed as the config is parsed; only their SHA-256 stays in memory.
const apiKey = process.env.SIMPLANE_API_KEY ?? 'example-key-change-me';
const plane = composeControlPlane(
  parseConfig({
    organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [apiKey] }] }],
    log_level: 'info',
  }),
);

// Either the whole app, at the root of its own port...
const standalone = createExpressApp(plane.handle);

// ...or the router under a prefix of an app you already have. Install no body parser in front
// of it: it reads request bodies itself, under the control plane's size and time limits.
const mine = express();
mine.get('/health', (_req, res) => {
  res.json({ ok: true });
});
mine.use('/simplane', createSimplaneRouter(plane.handle));

const port = Number(process.env.PORT ?? 3000);
standalone.listen(port, '127.0.0.1', () => {
  console.log(`control plane:  curl -H 'Authorization: Bearer ${apiKey}' http://127.0.0.1:${port}/v1/credentials`);
});
mine.listen(port + 1, '127.0.0.1', () => {
  console.log(`mounted router: curl -H 'Authorization: Bearer ${apiKey}' http://127.0.0.1:${port + 1}/simplane/v1/credentials`);
});
