import type { LoadedSimulator } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';
import { serialiseArtifact } from '../artifact/build-artifact.js';
import { sha256Digest } from '../artifact/serialise.js';
import { EngineRuntime } from '../runtime/engine-runtime.js';
import { MapState } from './map-state.js';

export interface SimCall {
  method: string;
  path: string;
  query?: string;
  headers?: Record<string, string>;
  /** An object is sent as JSON (with a JSON Content-Type unless one is given); a string as is. */
  body?: unknown;
}

export interface SimClientOptions {
  seed?: string;
  sampleRecords?: number;
  start?: Date;
  runtime?: EngineRuntime;
  lazySeeding?: boolean;
}

export interface SimAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: unknown;
  operation: string | null;
}

/**
 * One Simulation in memory for tests: a loaded artifact, a MapState seeded like the platform
 * would, and a step counter that moves on each request that can write, with the virtual clock
 * one second later per step.
 */
export class SimClient {
  step = 0;

  private constructor(
    readonly simulator: LoadedSimulator,
    readonly seed: string,
    readonly start: Date,
    readonly state: MapState,
  ) {}

  /**
   * Seeds every part at once, so the state holds all sample records from the start; with
   * `lazySeeding`, a part when it is first reached, as the platform does.
   */
  static async open(artifact: Artifact, options: SimClientOptions = {}): Promise<SimClient> {
    const { bytes } = serialiseArtifact(artifact);
    return SimClient.fromBytes(bytes, options);
  }

  /** The same from stored artifact bytes, read as the platform reads them (older versions through their upgrade). */
  static async fromBytes(bytes: Uint8Array, options: SimClientOptions = {}): Promise<SimClient> {
    const simulator = await (options.runtime ?? new EngineRuntime()).load(bytes, sha256Digest(bytes));
    const seed = options.seed ?? 'seed-1';
    const start = options.start ?? new Date('2024-01-01T00:00:00.000Z');
    const seeder = simulator.seeder({ seed, sampleRecords: options.sampleRecords ?? 3, now: start });
    if (options.lazySeeding === true) return new SimClient(simulator, seed, start, new MapState(seeder));
    const state = new MapState();
    for (const part of seeder.parts) seeder.seed(part, state);
    state.takeChanges();
    return new SimClient(simulator, seed, start, state);
  }

  call(call: SimCall): SimAnswer {
    const headers: Record<string, string> = { ...(call.headers ?? {}) };
    let body: Uint8Array | null = null;
    if (typeof call.body === 'string') body = new TextEncoder().encode(call.body);
    else if (call.body !== undefined) {
      body = new TextEncoder().encode(JSON.stringify(call.body));
      headers['content-type'] ??= 'application/json';
    }
    const method = call.method.toUpperCase();
    const request = { method, path: call.path, query: call.query ?? '', headers, body };
    const writes = !this.simulator.classify(method, call.path, request).readOnly;
    const step = this.step + 1;
    const now = new Date(this.start.getTime() + step * 1000);
    const result = this.simulator.handle(request, this.state, { seed: this.seed, step, now });
    if (writes) this.step = step;
    const text = result.response.body === null ? '' : new TextDecoder().decode(result.response.body);
    let json: unknown = undefined;
    try {
      json = text === '' ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: result.response.status, headers: result.response.headers, text, json, operation: result.operation };
  }
}
