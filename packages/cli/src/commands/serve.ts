import { createServer, type Server } from 'node:http';
import { createNodeListener } from '@simplane/host-node';
import { bootstrapDefaultTenant } from '../config/bootstrap.js';
import { parseConfig, loadConfigFile } from '../config/load-config.js';
import type { Environment } from '../config/environment.js';
import { composeControlPlane } from '../composition/container.js';

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
  const plane = composeControlPlane(config);
  await plane.ready;
  const server = createServer(createNodeListener(plane.handle)).listen(env.port, env.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : env.port;
  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  const url = `http://${host}:${port}`;
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
