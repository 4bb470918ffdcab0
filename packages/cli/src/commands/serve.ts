import { createServer, type Server } from 'node:http';
import { SimplaneError } from '@simplane/core';
import { problemResponse } from '@simplane/http';
import { createNodeListener } from '@simplane/host-node';
import { bootstrapDefaultTenant } from '../config/bootstrap.js';
import { loadConfigFile, openControlPlane, parseConfig, type Config, type ControlPlane } from '@simplane/composition';
import { chooseStorage } from '../config/storage-choice.js';
import { reachableUrl, removeServerUrl, serverUrlFile, writeServerUrl } from '../config/server-url.js';
import type { Environment } from '../config/environment.js';

export interface Running {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/**
 * `simplane serve`: the control plane on `node:http`. Its state is kept where `chooseStorage`
 * says: by default in the data directory (embedded PGlite and files), so it outlives a restart.
 * Once it serves, its address is left in the data directory for the client commands.
 */
export async function serve(env: Environment, print: (line: string) => void): Promise<Running> {
  let config = chooseStorage(env.configPath === undefined ? parseConfig({}) : loadConfigFile(env.configPath), env);
  if (config.organizations.length === 0) {
    const boot = bootstrapDefaultTenant(config, env.dataDir);
    config = boot.config;
    if (boot.newApiKey !== undefined) {
      print(`Generated an API key for workspace default/default (shown once): ${boot.newApiKey}`);
      print(`It is stored in ${boot.keyFile} (readable only by you).`);
    } else {
      print(`Using the API key stored in ${boot.keyFile} for workspace default/default.`);
    }
  }
  // Listen first: the address is part of the config (public_base_url). Until the control plane
  // is ready, requests are answered 503 with Retry-After.
  const server = createServer(createNodeListener(async () => problemResponse(new SimplaneError('internal_unavailable', 'Simplane is starting; retry shortly.', { retryAfterSeconds: 1 }))));
  server.listen(env.port, env.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : env.port;
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  const url = `http://${host}:${port}`;
  // An unspecified address (0.0.0.0, ::) says nothing about how clients reach the server.
  const specific = env.host !== '0.0.0.0' && env.host !== '::';
  let plane: ControlPlane | undefined;
  // Opening the state and building the catalog on a first start take a while: say so rather than nothing.
  print(`Starting on ${url}: opening the state and making sure the catalog's Simulators are built (the first start builds them)...`);
  try {
    plane = await openControlPlane({ ...config, public_base_url: config.public_base_url ?? (specific ? url : undefined) });
    await plane.ready;
  } catch (error) {
    server.close();
    await plane?.close().catch(() => undefined);
    throw error;
  }
  print(describeStorage(config));
  server.removeAllListeners('request');
  server.on('request', createNodeListener(plane.handle));
  // Written once it serves (and before it says so), so the client commands that read it find a server ready for them.
  const reachable = reachableUrl(env.host, port);
  try {
    writeServerUrl(env.dataDir, reachable);
  } catch (error) {
    print(`Could not write ${serverUrlFile(env.dataDir)} (${(error as NodeJS.ErrnoException).code ?? String(error)}): client commands need SIMPLANE_URL=${reachable}.`);
  }
  print(`Simplane control plane listening on ${url}`);
  print(plane.console === null ? 'Console: not built (npm run build bundles it): /console answers 404.' : `Console: ${url}/console`);
  return {
    server,
    url,
    close: async () => {
      removeServerUrl(env.dataDir, reachable);
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await plane.close();
    },
  };
}

/** The start-up line that says where state is kept (never a database URL: it can hold a password). */
function describeStorage(config: Config): string {
  const storage = config.storage ?? { kind: 'memory' as const };
  const blobs = config.blobs.kind === 's3' ? `, documents and snapshots in S3 bucket ${config.blobs.bucket}` : '';
  if (storage.kind === 'memory') return 'Keeping state in memory: it ends with this process.';
  if (storage.kind === 'embedded') return `Keeping state in ${storage.data_dir} (embedded database${blobs || ' and files'}).`;
  return `Keeping state in the Postgres database at ${new URL(storage.database_url).host}${blobs}.`;
}
