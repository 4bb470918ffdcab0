import { SimplaneError } from '../errors/simplane-error.js';
import type { LoadedSimulator } from '../runtime/runtime.port.js';
import type { SimulationState } from './simulation-state.js';
import type { SnapshotWriter } from './snapshot-writer.js';

/** A Simulation held in this process: its runtime and state, ready to answer requests. */
export interface LiveSimulation {
  id: string;
  loaded: LoadedSimulator;
  state: SimulationState;
  seed: string;
  currentTime: string;
  /** The last step; the next state-changing request gets this plus one. */
  step: number;
  /** The step of the latest snapshot taken of this state, saved or being saved (see snapshot-policy). */
  snapshotStep: number;
  /** A snapshot of a large state being written a slice per request (see SimulationTraffic); saved once its step is durable. */
  pendingSnapshot?: { step: number; writer: SnapshotWriter; durable: Promise<void>; since: number };
  /**
   * Settles when the steps appended so far are committed, rejecting if one could not be: a
   * request runs on the state of the steps before it while they are still being committed, and
   * is answered only once they are (SimulationTraffic). Absent when nothing is in flight.
   */
  durable?: Promise<void>;
  /** The last step known committed while `durable` is pending (views show it, not `step`). */
  committed?: number;
  /** Wall-clock milliseconds of the last request; idle Simulations are unloaded. */
  lastUsedAt: number;
  /**
   * On a shared store, the generation of this process's lease (SimulationOwnership) under which
   * the state was last brought up to the log: while the lease holds, no other process appends,
   * so the state needs no look at the log.
   */
  ownedGeneration?: number;
}

/** The latest step a view may show: a step still committing is not shown until it is. */
export function visibleStep(live: LiveSimulation): number {
  return live.durable === undefined ? live.step : (live.committed ?? live.step);
}

/** A claim on one unit of process capacity, given back unless it is used to admit a Simulation. */
export interface Reservation {
  release(): void;
}

/**
 * The Simulations this process holds in memory, bounded by `capacity` (config
 * `max_simulations`), and a queue per Simulation so its requests and lifecycle changes run one
 * at a time. Capacity counts loaded Simulations plus reservations for ones being loaded.
 */
export class SimulationPool {
  private readonly live = new Map<string, LiveSimulation>();
  private readonly queues = new Map<string, Promise<unknown>>();
  /**
   * Running Simulations this process left out of memory, with the wall-clock milliseconds since
   * when: a fork (loaded by its first request), a state dropped after a failure. Idle
   * housekeeping pauses them as it pauses idle loaded ones, unless a request loads them first.
   */
  private readonly unloaded = new Map<string, number>();
  private reserved = 0;

  constructor(private readonly capacity: number) {}

  /** Claims a slot, or refuses with 429 `simulation_capacity` (retryable). */
  reserve(): Reservation {
    if (this.live.size + this.reserved >= this.capacity) {
      throw new SimplaneError('simulation_capacity', 'The platform has no free Simulation capacity right now; retry shortly.', { retryAfterSeconds: 5 });
    }
    this.reserved += 1;
    let held = true;
    return {
      release: () => {
        if (held) this.reserved -= 1;
        held = false;
      },
    };
  }

  /** Holds a loaded Simulation, using the reservation taken for it. */
  admit(entry: LiveSimulation, reservation: Reservation): void {
    reservation.release();
    this.unloaded.delete(entry.id);
    this.live.set(entry.id, entry);
  }

  /** Notes a running Simulation this process does not hold (see `unloaded`). */
  markUnloaded(id: string, since: number): void {
    if (!this.live.has(id)) this.unloaded.set(id, since);
  }

  /** Since when a running Simulation has been left out of memory, if it is noted as such. */
  unloadedSince(id: string): number | undefined {
    return this.unloaded.get(id);
  }

  /** Running Simulations left out of memory at or before `cutoff`. */
  unloadedBefore(cutoff: number): string[] {
    const due: string[] = [];
    for (const [id, since] of this.unloaded) if (since <= cutoff) due.push(id);
    return due;
  }

  get(id: string): LiveSimulation | undefined {
    return this.live.get(id);
  }

  /** Takes a Simulation out of memory, and out of the unloaded ones: callers note it again if it stays running. */
  remove(id: string): LiveSimulation | undefined {
    const entry = this.live.get(id);
    this.live.delete(id);
    this.unloaded.delete(id);
    return entry;
  }

  entries(): LiveSimulation[] {
    return [...this.live.values()];
  }

  get size(): number {
    return this.live.size;
  }

  /** True while work for the Simulation is queued or running. */
  busy(id: string): boolean {
    return this.queues.has(id);
  }

  /**
   * Runs `work` after every earlier piece of work for the same Simulation has settled and the
   * steps it appended are committed (lifecycle changes, clock advances and housekeeping see
   * the log as the state is). With nothing queued or in flight it starts at once, in the
   * caller's turn.
   */
  serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    return this.ahead(id, () => {
      const durable = this.live.get(id)?.durable;
      return durable === undefined ? work() : durable.then(work, work);
    });
  }

  /**
   * Runs `work` after every earlier piece of work for the same Simulation has settled, without
   * waiting for the steps it appended to be committed: a data-plane request, which waits for
   * them itself before it is answered. With nothing queued it starts at once, in the caller's
   * turn: most requests find their Simulation idle, and a read then finishes without waiting on
   * the microtask queue.
   */
  ahead<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id);
    const run = previous === undefined ? start(work) : previous.then(work, work);
    const settled = (): void => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    };
    const tail: Promise<void> = run.then(settled, settled);
    this.queues.set(id, tail);
    return run;
  }
}

/** Calls `work` now; a synchronous throw becomes a rejection, as it would inside `then`. */
function start<T>(work: () => Promise<T>): Promise<T> {
  try {
    return work();
  } catch (error) {
    return Promise.reject(error);
  }
}
