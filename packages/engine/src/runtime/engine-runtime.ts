import type { LoadedSimulator, Runtime } from '@simplane/core';
import { readArtifact } from '../artifact/build-artifact.js';
import { EngineSimulator } from './loaded-simulator.js';

/**
 * The engine's Runtime: loads an artifact once per digest and shares the loaded Simulator, so
 * 10,000 Simulations of one Simulator share one compiled model. A load that fails is not
 * cached, so a later attempt can succeed.
 */
export class EngineRuntime implements Runtime {
  readonly #loaded = new Map<string, Promise<LoadedSimulator>>();

  load(artifact: Uint8Array, digest: string): Promise<LoadedSimulator> {
    const cached = this.#loaded.get(digest);
    if (cached) return cached;
    const loading = Promise.resolve().then(() => new EngineSimulator(readArtifact(artifact)));
    this.#loaded.set(digest, loading);
    loading.catch(() => this.#loaded.delete(digest));
    return loading;
  }
}
