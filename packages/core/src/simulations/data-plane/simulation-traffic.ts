import { SimplaneError } from '../../errors/simplane-error.js';
import { isId } from '../../ids/id.js';
import type { Logger } from '../../logging/logger.port.js';
import type { ClockEvent, LoadedSimulator, RequestClass, SimResponse } from '../../runtime/runtime.port.js';
import { formatTime, parseTime, type Clock } from '../../time/clock.port.js';
import type { ClockAdvanceOutcome, DataPlaneCall, DataPlaneCaller } from './data-plane-call.js';
import { LiveSimulations } from './live-simulations.js';
import { dataPlanePath, isExpired, type SimulationRecord } from '../simulation.js';
import { SimulationAccess } from './simulation-access.js';
import { notFound, stopped } from '../simulation-errors.js';
import { describe } from './simulation-failures.js';
import { SimulationHousekeeping } from './simulation-housekeeping.js';
import type { SimulationLoader } from '../simulation-loader.js';
import type { SimulationOwnership } from '../ownership/simulation-ownership.js';
import type { LiveSimulation, SimulationPool } from '../simulation-pool.js';
import type { SimulationRecords } from '../control/simulation-records.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { StepLog } from '../step-log.port.js';
import { keepMessage } from '../step-recording.js';
import { StepRecorder } from './step-recorder.js';

export type { ClockAdvanceOutcome, DataPlaneCall, DataPlaneCaller } from './data-plane-call.js';

/** What a request a server serves without tokens may do: what a token that is not read-only may. */
const OPEN = { readOnly: false } as const;

export interface SimulationTrafficOptions {
  /** Where clients reach this server (`https://sim.example.com`), so documents the runtime serves name absolute addresses; null: from the request's host. */
  publicBaseUrl?: string | null;
  /** A snapshot is saved after at least this many steps (more as the state grows: snapshot-policy). */
  snapshotEvery: number;
  /** A Simulation with no request for this long is unloaded (paused). */
  idleMs: number;
  /**
   * A state with more records than this is snapshotted in slices of this many records, one
   * with each of the Simulation's following requests, so no request waits for the whole of a
   * large state.
   */
  snapshotSliceRecords: number;
  /**
   * True when other processes write to the same store (a shared Postgres). Each request then
   * first reads the log's head and applies the steps other processes appended since, and takes
   * the clock's time from the record, so it sees every write acknowledged before it was sent,
   * whichever process answered it (docs/architecture.md, *Several processes*). With
   * `ownership`, the process that owns a Simulation skips that read, and a request that
   * changes state takes the Simulation over first.
   */
  shared?: boolean;
}

/**
 * The data plane and the Simulations' housekeeping: runs requests one at a time per
 * Simulation and records each state-changing request as a step (StepRecorder), checks who may
 * (SimulationAccess), wakes paused Simulations (LiveSimulations), unloads idle ones and deletes
 * expired ones (SimulationHousekeeping).
 */
export class SimulationTraffic {
  private readonly access: SimulationAccess;
  private readonly live: LiveSimulations;
  private readonly recorder: StepRecorder;
  private readonly housekeeping: SimulationHousekeeping;

  constructor(
    private readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly records: SimulationRecords,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: SimulationTrafficOptions,
    private readonly ownership?: SimulationOwnership,
  ) {
    this.access = new SimulationAccess(repository);
    this.live = new LiveSimulations(repository, steps, loader, pool, clock, logger);
    this.recorder = new StepRecorder(repository, steps, pool, clock, logger, options);
    this.housekeeping = new SimulationHousekeeping(repository, pool, records, clock, options.idleMs, ownership);
  }

  async handle(call: DataPlaneCall): Promise<SimResponse> {
    if (!isId('simulation', call.simulationId)) throw notFound(call.simulationId);
    // On a shared store the log's head is read with the record, as the request arrives: it
    // names every step acknowledged before then, by any process, and reading it here rather
    // than in the queue keeps a round trip out of the Simulation's one-at-a-time section. The
    // Simulation's owner needs neither: no other process appends to it, and its record is
    // remembered (OwnedSimulationRepository).
    const follows = this.options.shared === true && this.ownership?.owns(call.simulationId) !== true;
    const [record, head] = follows
      ? await Promise.all([this.repository.get(call.simulationId), this.steps.head(call.simulationId)])
      : [await this.repository.get(call.simulationId), undefined];
    const now = formatTime(this.clock.now());
    if (record === null) throw notFound(call.simulationId);
    // Awaited only when due: most Simulations have no expiry, and every request passes here.
    if (isExpired(record, now) && (await this.records.expireIfDue(record, now))) throw notFound(call.simulationId);
    const token = call.tokenless === true ? OPEN : await this.access.authorise(record, call, now);
    if (record.status === 'stopped') throw stopped(record.id);
    const live = this.pool.get(record.id) ?? (await this.live.ensure(record));
    const readOnly = call.readOnly || token.readOnly;
    // The request takes its place in the Simulation's queue now, in arrival order, and its body
    // is read meanwhile: a create sent before a read (pipelined on one connection, say) runs
    // before it even though its body is still being read. A failed read is that request's
    // answer, when its turn comes.
    // The queue moves on as soon as a request has run: a write's step may still be committing
    // while the next request runs on the state it left. Each request is answered only once the
    // steps it saw are committed, so no answer reflects a write the log could lose.
    const reading = call.readBody === null ? null : call.readBody();
    reading?.catch(() => undefined);
    const found = readOnly || follows ? await this.classify(live.loaded, call, reading) : undefined;
    if (readOnly && found?.readOnly === false) return refusal(found, call);
    // A request that changes a Simulation another process owns takes it over first: only the owner appends.
    const writes = found === undefined ? undefined : !found.readOnly;
    if (follows && writes === true) await this.ownership?.acquire(record.id);
    const outcome = await this.pool.ahead(record.id, async () => this.run(record, call, reading === null ? null : await reading, { head, writes }));
    if (outcome.durable !== undefined) await outcome.durable;
    return outcome.response;
  }

  /**
   * The Simulator a Simulation runs, loaded (waking the Simulation if it is paused), for a caller
   * allowed to use it, and whether that caller may only read: what an agent is offered as tools
   * before it calls any (`handle` checks each call again).
   */
  async open(caller: DataPlaneCaller): Promise<{ loaded: LoadedSimulator; readOnly: boolean }> {
    if (!isId('simulation', caller.simulationId)) throw notFound(caller.simulationId);
    const record = await this.repository.get(caller.simulationId);
    const now = formatTime(this.clock.now());
    if (record === null || (isExpired(record, now) && (await this.records.expireIfDue(record, now)))) throw notFound(caller.simulationId);
    const token = await this.access.authorise(record, caller, now);
    if (record.status === 'stopped') throw stopped(record.id);
    const live = this.pool.get(record.id) ?? (await this.live.ensure(record));
    return { loaded: live.loaded, readOnly: caller.readOnly || token.readOnly };
  }

  /**
   * What a request's operation is, before anything runs: whether it could change state. Where
   * the operation is named in the body (SOAP), the body is read first, outside the Simulation's
   * queue.
   */
  private async classify(loaded: LoadedSimulator, call: DataPlaneCall, reading: Promise<Uint8Array | null> | null): Promise<RequestClass> {
    const found = loaded.classify(call.method, call.path, call);
    if (found.needsBody !== true) return found;
    return loaded.classify(call.method, call.path, { query: call.query, headers: call.headers, body: reading === null ? null : await reading });
  }

  /**
   * Unloads Simulations idle for the configured time (SimulationHousekeeping.sweepIdle).
   */
  sweepIdle(): Promise<number> {
    return this.housekeeping.sweepIdle();
  }

  /** Deletes Simulations past their expiry, with their state and steps. */
  sweepExpired(): Promise<number> {
    return this.housekeeping.sweepExpired();
  }

  /**
   * Moves a Simulation's clock to `to`: the runtime commits every scheduled event due after the
   * current time and at or before `to`, and their changes are recorded as one `advance` step
   * (none when nothing was due), exactly as a request's are, so replay, fork and snapshots see
   * them. Callers hold the Simulation's queue, so no request interleaves, and write the new
   * time to its record. A runtime or log failure drops the state from memory, as after a failed
   * request: the log, and so the state and the clock, stay as they were.
   */
  async advanceHeld(id: string, advanceId: string, to: string): Promise<ClockAdvanceOutcome> {
    const live = await this.live.held(id);
    live.lastUsedAt = this.clock.now().getTime();
    if (this.options.shared === true) {
      // An advance changes state: on a shared store only the Simulation's owner appends.
      await this.ownership?.acquire(id);
      const record = await this.repository.get(id);
      if (record === null) throw notFound(id);
      await this.follow(live, record, undefined, true);
    }
    if (live.pendingSnapshot !== undefined) await this.recorder.continueSnapshot(live, live.pendingSnapshot);
    const from = live.currentTime;
    const step = live.step + 1;
    let events: ClockEvent[];
    try {
      events = live.loaded.advance?.(live.state, parseTime(from), parseTime(to), { seed: live.seed, step, now: parseTime(to) }) ?? [];
    } catch (cause) {
      this.logger.error('simulation runtime failed to advance the clock', { simulation_id: id, cause: describe(cause, true) });
      await this.recorder.drop(live, 'failed while advancing its clock');
      throw new SimplaneError('internal', 'The runtime failed while committing the events due; the state and the clock are as they were.');
    }
    const changes = live.state.takeChanges();
    if (changes.length === 0 && events.length === 0) {
      live.currentTime = to;
      return { from, events, step: null };
    }
    await this.recorder.record(live, {
      view: {
        step,
        kind: 'advance',
        label: `advance-time ${to}`,
        operation: null,
        status: 200,
        time_before: from,
        time_after: to,
        advance_id: advanceId,
        via: null,
        created_at: formatTime(this.clock.now()),
      },
      request: null,
      response: null,
      changes,
    });
    live.currentTime = to;
    return { from, events, step };
  }

  /**
   * On a shared store, brings a live state up to the log unless this process has owned the
   * Simulation since it last did: steps other processes appended up to `head` (read when the
   * request arrived; else the head now). Work that changes state takes the lease first, even
   * here: it may have been handed over while the work waited in the queue.
   */
  private async follow(live: LiveSimulation, record: SimulationRecord, head: number | undefined, writes: boolean): Promise<void> {
    if (writes && this.ownership !== undefined && !this.ownership.owns(live.id)) await this.ownership.acquire(live.id);
    const generation = this.ownership?.generation(live.id);
    if (generation !== undefined && live.ownedGeneration === generation) return;
    if (generation === undefined) {
      await this.recorder.catchUp(live, record, head);
    } else {
      // Taken over just now: the record and the head read on arrival may be older than the lease; both are read again, together.
      const [current, now] = await Promise.all([this.repository.get(live.id), this.steps.head(live.id)]);
      await this.recorder.catchUp(live, current ?? record, now);
    }
    live.ownedGeneration = generation;
  }

  /** Runs a request in its Simulation's queue; `record` (and on a shared store, unless owned, the log's `head`) were read when the request arrived. */
  private async run(record: SimulationRecord, call: DataPlaneCall, body: Uint8Array | null, arrival: { head: number | undefined; writes: boolean | undefined }): Promise<{ response: SimResponse; durable: Promise<void> | undefined }> {
    const id = record.id;
    const live = this.pool.get(id) ?? (await this.live.leftWhileWaiting(id));
    live.lastUsedAt = this.clock.now().getTime();
    if (this.options.shared === true) {
      // Owned when it arrived, not now (handed over meanwhile): whether it writes decides whether to take the Simulation back.
      const writes = arrival.writes ?? (this.ownership?.owns(id) === false && !live.loaded.classify(call.method, call.path, { query: call.query, headers: call.headers, body }).readOnly);
      await this.follow(live, record, arrival.head, writes);
    }
    if (live.pendingSnapshot !== undefined) await this.recorder.continueSnapshot(live, live.pendingSnapshot);
    const request = { method: call.method, path: call.path, query: call.query, headers: call.headers, body };
    const step = live.step + 1;
    let result;
    try {
      result = live.loaded.handle(request, live.state, { seed: live.seed, step, now: parseTime(live.currentTime), endpoint: call.endpoint ?? `${this.options.publicBaseUrl ?? ''}${dataPlanePath(id)}` });
    } catch (cause) {
      // The state may be half-changed: drop it, so the next request rebuilds it from the log.
      this.logger.error('simulation runtime failed', { simulation_id: id, cause: describe(cause, true) });
      throw await this.recorder.drop(live, 'returned an unusable answer');
    }
    const changes = live.state.takeChanges();
    // A read answers once the steps whose state it saw are committed.
    if (changes.length === 0) return { response: result.response, durable: live.durable };
    const durable = this.recorder.record(live, {
      view: {
        step,
        kind: 'api',
        label: (result.label ?? `${call.method} ${call.path}`).slice(0, 1024),
        operation: result.operation,
        status: result.response.status,
        time_before: live.currentTime,
        time_after: live.currentTime,
        advance_id: null,
        via: call.via ?? 'http',
        created_at: formatTime(this.clock.now()),
      },
      request: keepMessage(call.headers, body, { method: call.method, path: call.path, query: call.query }, live.loaded.secrets),
      response: keepMessage(result.response.headers, result.response.body, { status: result.response.status }, live.loaded.secrets),
      changes,
    });
    return { response: result.response, durable };
  }
}


/** The answer to a read-only request that could change state: the API's own error where it has one (a SOAP Fault), the platform's otherwise. */
function refusal(found: RequestClass, call: DataPlaneCall): SimResponse {
  if (found.readOnlyRefusal !== undefined) return found.readOnlyRefusal;
  throw new SimplaneError('simulation_read_only', `${call.method} ${call.path.slice(0, 200)} can change state, and this request is read-only.`);
}
