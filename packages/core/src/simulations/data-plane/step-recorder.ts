import type { SimplaneError } from '../../errors/simplane-error.js';
import type { Logger } from '../../logging/logger.port.js';
import type { Clock } from '../../time/clock.port.js';
import { describe, unreachable } from './simulation-failures.js';
import type { LiveSimulation, SimulationPool } from '../simulation-pool.js';
import type { SimulationRecord } from '../simulation.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { ChunkedSnapshot, Snapshot, StepEntry, StepLog } from '../step-log.port.js';
import { snapshotDue } from '../snapshot-policy.js';

export interface StepRecorderOptions {
  /** A snapshot is saved after at least this many steps (more as the state grows: snapshot-policy). */
  snapshotEvery: number;
  /** A state with more records than this is snapshotted in slices of this many records. */
  snapshotSliceRecords: number;
}

/**
 * Makes a live Simulation's steps durable: appends them to the log, takes and saves its
 * snapshots, brings a copy up to the log other processes write, and drops a copy the log no
 * longer agrees with.
 */
export class StepRecorder {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    private readonly pool: SimulationPool,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: StepRecorderOptions,
  ) {}

  /**
   * Appends a step to the log and makes it the live Simulation's latest at once, answering a
   * promise that settles when the step is committed (and rejects, 503, when it could not be).
   * The next request may run before then, on this state: every answer waits for the steps it
   * saw (`live.durable`). A snapshot due is taken of the state as it is now and saved once the
   * step is committed. A failed append drops the state, which holds a change the log does not,
   * and with it every later step made on it, whose own appends then fail as well.
   */
  record(live: LiveSimulation, entry: StepEntry): Promise<void> {
    const id = live.id;
    const step = entry.view.step;
    const appending = this.steps.append(id, entry);
    if (live.durable === undefined) live.committed = live.step;
    live.step = step;
    let snapshot: (() => Snapshot | ChunkedSnapshot) | undefined;
    const records = live.state.recordCount();
    const due = live.pendingSnapshot === undefined && snapshotDue(step - live.snapshotStep, records, this.options.snapshotEvery);
    // Counted from now, so the requests that run before it is saved do not take another.
    const sinceBefore = live.snapshotStep;
    if (due) live.snapshotStep = step;
    if (due && records <= this.options.snapshotSliceRecords) {
      const bytes = live.state.toSnapshot();
      snapshot = () => ({ step, bytes });
    }
    const durable = (async () => {
      let appended: boolean;
      try {
        appended = await appending;
      } catch (cause) {
        // The state holds a change the log does not: drop it, as after a runtime failure.
        this.logger.error('simulation step could not be recorded', { simulation_id: id, cause: describe(cause, false) });
        throw await this.drop(live, 'could not record the request', step - 1);
      }
      if (!appended) {
        // Another process wrote this step first, or a step before it failed: this copy of the state is stale.
        this.forget(live);
        throw unreachable(id, 'was changed elsewhere');
      }
      live.committed = Math.max(live.committed ?? 0, step);
      if (snapshot !== undefined) await this.saveSnapshot(live, step, snapshot, sinceBefore);
    })();
    durable.catch(() => undefined);
    if (due && snapshot === undefined) live.pendingSnapshot = { step, writer: live.state.snapshotWriter(), durable, since: sinceBefore };
    live.durable = durable;
    void durable.then(
      () => this.settled(live, durable),
      () => this.settled(live, durable),
    );
    return durable;
  }

  /** Forgets a settled step's promise unless a later step has taken its place. */
  private settled(live: LiveSimulation, durable: Promise<void>): void {
    if (live.durable === durable) live.durable = undefined;
  }

  /** Takes a stale state out of memory; the next request rebuilds it from the log. */
  forget(live: LiveSimulation): void {
    if (this.pool.get(live.id) !== live) return;
    this.pool.remove(live.id);
    this.pool.markUnloaded(live.id, this.clock.now().getTime());
  }

  /**
   * Brings a live state up to the log: the steps other processes appended before the request
   * arrived (up to `headAtArrival`, else the head now) are applied, and the clock's time is
   * taken from the record read when the request arrived (another process may have advanced it; virtual time only moves forward).
   * Callers hold the Simulation's queue. A log that cannot be read drops the state, so the
   * request fails rather than answering from a stale copy.
   */
  async catchUp(live: LiveSimulation, record: SimulationRecord, headAtArrival?: number): Promise<void> {
    if (record.currentTime > live.currentTime) live.currentTime = record.currentTime;
    try {
      const head = headAtArrival ?? (await this.steps.head(live.id));
      if (head <= live.step) return;
      for (const entry of await this.steps.changes(live.id, live.step, head)) live.state.apply(entry.changes);
      live.step = head;
    } catch (cause) {
      this.logger.warn('simulation log could not be read', { simulation_id: live.id, cause: describe(cause, false) });
      throw await this.drop(live, 'could not read its log');
    }
  }

  /**
   * Writes the next slice of a pending snapshot of a large state, and saves it once complete.
   * Each of the Simulation's requests writes one slice, in its queue: no request waits for the
   * whole of a large state, other Simulations never wait for it, and a Simulation that leaves
   * memory (stopped, unloaded, deleted, dropped) takes its pending snapshot with it.
   */
  async continueSnapshot(live: LiveSimulation, pending: NonNullable<LiveSimulation['pendingSnapshot']>): Promise<void> {
    if (!pending.writer.write(this.options.snapshotSliceRecords)) return;
    live.pendingSnapshot = undefined;
    // Saved once its step is committed, off the queue: a snapshot never names a step the log lacks.
    void pending.durable.then(
      () => this.saveSnapshot(live, pending.step, () => ({ step: pending.step, chunks: pending.writer.pieces() }), pending.since),
      () => undefined,
    );
  }

  /**
   * Saves a snapshot; a failure fails no request: the count goes back to the snapshot before
   * (`since`), so one is tried again after the next step.
   */
  private async saveSnapshot(live: LiveSimulation, step: number, snapshot: () => Snapshot | ChunkedSnapshot, since: number): Promise<void> {
    try {
      await this.steps.putSnapshot(live.id, snapshot());
    } catch (cause) {
      if (live.snapshotStep === step) live.snapshotStep = since;
      this.logger.warn('simulation snapshot could not be saved', { simulation_id: live.id, step, cause: describe(cause, false) });
    }
  }

  /**
   * Drops a Simulation's state from memory after a failure, keeping its record's step in line
   * with the log (the record is otherwise written only on lifecycle changes), so views stay
   * right until the next request rebuilds the state from the log.
   */
  async drop(live: LiveSimulation, why: string, committed: number = live.step): Promise<SimplaneError> {
    this.forget(live);
    try {
      await this.repository.update(live.id, {}, { step: committed });
    } catch (cause) {
      this.logger.warn('simulation step could not be saved to its record', { simulation_id: live.id, cause: describe(cause, false) });
    }
    return unreachable(live.id, why);
  }
}
