import { composeControlPlane, parseConfig, type ComposeOverrides, type ConfigInput, type ControlPlane } from '@simplane/composition';
import { generateApiKey, ManualClock, silentLogger, type SimulationWithToken, type SimulatorView, type Workspace } from '@simplane/core';
import type { HttpRequest, HttpResponse } from '@simplane/http';
import { createHarnessFetch, DEFAULT_HARNESS_BASE_URL, type Fetch } from './harness-fetch.js';
import { encodeMultipart, type UploadPart } from './multipart.js';
import { SimulatorCache, type SimulateOptions, type SimulatedApi } from './simulate.js';

export interface HarnessRequestOptions {
  headers?: Record<string, string>;
  /** A value to send as JSON (sets content-type), or raw bytes / a string / a chunk stream. */
  json?: unknown;
  body?: string | Uint8Array | AsyncIterable<Uint8Array>;
  /** API key to use; defaults to the first workspace's. `null` sends no Authorization. */
  apiKey?: string | null;
}

export interface DataPlaneRequestOptions extends Omit<HarnessRequestOptions, 'apiKey'> {
  /** Overrides the Simulation's token; null sends no Simulation-Token. */
  token?: string | null;
}

export interface HarnessResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  text(): string;
  json<T = unknown>(): T;
}

export interface HarnessOptions extends ComposeOverrides {
  config?: ConfigInput;
  /** The base URL `fetch` serves (default `http://simplane.test`); a path in it is a prefix. */
  baseUrl?: string;
}

export interface Harness {
  /** Calls the control plane in memory, through the same handler a server uses; no sockets. */
  request(method: string, path: string, options?: HarnessRequestOptions): Promise<HarnessResponse>;
  /** The API key of the first workspace. */
  apiKey: string;
  /** API keys by workspace name (`alpha`, `beta` by default). */
  keys: Record<string, string>;
  /** Workspaces by name. */
  workspaces: Record<string, Workspace>;
  /** The clock the control plane sees; move it to test time-based rules. */
  clock: ManualClock;
  plane: ControlPlane;
  /** The base URL `fetch` serves, without a trailing slash: `http://simplane.test` by default. */
  baseUrl: string;
  /**
   * A WHATWG `fetch` answered by the control plane in memory, for URLs under `baseUrl`; any
   * other URL rejects with a TypeError, as an unreachable host does. It adds no API key.
   */
  fetch: Fetch;
  /**
   * Builds the document (or reuses the Simulator this harness built from the same bytes and
   * build request), creates a Simulation of it and answers its data-plane base URL and a `fetch`
   * that sends its token.
   */
  simulate(document: string | Uint8Array, options?: SimulateOptions): Promise<SimulatedApi>;
  /**
   * `POST /v1/simulators` with a document and a build request, encoded as a real client would.
   * `spec: null` sends no spec part (incremental builds).
   */
  upload(spec: string | Uint8Array | null, request: unknown, options?: { filename?: string; apiKey?: string | null }): Promise<HarnessResponse>;
  /** Uploads a document, waits for its build and answers the Simulator; throws unless it is ready. */
  buildSimulator(spec: string | Uint8Array, request?: unknown, options?: { filename?: string; apiKey?: string | null }): Promise<SimulatorView>;
  /** `POST /v1/simulations` for a Simulator (ID or name:tag); throws unless it answers 201. */
  createSimulation(simulator: string, body?: Record<string, unknown>, options?: { apiKey?: string | null }): Promise<SimulationWithToken>;
  /**
   * A data-plane request to `/sim/<id><path>`, with the Simulation's token as `Simulation-Token`
   * (`token: null` sends none) and no API key.
   */
  sim(simulation: { id: string; token?: string }, method: string, path: string, options?: DataPlaneRequestOptions): Promise<HarnessResponse>;
  /** Runs the Simulation housekeeping now: deletes expired Simulations and unloads idle ones. */
  sweep(): Promise<{ expired: number; paused: number }>;
  /** Resolves when every build started so far, of Simulators and of Worlds, has finished. */
  settled(): Promise<void>;
  /** Stops background work (builds, worker threads). */
  close(): Promise<void>;
}

/**
 * An in-memory Simplane for other projects' test suites. Without a config it has one
 * organization with two workspaces, `alpha` and `beta`, each with a fresh API key.
 */
export function createHarness(options: HarnessOptions = {}): Harness {
  const keys: Record<string, string> = {};
  // Builds run inline by default: no threads to wait for, and the same results.
  // Housekeeping runs when a test calls `sweep()`, against the manual clock, not on a timer.
  const input: ConfigInput = { log_level: 'silent', build_workers: 0, simulation_sweep_interval_ms: 0, ...options.config };
  if (input.organizations === undefined || input.organizations.length === 0) {
    keys.alpha = generateApiKey();
    keys.beta = generateApiKey();
    input.organizations = [
      { name: 'harness', workspaces: [{ name: 'alpha', api_keys: [keys.alpha] }, { name: 'beta', api_keys: [keys.beta] }] },
    ];
  } else {
    // Plain keys given in the config are known to the caller; remember them by workspace name.
    for (const org of input.organizations) for (const ws of org.workspaces) if (ws.api_keys?.[0] !== undefined) keys[ws.name] = ws.api_keys[0];
  }
  const clock = options.clock instanceof ManualClock ? options.clock : new ManualClock(new Date());
  const plane = composeControlPlane(parseConfig(input, 'harness config'), { logger: silentLogger, ...options, clock });
  const workspaces: Record<string, Workspace> = {};
  for (const [key, ws] of plane.tenants.workspaces) workspaces[key.split('/')[1]!] = ws;
  const apiKey = Object.values(keys)[0] ?? '';
  const baseUrl = (options.baseUrl ?? DEFAULT_HARNESS_BASE_URL).replace(/\/+$/, '');
  const fetch = createHarnessFetch(plane.handle, { baseUrl, ready: plane.ready });
  const simulators = new SimulatorCache();

  return {
    apiKey,
    baseUrl,
    fetch,
    keys,
    workspaces,
    clock,
    plane,
    settled: async () => {
      await plane.ready;
      // A World build may wait for nothing a Simulator build does, and neither starts the other.
      await plane.scheduler.idle();
      await plane.worldBuilds.idle();
    },
    close: () => plane.close(),
    sweep: async () => ({ expired: await plane.traffic.sweepExpired(), paused: await plane.traffic.sweepIdle() }),
    async simulate(document, opts = {}) {
      const { build = {}, filename, apiKey: key = apiKey, ...create } = opts;
      const simulator = await simulators.get(document, build, key, async (known) => {
        if (known !== undefined && (await this.request('GET', `/v1/simulators/${known.id}`, { apiKey: key })).status === 200) return known;
        return this.buildSimulator(document, build, { apiKey: key, filename });
      });
      const simulation = await this.createSimulation(simulator.id, create, { apiKey: key });
      const simBase = `${baseUrl}/sim/${simulation.id}`;
      const simFetch = createHarnessFetch(plane.handle, { baseUrl, ready: plane.ready, headers: { 'simulation-token': simulation.token } });
      return { id: simulation.id, baseUrl: simBase, token: simulation.token, fetch: simFetch, simulation };
    },
    async buildSimulator(spec, request = {}, opts = {}) {
      const accepted = await this.upload(spec, request, opts);
      if (accepted.status !== 202) throw new Error(`build refused: ${accepted.status} ${accepted.text()}`);
      await this.settled();
      const view = (await this.request('GET', `/v1/simulators/${accepted.json<SimulatorView>().id}`, { apiKey: opts.apiKey })).json<SimulatorView>();
      if (view.status !== 'ready') throw new Error(`build ${view.status}: ${JSON.stringify(view.error)}`);
      return view;
    },
    async createSimulation(simulator, body = {}, opts = {}) {
      const created = await this.request('POST', '/v1/simulations', { json: { simulator_id: simulator, ...body }, ...opts });
      if (created.status !== 201) throw new Error(`create simulation refused: ${created.status} ${created.text()}`);
      return created.json<SimulationWithToken>();
    },
    async sim(simulation, method, path, opts = {}) {
      const { token, headers, ...rest } = opts;
      const value = token === undefined ? simulation.token : token;
      const all: Record<string, string> = { ...headers };
      if (value !== null && value !== undefined) all['simulation-token'] = value;
      return this.request(method, `/sim/${simulation.id}${path}`, { ...rest, headers: all, apiKey: null });
    },
    async upload(spec, request, opts = {}) {
      const parts: UploadPart[] = [{ name: 'request', value: JSON.stringify(request), filename: 'request.json', contentType: 'application/json' }];
      if (spec !== null) parts.unshift({ name: 'spec', value: spec, filename: opts.filename ?? 'openapi.yaml' });
      const { body, contentType } = await encodeMultipart(parts);
      return this.request('POST', '/v1/simulators', { body, headers: { 'content-type': contentType }, ...(opts.apiKey === undefined ? {} : { apiKey: opts.apiKey }) });
    },
    async request(method, path, opts = {}) {
      await plane.ready;
      const headers: Record<string, string> = {};
      const key = opts.apiKey === undefined ? apiKey : opts.apiKey;
      if (key !== null && key !== '') headers.authorization = `Bearer ${key}`;
      let body: HttpRequest['body'] = null;
      if (opts.json !== undefined) {
        headers['content-type'] = 'application/json';
        body = Buffer.from(JSON.stringify(opts.json));
      } else if (typeof opts.body === 'string') {
        body = Buffer.from(opts.body);
      } else if (opts.body !== undefined) {
        body = opts.body;
      }
      for (const [name, value] of Object.entries(opts.headers ?? {})) headers[name.toLowerCase()] = value;
      return toHarnessResponse(await plane.handle({ method, url: path, headers, body }));
    },
  };
}

async function toHarnessResponse(response: HttpResponse): Promise<HarnessResponse> {
  let body: Buffer;
  if (response.body === null) body = Buffer.alloc(0);
  else if (response.body instanceof Uint8Array) body = Buffer.from(response.body);
  else {
    const chunks: Buffer[] = [];
    for await (const chunk of response.body) chunks.push(Buffer.from(chunk));
    body = Buffer.concat(chunks);
  }
  return {
    status: response.status,
    headers: response.headers,
    body,
    text: () => body.toString('utf8'),
    json: <T>() => JSON.parse(body.toString('utf8')) as T,
  };
}
