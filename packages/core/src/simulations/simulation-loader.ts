import type { BlobStore } from '../blobs/blob-store.port.js';
import { SimplaneError } from '../errors/simplane-error.js';
import type { LoadedSimulator, Runtime, Seeder } from '../runtime/runtime.port.js';
import { blobKeys } from '../simulators/simulator.js';
import type { SimulationRecord } from './simulation.js';
import { SimulationState } from './simulation-state.js';
import type { StepLog } from './step-log.port.js';

/** What seeds a Simulation: its seed, its number of sample records and its start time. */
export type SeededSimulation = Pick<SimulationRecord, 'id' | 'seed' | 'sampleRecords' | 'startTime'>;

/** The seeder of a Simulation's sample records: a fork has its parent's, so both seed the same. */
export function seederOf(simulation: SeededSimulation, loaded: LoadedSimulator): Seeder {
  return loaded.seeder({ seed: simulation.seed, sampleRecords: simulation.sampleRecords, now: new Date(simulation.startTime) });
}

/**
 * Loads what a Simulation needs to run: the Simulator's runtime (from its artifact) and the
 * state after a step (the latest snapshot at or before it, plus the changes of later steps).
 * Failures become the platform's codes: artifact missing 500 `simulation_template_missing`,
 * runtime failure 503 `simulation_provider_unavailable`, no runtime within the start timeout
 * 504 `simulation_timeout`.
 */
export class SimulationLoader {
  constructor(
    private readonly blobs: BlobStore,
    private readonly runtime: Runtime,
    private readonly steps: StepLog,
    private readonly startTimeoutMs: number,
  ) {}

  async runtimeFor(digest: string): Promise<LoadedSimulator> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new SimplaneError('simulation_timeout', `The Simulation runtime did not start within ${this.startTimeoutMs} ms; retry.`, { retryAfterSeconds: 5 })),
        this.startTimeoutMs,
      );
    });
    try {
      return await Promise.race([this.load(digest), late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * A snapshot of the state after `step`, made without reading the state: the latest snapshot
   * at or before it with the changes of the steps since appended.
   */
  async snapshotAt(simulationId: string, step: number): Promise<Uint8Array> {
    const snapshot = await this.steps.latestSnapshot(simulationId, step);
    if (snapshot === null) throw new SimplaneError('internal', `No saved state for ${simulationId} at or before step ${step}.`);
    if (snapshot.step === step) return snapshot.bytes;
    return SimulationState.withChanges(snapshot.bytes, await this.steps.changesJson(simulationId, snapshot.step, step));
  }

  /** The state after `step` of `simulation`, rebuilt from the log; its sample records are seeded when reached. */
  async stateAt(simulation: SeededSimulation, loaded: LoadedSimulator, step: number): Promise<SimulationState> {
    const simulationId = simulation.id;
    const snapshot = await this.steps.latestSnapshot(simulationId, step);
    if (snapshot === null) throw new SimplaneError('internal', `No saved state for ${simulationId} at or before step ${step}.`);
    const state = SimulationState.fromSnapshot(snapshot.bytes, seederOf(simulation, loaded));
    if (snapshot.step < step) for (const entry of await this.steps.changes(simulationId, snapshot.step, step)) state.apply(entry.changes);
    return state;
  }

  private async load(digest: string): Promise<LoadedSimulator> {
    let artifact: Uint8Array | null;
    try {
      artifact = await this.blobs.get(blobKeys.artifact(digest));
    } catch (cause) {
      throw new SimplaneError('internal_unavailable', 'The Simulator artifact could not be read; retry shortly.', { retryAfterSeconds: 5, cause });
    }
    if (artifact === null) throw new SimplaneError('simulation_template_missing', 'The Simulator artifact this Simulation runs is not available.');
    try {
      return await this.runtime.load(artifact, digest);
    } catch (cause) {
      throw new SimplaneError('simulation_provider_unavailable', 'The Simulation runtime is unavailable; retry shortly.', { retryAfterSeconds: 5, cause });
    }
  }
}
