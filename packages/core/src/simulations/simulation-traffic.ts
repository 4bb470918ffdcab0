import { SimplaneError } from '../errors/simplane-error.js';
import { isId } from '../ids/id.js';
import { remembered } from '../objects/remembered.js';
import type { Logger } from '../logging/logger.port.js';
import type { ClockEvent, LoadedSimulator, SimResponse } from '../runtime/runtime.port.js';
import { formatTime, parseTime, type Clock } from '../time/clock.port.js';
import { dataPlanePath, isExpired, type SimulationRecord } from './simulation.js';
import type { SimulationLoader } from './simulation-loader.js';
import type { LiveSimulation, SimulationPool } from './simulation-pool.js';
import type { SimulationRepository } from './simulation.repository.port.js';
import { notFound, stopped } from './simulation-errors.js';
import type { SimulationRecords } from './simulation-records.js';
import { hashSimulationToken } from './simulation-tokens.js';
import type { ChunkedSnapshot, Snapshot, StepEntry, StepLog, StepVia } from './step-log.port.js';
import type { Principal } from '../tenancy/tenancy.js';
import { snapshotDue } from './snapshot-policy.js';
import { keepMessage } from './step-recording.js';

/** Tokens remembered at most; past it the cache starts again. */
const TOKEN_CACHE_SIZE = 16_384;

/** What a request a server serves without tokens may do: what a token that is not read-only may. */
const OPEN = { readOnly: false } as const;

/** One data-plane request as the HTTP layer hands it over; the body is read only once allowed. */
export interface DataPlaneCall {
  simulationId: string;
  /** The `Simulation-Token` header, if sent. */
  token: string | undefined;
  /** `Service-Read-Only: true`. */
  readOnly: boolean;
  method: string;
  /** After `/sim/<id>`, starting with `/`. */
  path: string;
  query: string;
  /** Lower-case names, without the platform's own headers. */
  headers: Record<string, string | string[] | undefined>;
  /** Reads the body; null when the request has none (most reads), so nothing waits for it. */
  readBody: (() => Promise<Uint8Array | null>) | null;
  /**
   * A caller the platform has already authenticated (an API key or session of the Simulation's
   * workspace), in place of a token: an MCP endpoint takes the workspace's key.
   */
  principal?: Principal;
  /** How the request came in, as its step says; `http` when absent. */
  via?: StepVia;
  /**
   * True when the server that received the request serves this Simulation without tokens (the
   * root of `simplane mock`, reached from this machine only); `token` is then not asked for.
   */
  tokenless?: boolean;
  /** Where the client reached the Simulation, when not at its `/sim/<id>` endpoint (the root of `simplane mock`). */
  endpoint?: string;
}

/** Who asks for a Simulation, as `SimulationTraffic.open` takes it. */
export type DataPlaneCaller = Pick<DataPlaneCall, 'simulationId' | 'token' | 'readOnly' | 'principal'>;

/** What an advance did: the time it started from, the events it committed and their step (null: none). */
export interface ClockAdvanceOutcome {
  from: string;
  events: ClockEvent[];
  step: number | null;
}

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
   * whichever process answered it (docs/architecture.md, *Several processes*).
   */
  shared?: boolean;
}

/**
 * The data plane and the Simulations' housekeeping: runs requests one at a time per
 * Simulation, records each state-changing request as a step, wakes paused Simulations,
 * unloads idle ones and deletes expired ones.
 */
export class SimulationTraffic {
  /** SHA-256 of recently seen tokens: every data-plane request presents one, and clients send the same few. */
  private readonly tokenHash = remembered(hashSimulationToken, 4096, 512);
  /**
   * Tokens found, by Simulation and hash, until they expire: a token never changes once issued
   * and goes only with its Simulation, whose record every request reads first, so a token read
   * once need not be read from the store again (a query per request on a database).
   */
  private readonly tokens = new Map<string, { readOnly: boolean; expiresAt: string }>();

  constructor(
    private readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    private readonly loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly simulations: SimulationRecords,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly options: SimulationTrafficOptions,
  ) {}

  async handle(call: DataPlaneCall): Promise<SimResponse> {
    if (!isId('simulation', call.simulationId)) throw notFound(call.simulationId);
    // On a shared store the log's head is read with the record, as the request arrives: it
    // names every step acknowledged before then, by any process, and reading it here rather
    // than in the queue keeps a round trip out of the Simulation's one-at-a-time section.
    const [record, head] =
      this.options.shared === true
        ? await Promise.all([this.repository.get(call.simulationId), this.steps.head(call.simulationId)])
        : [await this.repository.get(call.simulationId), undefined];
    const now = formatTime(this.clock.now());
    if (record === null) throw notFound(call.simulationId);
    // Awaited only when due: most Simulations have no expiry, and every request passes here.
    if (isExpired(record, now) && (await this.simulations.expireIfDue(record, now))) throw notFound(call.simulationId);
    const token = call.tokenless === true ? OPEN : await this.authorise(record, call, now);
    if (record.status === 'stopped') throw stopped(record.id);
    const live = this.pool.get(record.id) ?? (await this.ensureLive(record));
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
    const refusal = readOnly ? await this.refuseWrite(live.loaded, call, reading) : null;
    if (refusal !== null) return refusal;
    const outcome = await this.pool.ahead(record.id, async () => this.run(record, call, reading === null ? null : await reading, head));
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
    if (record === null || (isExpired(record, now) && (await this.simulations.expireIfDue(record, now)))) throw notFound(caller.simulationId);
    const token = await this.authorise(record, caller, now);
    if (record.status === 'stopped') throw stopped(record.id);
    const live = this.pool.get(record.id) ?? (await this.ensureLive(record));
    return { loaded: live.loaded, readOnly: caller.readOnly || token.readOnly };
  }

  /**
   * Refuses a request that could change state before anything runs. Where the operation is
   * named in the body (SOAP), the body is read first: a read-only request waits for it outside
   * the Simulation's queue.
   */
  private async refuseWrite(loaded: LoadedSimulator, call: DataPlaneCall, reading: Promise<Uint8Array | null> | null): Promise<SimResponse | null> {
    let found = loaded.classify(call.method, call.path, call);
    if (found.needsBody === true) found = loaded.classify(call.method, call.path, { query: call.query, headers: call.headers, body: reading === null ? null : await reading });
    if (found.readOnly) return null;
    // The API's own error format where it has one (a SOAP Fault), the platform's otherwise.
    if (found.readOnlyRefusal !== undefined) return found.readOnlyRefusal;
    throw new SimplaneError('simulation_read_only', `${call.method} ${call.path.slice(0, 200)} can change state, and this request is read-only.`);
  }

  /**
   * Unloads Simulations idle for the configured time: they become `paused`, their state kept by
   * the log. Running Simulations this process left out of memory (a fork nobody has requested,
   * a state dropped after a failure) are paused once as long without a request.
   */
  async sweepIdle(): Promise<number> {
    const cutoff = this.clock.now().getTime() - this.options.idleMs;
    let paused = 0;
    for (const id of this.pool.unloadedBefore(cutoff)) {
      if (this.pool.busy(id)) continue;
      await this.pool.serial(id, async () => {
        const since = this.pool.unloadedSince(id);
        if (this.pool.get(id) !== undefined || since === undefined || since > cutoff) return;
        // Anything but a running, unlocked record (stopped, deleted, in a lifecycle change) is left
        // as it is; a failed update keeps the note, so the next sweep tries again.
        const changed = await this.repository.update(id, { status: ['running'], lock: null }, { status: 'paused' });
        this.pool.remove(id);
        if (changed !== null && changed !== 'quota') paused += 1;
      });
    }
    for (const live of this.pool.entries()) {
      if (live.lastUsedAt > cutoff || this.pool.busy(live.id)) continue;
      await this.pool.serial(live.id, async () => {
        if (this.pool.get(live.id) !== live || live.lastUsedAt > cutoff) return;
        // The log already holds the state (its snapshots and every step since): waking reads it from there.
        const changed = await this.repository.update(live.id, { status: ['running'], lock: null }, { status: 'paused', step: live.step });
        if (changed === null || changed === 'quota') return;
        this.pool.remove(live.id);
        paused += 1;
      });
    }
    return paused;
  }

  /** Deletes Simulations past their expiry, with their state and steps. */
  sweepExpired(): Promise<number> {
    return this.simulations.expireDue();
  }

  private async authorise(record: SimulationRecord, caller: DataPlaneCaller, now: string): Promise<{ readOnly: boolean }> {
    if (caller.principal !== undefined) {
      if (caller.principal.workspaceId !== record.workspaceId) throw new SimplaneError('auth_forbidden', 'The Simulation belongs to another workspace.');
      return { readOnly: false };
    }
    const token = caller.token;
    if (token === undefined || token.length === 0 || token.length > 512) throw invalidToken();
    const hash = this.tokenHash(token);
    const key = `${record.id} ${hash}`;
    const known = this.tokens.get(key);
    if (known !== undefined && known.expiresAt > now) return known;
    const found = await this.repository.findToken(record.id, hash, now);
    if (found === null) throw invalidToken();
    if (this.tokens.size >= TOKEN_CACHE_SIZE) this.tokens.clear();
    this.tokens.set(key, { readOnly: found.readOnly, expiresAt: found.expiresAt });
    return found;
  }

  /** The Simulation in memory, loading (waking) it if this process does not hold it. */
  private async ensureLive(record: SimulationRecord): Promise<LiveSimulation> {
    const held = this.pool.get(record.id);
    if (held !== undefined) return held;
    if (record.lock !== null) throw unreachable(record.id, 'is being changed by the platform');
    return this.pool.serial(record.id, () => this.liveHeld(record.id));
  }

  /**
   * The Simulation in memory, loading (waking) it if this process does not hold it. Callers
   * hold its queue.
   */
  private async liveHeld(id: string): Promise<LiveSimulation> {
    const again = this.pool.get(id);
    if (again !== undefined) return again;
    const reservation = this.pool.reserve();
    try {
      const current = await this.repository.get(id);
      if (current === null) throw notFound(id);
      if (current.status === 'stopped') throw stopped(id);
      const loaded = await this.loader.runtimeFor(current.simulatorDigest);
      // The log, not the record, knows the latest step: a step writes only the log.
      const step = await this.steps.head(current.id);
      const state = await this.loader.stateAt(current, loaded, step);
      if (current.status === 'paused') await this.repository.update(current.id, { status: ['paused'], lock: null }, { status: 'running' });
      const live: LiveSimulation = { id: current.id, loaded, state, seed: current.seed, currentTime: current.currentTime, step, snapshotStep: step, lastUsedAt: this.clock.now().getTime() };
      this.pool.admit(live, reservation);
      return live;
    } catch (error) {
      reservation.release();
      if (SimplaneError.is(error) && (error.code === 'simulation_not_found' || error.code === 'simulation_stopped' || error.code === 'simulation_capacity')) throw error;
      this.logger.warn('simulation could not be loaded', { simulation_id: id, cause: describe(error, false) });
      throw unreachable(id, 'could not be loaded');
    }
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
    const live = await this.liveHeld(id);
    live.lastUsedAt = this.clock.now().getTime();
    if (this.options.shared === true) {
      const record = await this.repository.get(id);
      if (record === null) throw notFound(id);
      await this.catchUp(live, record);
    }
    if (live.pendingSnapshot !== undefined) await this.continueSnapshot(live, live.pendingSnapshot);
    const from = live.currentTime;
    const step = live.step + 1;
    let events: ClockEvent[];
    try {
      events = live.loaded.advance?.(live.state, parseTime(from), parseTime(to), { seed: live.seed, step, now: parseTime(to) }) ?? [];
    } catch (cause) {
      this.logger.error('simulation runtime failed to advance the clock', { simulation_id: id, cause: describe(cause, true) });
      await this.drop(live, 'failed while advancing its clock');
      throw new SimplaneError('internal', 'The runtime failed while committing the events due; the state and the clock are as they were.');
    }
    const changes = live.state.takeChanges();
    if (changes.length === 0 && events.length === 0) {
      live.currentTime = to;
      return { from, events, step: null };
    }
    await this.record(live, {
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

  /** Runs a request in its Simulation's queue; `record` (and on a shared store `head`) were read when the request arrived. */
  private async run(record: SimulationRecord, call: DataPlaneCall, body: Uint8Array | null, head: number | undefined): Promise<{ response: SimResponse; durable: Promise<void> | undefined }> {
    const id = record.id;
    const live = this.pool.get(id) ?? (await this.leftWhileWaiting(id));
    live.lastUsedAt = this.clock.now().getTime();
    if (this.options.shared === true) await this.catchUp(live, record, head);
    if (live.pendingSnapshot !== undefined) await this.continueSnapshot(live, live.pendingSnapshot);
    const request = { method: call.method, path: call.path, query: call.query, headers: call.headers, body };
    const step = live.step + 1;
    let result;
    try {
      result = live.loaded.handle(request, live.state, { seed: live.seed, step, now: parseTime(live.currentTime), endpoint: call.endpoint ?? `${this.options.publicBaseUrl ?? ''}${dataPlanePath(id)}` });
    } catch (cause) {
      // The state may be half-changed: drop it, so the next request rebuilds it from the log.
      this.logger.error('simulation runtime failed', { simulation_id: id, cause: describe(cause, true) });
      throw await this.drop(live, 'returned an unusable answer');
    }
    const changes = live.state.takeChanges();
    // A read answers once the steps whose state it saw are committed.
    if (changes.length === 0) return { response: result.response, durable: live.durable };
    const durable = this.record(live, {
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

  /**
   * Appends a step to the log and makes it the live Simulation's latest at once, answering a
   * promise that settles when the step is committed (and rejects, 503, when it could not be).
   * The next request may run before then, on this state: every answer waits for the steps it
   * saw (`live.durable`). A snapshot due is taken of the state as it is now and saved once the
   * step is committed. A failed append drops the state, which holds a change the log does not,
   * and with it every later step made on it, whose own appends then fail as well.
   */
  private record(live: LiveSimulation, entry: StepEntry): Promise<void> {
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
        throw unreachable(id, 'was changed elsewhere; retry');
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
  private forget(live: LiveSimulation): void {
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
  private async catchUp(live: LiveSimulation, record: SimulationRecord, headAtArrival?: number): Promise<void> {
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
   * Why a Simulation that was in memory when its request queued is gone when the request's
   * turn comes: deleted or stopped by the work queued before it (answered as they would be to a
   * request arriving afterwards: retrying cannot help), else unloaded (retry: the next request
   * wakes it).
   */
  private async leftWhileWaiting(id: string): Promise<never> {
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    if (record.status === 'stopped') throw stopped(id);
    throw unreachable(id, 'was unloaded while the request waited');
  }

  /**
   * Writes the next slice of a pending snapshot of a large state, and saves it once complete.
   * Each of the Simulation's requests writes one slice, in its queue: no request waits for the
   * whole of a large state, other Simulations never wait for it, and a Simulation that leaves
   * memory (stopped, unloaded, deleted, dropped) takes its pending snapshot with it.
   */
  private async continueSnapshot(live: LiveSimulation, pending: NonNullable<LiveSimulation['pendingSnapshot']>): Promise<void> {
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
  private async drop(live: LiveSimulation, why: string, committed: number = live.step): Promise<SimplaneError> {
    this.forget(live);
    try {
      await this.repository.update(live.id, {}, { step: committed });
    } catch (cause) {
      this.logger.warn('simulation step could not be saved to its record', { simulation_id: live.id, cause: describe(cause, false) });
    }
    return unreachable(live.id, why);
  }
}

function describe(cause: unknown, withStack: boolean): string {
  if (!(cause instanceof Error)) return String(cause);
  return withStack ? (cause.stack ?? cause.message) : cause.message;
}

function invalidToken(): SimplaneError {
  return new SimplaneError('auth_invalid', 'A valid Simulation-Token header is required.');
}

function unreachable(id: string, why: string): SimplaneError {
  return new SimplaneError('simulation_unreachable', `The Simulation ${id} ${why}; retry shortly.`, { retryAfterSeconds: 1 });
}
