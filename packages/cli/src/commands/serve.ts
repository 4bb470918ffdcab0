import { createServer, type Server } from 'node:http';
import { SimplaneError } from '@simplane/core';
import { problemResponse } from '@simplane/http';
import { createNodeListener } from '@simplane/host-node';
import { bootstrapDefaultTenant } from '../config/bootstrap.js';
import { composeControlPlane, loadConfigFile, parseConfig } from '@simplane/composition';
import type { Environment } from '../config/environment.js';

export interface Running {
  server: Server;
  url: string;
  close(): Promise<void>;
}

/** `simplane serve`: the control plane on `node:http`, with the embedded (in-memory) default. */
export async function serve(env: Environment, print: (line: string) => void): Promise<Running> {
  let config = env.configPath === undefined ? parseConfig({}) : loadConfigFile(env.configPath);
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
  const plane = composeControlPlane({ ...config, public_base_url: config.public_base_url ?? (specific ? url : undefined) });
  try {
    await plane.ready;
  } catch (error) {
    server.close();
    await plane.close().catch(() => undefined);
    throw error;
  }
  server.removeAllListeners('request');
  server.on('request', createNodeListener(plane.handle));
  print(`Simplane control plane listening on ${url}`);
  return {
    server,
    url,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
      await plane.close();
    },
  };
}
