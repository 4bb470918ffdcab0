import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { generateApiKey, hashApiKey, SimplaneError, type Logger, type Principal } from '@simplane/core';
import { createHandler, DEFAULT_HANDLER_OPTIONS, problemResponse, type RootSimulation } from '@simplane/http';
import { createNodeListener } from '@simplane/host-node';
import { createConsoleLogger, openControlPlane, parseConfig, type Config, type ControlPlane } from '@simplane/composition';
import { bootstrapDefaultTenant } from '../../config/bootstrap.js';
import { MockFailure } from './mock-failure.js';

/** A mock's Simulators are rebuilt on every save: the daily build allowance is no limit for it. */
const MOCK_BUILDS_PER_DAY = 1_000_000;

/** The mock's server: listening, with its own control plane, its key, and the Simulation served at the root. */
export interface MockServer {
  url: string;
  apiKey: string;
  plane: ControlPlane;
  /** The workspace the key opens: every build and Simulation of the mock is made in it. */
  principal: Principal;
  /** Puts a Simulation at the root (null: none yet, the root answers 503). */
  serve(simulationId: string | null): void;
  close(): Promise<void>;
}

export interface MockServerOptions {
  port: number;
  host: string;
  /** Null: everything in memory, the key too. */
  dataDir: string | null;
  tokenless: boolean;
  readOnly: boolean;
  /** Each request at the root and on the control plane, one line. */
  printRequest: (line: string) => void;
}

/**
 * Starts the mock's server: listening first (its address is part of the configuration, and
 * requests are answered 503 meanwhile), then its control plane on its own data directory, and
 * the handler with the root turned on. The control plane has no catalog: the mock serves one
 * document.
 */
export async function startMockServer(options: MockServerOptions): Promise<MockServer> {
  const server = createServer(createNodeListener(async () => problemResponse(new SimplaneError('internal_unavailable', 'The mock is starting; retry shortly.', { retryAfterSeconds: 1 }))));
  server.listen(options.port, options.host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new MockFailure([`${options.host}:${options.port} is in use: give another port with --port (0 picks a free one).`]) : error),
    );
  });
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : options.port;
  const url = `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}`;
  // An unspecified address (0.0.0.0, ::) says nothing about how clients reach the server.
  const specific = options.host !== '0.0.0.0' && options.host !== '::';
  let plane: ControlPlane | undefined;
  try {
    const { config, apiKey } = mockConfig(options.dataDir, specific ? url : undefined);
    plane = await openControlPlane(config, { logger: mockLogger(options.printRequest) });
    await plane.ready;
    const principal = await plane.services.auth.authenticate({ bearer: apiKey });
    let current: string | null = null;
    const root: RootSimulation = { current: () => current, tokenless: options.tokenless, readOnly: options.readOnly, endpoint: specific ? url : '' };
    const handle = createHandler(plane.routes, plane.services, { ...DEFAULT_HANDLER_OPTIONS, bodyTimeoutMs: config.body_timeout_ms, root, ...(plane.console === null ? {} : { console: plane.console }) });
    server.removeAllListeners('request');
    server.on('request', createNodeListener(handle));
    const opened = plane;
    return {
      url,
      apiKey,
      plane: opened,
      principal,
      serve: (simulationId) => {
        current = simulationId;
      },
      close: async () => {
        await closeServer(server);
        await opened.close();
      },
    };
  } catch (error) {
    await closeServer(server).catch(() => undefined);
    await plane?.close().catch(() => undefined);
    throw error;
  }
}

/** The mock's configuration: one workspace, its key kept in the data directory as `serve` keeps its own (or only in memory). */
function mockConfig(dataDir: string | null, publicBaseUrl: string | undefined): { config: Config; apiKey: string } {
  const base = parseConfig({
    catalog: false,
    build_workers: 1,
    quotas: { active_simulations: 50, builds_per_day: MOCK_BUILDS_PER_DAY, concurrent_builds: 10, concurrent_world_builds: 10 },
    storage: dataDir === null ? { kind: 'memory' } : { kind: 'embedded', data_dir: dataDir },
    ...(publicBaseUrl === undefined ? {} : { public_base_url: publicBaseUrl }),
  });
  if (dataDir !== null) {
    const boot = bootstrapDefaultTenant(base, dataDir);
    return { config: boot.config, apiKey: readFileSync(boot.keyFile, 'utf8').trim() };
  }
  const apiKey = generateApiKey();
  const organizations = [{ name: 'default', workspaces: [{ name: 'default', api_keys: [], api_key_sha256: [hashApiKey(apiKey)] }] }];
  return { config: { ...base, organizations }, apiKey };
}

/** Warnings and errors as `serve` logs them (JSON lines on standard error); each request as one short line. */
function mockLogger(printRequest: (line: string) => void): Logger {
  const logger = createConsoleLogger('warn');
  return { ...logger, request: (line) => printRequest(`${line.method} ${line.path} ${line.status} ${line.ms} ms`) };
}

function closeServer(server: Server): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    server.close((error) => (error ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
