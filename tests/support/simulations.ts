import { readFileSync } from 'node:fs';
import type { LoadedSimulator, Runtime, Snapshot, StateChange, StepEntry, StepLog, StepView } from '@simplane/core';
import { createHarness, type Harness, type HarnessOptions } from '@simplane/harness';

export const petstore = readFileSync(new URL('../../packages/composition/catalog/petstore.openapi.yaml', import.meta.url), 'utf8');

/** Headers the petstore's own security scheme asks for; the data plane passes them through. */
export const PETSTORE_AUTH = { 'x-api-key': 'pet-key' } as const;

/**
 * Wraps the real runtime so a test can make loading fail or hang, like GatedProvider does for
 * builds. Everything else is the real runtime.
 */
export class FaultyRuntime implements Runtime {
  mode: 'ok' | 'throw' | 'hang' | 'gate' = 'ok';
  loads = 0;
  /** Requests still to fail: each writes a record, then throws, as a runtime bug would. */
  failingRequests = 0;
  /** Clock advances still to fail: each writes a record, then throws, as a runtime bug would. */
  failingAdvances = 0;
  private readonly gated: Array<() => void> = [];
  constructor(private readonly inner: Runtime) {}

  load(artifact: Uint8Array, digest: string): Promise<LoadedSimulator> {
    this.loads += 1;
    if (this.mode === 'throw') return Promise.reject(new Error('runtime provider down'));
    if (this.mode === 'hang') return new Promise(() => undefined);
    const loading = this.mode === 'gate' ? new Promise<void>((resolve) => this.gated.push(resolve)).then(() => this.inner.load(artifact, digest)) : this.inner.load(artifact, digest);
    return loading.then((loaded) => this.faulty(loaded));
  }

  private faulty(loaded: LoadedSimulator): LoadedSimulator {
    return {
      ...(loaded.secrets === undefined ? {} : { secrets: loaded.secrets }),
      classify: (method, path, request) => loaded.classify(method, path, request),
      seeder: (options) => loaded.seeder(options),
      ...(loaded.resourceOf === undefined ? {} : { resourceOf: (collection: string) => loaded.resourceOf!(collection) }),
      handle: (request, state, context) => {
        if (this.failingRequests > 0) {
          this.failingRequests -= 1;
          state.put('pets', 'half-written', { id: 'half-written', name: 'half' });
          throw new Error('runtime bug');
        }
        return loaded.handle(request, state, context);
      },
      advance: (state, from, to, context) => {
        if (this.failingAdvances > 0) {
          this.failingAdvances -= 1;
          state.put('pets', 'half-advanced', { id: 'half-advanced', name: 'half' });
          throw new Error('runtime bug while advancing');
        }
        return loaded.advance?.(state, from, to, context) ?? [];
      },
    };
  }

  /** How many loads wait at the gate. */
  get waiting(): number {
    return this.gated.length;
  }

  /** Lets every gated load through and stops gating. */
  open(): void {
    this.mode = 'ok';
    for (const release of this.gated.splice(0)) release();
  }
}

/** Wraps the real step log so a test can make appends or snapshots fail, as storage would. */
export class FaultyStepLog implements StepLog {
  failingAppends = 0;
  failingSnapshots = 0;
  /** While set, appends wait for it: the request appending holds its Simulation's queue, as slow storage would. */
  private held: Promise<void> | null = null;
  constructor(private readonly inner: StepLog) {}

  /** Holds appends until the answered function is called. */
  holdAppends(): () => void {
    let release!: () => void;
    this.held = new Promise<void>((resolve) => (release = resolve));
    return () => {
      this.held = null;
      release();
    };
  }

  append(simulationId: string, entry: StepEntry): Promise<boolean> {
    if (this.failingAppends > 0) {
      this.failingAppends -= 1;
      return Promise.reject(new Error('step storage down'));
    }
    if (this.held !== null) return this.held.then(() => this.inner.append(simulationId, entry));
    return this.inner.append(simulationId, entry);
  }

  putSnapshot(simulationId: string, snapshot: Snapshot): Promise<void> {
    if (this.failingSnapshots > 0) {
      this.failingSnapshots -= 1;
      return Promise.reject(new Error('snapshot storage down'));
    }
    return this.inner.putSnapshot(simulationId, snapshot);
  }

  head(simulationId: string): Promise<number> {
    return this.inner.head(simulationId);
  }

  heads(simulationIds: readonly string[]): Promise<Map<string, number>> {
    return this.inner.heads(simulationIds);
  }

  list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]> {
    return this.inner.list(simulationId, page);
  }

  get(simulationId: string, step: number): Promise<StepEntry | null> {
    return this.inner.get(simulationId, step);
  }

  changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>> {
    return this.inner.changes(simulationId, from, to);
  }

  changesJson(simulationId: string, from: number, to: number): Promise<string[]> {
    return this.inner.changesJson(simulationId, from, to);
  }

  latestSnapshot(simulationId: string, atOrBefore: number): Promise<Snapshot | null> {
    return this.inner.latestSnapshot(simulationId, atOrBefore);
  }

  deleteAll(simulationId: string): Promise<void> {
    return this.inner.deleteAll(simulationId);
  }
}

export interface SimulationHarness {
  h: Harness;
  runtime: FaultyRuntime;
  steps: FaultyStepLog;
  /** A ready petstore Simulator's ID. */
  simulatorId: string;
}

const open: Harness[] = [];

/** A harness with a ready petstore Simulator and a fault-injectable runtime. Close with `closeAll`. */
export async function simulationHarness(options: HarnessOptions = {}): Promise<SimulationHarness> {
  let runtime!: FaultyRuntime;
  let steps!: FaultyStepLog;
  const h = createHarness({
    ...options,
    config: { catalog: false, ...options.config },
    runtime: (configured) => {
      // The composition root's own EngineRuntime, wrapped.
      runtime = new FaultyRuntime(configured);
      return runtime;
    },
    stepLog: (configured) => {
      steps = new FaultyStepLog(configured);
      return steps;
    },
  });
  open.push(h);
  const simulator = await h.buildSimulator(petstore, { references: ['pets:v1'] });
  return { h, runtime, steps, simulatorId: simulator.id };
}

export async function closeAll(): Promise<void> {
  await Promise.all(open.splice(0).map((h) => h.close()));
}
