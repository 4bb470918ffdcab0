import { createHash } from 'node:crypto';
import type { SimulationWithToken, SimulatorView } from '@simplane/core';
import type { Fetch } from './harness-fetch.js';

/** `harness.simulate()`'s options: the body of `POST /v1/simulations`, plus how to build. */
export interface SimulateOptions {
  name?: string;
  seed?: string;
  /** RFC 3339 UTC; default 2024-01-01T00:00:00.000Z. */
  start_time?: string;
  ttl_seconds?: number;
  /** Records per collection made at creation (0..1000, default 3). */
  sample_records?: number;
  metadata?: Record<string, unknown>;
  /** The build request (`request` part of `POST /v1/simulators`): references, filter, ... */
  build?: Record<string, unknown>;
  /** The spec part's file name; it names the Simulator when the build request does not. */
  filename?: string;
  /** The workspace's API key; defaults to the harness's first. */
  apiKey?: string;
}

/** A Simulation ready to be called: its data-plane base URL and a fetch carrying its token. */
export interface SimulatedApi {
  id: string;
  /** `<harness base>/sim/<id>`: the simulated API's server URL. */
  baseUrl: string;
  token: string;
  /** The harness's fetch, sending `Simulation-Token` unless a request sets it itself. */
  fetch: Fetch;
  /** The Simulation as `POST /v1/simulations` answered it. */
  simulation: SimulationWithToken;
}

/**
 * The Simulators a harness built, by the digest of the document's bytes, the build request and
 * the workspace, so a suite that simulates one document many times builds it once.
 */
export class SimulatorCache {
  readonly #built = new Map<string, Promise<SimulatorView>>();

  /**
   * The Simulator for this document; `build` is called with the one built before (undefined if
   * none), and answers it again if it still exists or builds anew.
   */
  get(document: string | Uint8Array, request: unknown, apiKey: string, build: (known: SimulatorView | undefined) => Promise<SimulatorView>): Promise<SimulatorView> {
    const key = digestOf(document, request, apiKey);
    const before = this.#built.get(key);
    const next = (before === undefined ? build(undefined) : before.then(build, () => build(undefined)));
    this.#built.set(key, next);
    // A failed build is not remembered: the next call tries again.
    next.catch(() => {
      if (this.#built.get(key) === next) this.#built.delete(key);
    });
    return next;
  }
}

function digestOf(document: string | Uint8Array, request: unknown, apiKey: string): string {
  return createHash('sha256')
    .update(typeof document === 'string' ? Buffer.from(document) : document)
    .update('\0')
    .update(canonicalJson(request))
    .update('\0')
    .update(apiKey)
    .digest('hex');
}

/** JSON with object keys sorted, so `{a, b}` and `{b, a}` are one build request. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
