import { hash, randomBytes } from 'node:crypto';
import { parseInput } from '../errors/zod-validation.js';
import { SimplaneError, validationError } from '../errors/simplane-error.js';
import { isId, type IdGenerator } from '../ids/id.js';
import type { CursorCodec } from '../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../pagination/page.js';
import type { Quotas } from '../quotas/quotas.js';
import type { SimulatorRecord } from '../simulators/simulator.js';
import type { LoadedSimulator } from '../runtime/runtime.port.js';
import type { Principal } from '../tenancy/tenancy.js';
import { formatTime, type Clock } from '../time/clock.port.js';
import { isExpired, SIMULATION_STATUSES, toSimulationView, type SimulationRecord, type SimulationTokenRecord, type SimulationView, type SimulationWithToken } from './simulation.js';
import { createSimulationInput, forkSimulationInput, SIMULATION_LIMITS, simulationTokenInput } from './simulation-input.js';
import { seederOf, type SimulationLoader } from './simulation-loader.js';
import { visibleStep, type SimulationPool } from './simulation-pool.js';
import type { SimulationFilter, SimulationRepository } from './simulation.repository.port.js';
import { SimulationState } from './simulation-state.js';
import type { StepDetail, StepLog, StepView } from './step-log.port.js';
import type { AdvanceLog } from './advance-log.port.js';
import { messageView } from './step-recording.js';

/** Finds a Simulator by ID or `name:tag` as the caller's workspace sees it (SimulatorService.resolve). */
export type SimulatorResolver = (principal: Principal, idOrReference: string) => Promise<SimulatorRecord | null>;

/** What a World's member takes from its World. */
export interface WorldOrigin {
  id: string;
  workspaceId: string;
  organizationId: string;
  seed: string;
  startTime: string;
}

export interface SimulationServiceOptions {
  /** Lifetime of the token create, fork and start hand out. */
  tokenTtlSeconds: number;
  /** Where clients reach this server (`https://sim.example.com`), for absolute `endpoint`s; null: relative. */
  publicBaseUrl?: string | null;
  /**
   * True when other processes write to the same store: a Simulation's latest step is then read
   * from its log, where this process's live copy may be behind another's writes.
   */
  shared?: boolean;
  /** This process's name in the locks it takes (as in build leases). */
  owner?: string;
  /**
   * True when no other process uses the store (the embedded default, memory): a lock another
   * process took is then abandoned at once, whatever its age.
   */
  exclusive?: boolean;
}

/** A lifecycle lock older than this is taken as abandoned by a process that stopped mid-change. */
const ABANDONED_LOCK_MS = 5 * 60_000;

/** A record's lock released: the lock and who took it when. */
const UNLOCKED = { lock: null, lockedAt: null, lockedBy: null } as const satisfies Partial<SimulationRecord>;

export interface SimulationListParams extends PageParams {
  status?: string;
  simulator?: string;
}

export interface SimulationPage {
  simulations: SimulationView[];
  next_cursor: string | null;
}

export interface TokenView {
  token: string;
  expires_at: string;
  read_only: boolean;
}

/**
 * Simulations on the control plane: create, read, list, delete, stop, start, fork, tokens and
 * steps. A lifecycle change holds the record's `lock` while it runs; any other change meanwhile
 * answers `409 simulation_platform_owned`.
 */
export class SimulationService {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly steps: StepLog,
    private readonly advances: AdvanceLog,
    private readonly resolveSimulator: SimulatorResolver,
    private readonly loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly quotas: Quotas,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly options: SimulationServiceOptions,
  ) {}

  /**
   * The Simulation's last step: the live copy's, which is ahead of the record; the log's when
   * this process holds none, or when another process may have written since.
   */
  private async latestStep(id: string): Promise<number> {
    const held = this.pool.get(id);
    const live = held === undefined ? undefined : visibleStep(held);
    if (live !== undefined && this.options.shared !== true) return live;
    return Math.max(live ?? 0, await this.steps.head(id));
  }

  /** A record as the API shows it; a running Simulation's latest step is the live one. */
  private view(record: SimulationRecord, principal: Principal | null): SimulationView {
    const live = this.pool.get(record.id);
    const step = live === undefined ? record.step : visibleStep(live);
    const current = step === record.step ? record : { ...record, step };
    return toSimulationView(current, this.options.publicBaseUrl ?? principal?.origin ?? null);
  }

  async create(principal: Principal, body: unknown): Promise<SimulationWithToken> {
    const input = parseInput(createSimulationInput, body);
    const simulator = await this.resolveSimulator(principal, input.simulator_id);
    if (simulator === null) throw new SimplaneError('simulator_unknown', `simulator_id: no Simulator '${input.simulator_id.slice(0, 200)}' in this workspace or the catalog`);
    if (simulator.status !== 'ready' || simulator.digest === null) {
      throw new SimplaneError('simulator_not_ready', `The Simulator ${simulator.id} is ${simulator.status}, not ready.`);
    }
    const digest = simulator.digest;
    const id = this.ids.next('simulation');
    const now = this.clock.now();
    const record: SimulationRecord = {
      id,
      workspaceId: principal.workspaceId,
      organizationId: principal.organizationId,
      name: input.name ?? simulator.name,
      simulatorId: simulator.id,
      simulatorDigest: digest,
      parentId: null,
      worldId: null,
      status: 'running',
      lock: null,
      seed: input.seed ?? randomBytes(12).toString('hex'),
      startTime: input.start_time,
      currentTime: input.start_time,
      activeAdvanceId: null,
      step: 0,
      baseStep: 0,
      sampleRecords: input.sample_records,
      ttlSeconds: input.ttl_seconds ?? null,
      expiresAt: expiry(now, input.ttl_seconds),
      metadata: input.metadata ?? {},
      createdAt: formatTime(now),
    };
    return this.launch(principal, record, {
      seed: (loaded) => new SimulationState(seederOf(record, loaded)),
    });
  }

  async get(principal: Principal, id: string): Promise<SimulationView> {
    return this.view(await this.withLatestStep(await this.load(principal, id)), principal);
  }

  /**
   * A step writes only the log: the record's step is behind it for a Simulation this process
   * does not hold (a previous process ran it and ended without saving it as paused), or that
   * another process sharing the storage may have written to.
   */
  private async withLatestStep(record: SimulationRecord): Promise<SimulationRecord> {
    if (record.status === 'stopped' || (this.options.shared !== true && this.pool.get(record.id) !== undefined)) return record;
    return { ...record, step: await this.latestStep(record.id) };
  }

  /** The stored record, as `get` finds it: unknown or expired is 404, another workspace's is 403. */
  record(principal: Principal, id: string): Promise<SimulationRecord> {
    return this.load(principal, id);
  }

  async list(principal: Principal, params: SimulationListParams): Promise<SimulationPage> {
    await this.expireDue();
    const filter: SimulationFilter = { workspaceId: principal.workspaceId };
    if (params.status !== undefined) {
      if (!(SIMULATION_STATUSES as readonly string[]).includes(params.status)) {
        throw new SimplaneError('bad_request', `status: must be one of ${SIMULATION_STATUSES.join(', ')}`);
      }
      filter.status = params.status as SimulationFilter['status'] & string;
    }
    if (params.simulator !== undefined) {
      const simulator = await this.resolveSimulator(principal, params.simulator);
      if (simulator === null) throw new SimplaneError('simulator_unknown', `simulator: no Simulator '${params.simulator.slice(0, 200)}' in this workspace or the catalog`);
      filter.simulatorId = simulator.id;
    }
    const scope = `simulations:${principal.workspaceId}:${filter.status ?? ''}:${filter.simulatorId ?? ''}`;
    const page = await fetchPage(this.cursors, scope, params, (r: SimulationRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) => this.repository.list(filter, q));
    // The latest steps of the page's Simulations this process does not hold, read in one round trip.
    const unheld = page.items.filter((r) => r.status !== 'stopped' && (this.options.shared === true || this.pool.get(r.id) === undefined));
    const heads = unheld.length === 0 ? new Map<string, number>() : await this.steps.heads(unheld.map((r) => r.id));
    const records = page.items.map((r) => {
      const head = heads.get(r.id);
      const held = this.pool.get(r.id);
      return head === undefined ? r : { ...r, step: Math.max(head, held === undefined ? 0 : visibleStep(held)) };
    });
    return { simulations: records.map((r) => this.view(r, principal)), next_cursor: page.nextCursor };
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const record = await this.load(principal, id);
    refuseWorldMember(record, 'delete');
    await this.deleteRecord(record);
  }

  private async deleteRecord(record: SimulationRecord): Promise<void> {
    refuseWhileAdvancing(record, 'delete');
    await this.lock(record, ['running', 'paused', 'stopped'], 'deleting');
    await this.pool.serial(record.id, () => this.purge(record.id));
  }

  async stop(principal: Principal, id: string): Promise<SimulationView> {
    const record = await this.load(principal, id);
    refuseWorldMember(record, 'stop');
    return this.stopRecord(record, principal);
  }

  private async stopRecord(record: SimulationRecord, principal: Principal | null): Promise<SimulationView> {
    const id = record.id;
    refuseWhileAdvancing(record, 'stop');
    if (record.status === 'stopped' && record.lock === null) return this.view(record, principal);
    await this.lock(record, ['running', 'paused'], 'stopping');
    return this.pool.serial(id, async () => {
      try {
        // The log already holds the state (its snapshots and every step since): nothing to serialise.
        const live = this.pool.remove(id);
        const step = this.options.shared === true || live === undefined ? await this.latestStep(id) : live.step;
        return this.view(await this.change(id, 'stopping', { status: 'stopped', step }), principal);
      } catch (error) {
        await this.unlock(id, 'stopping');
        throw error;
      }
    });
  }

  async start(principal: Principal, id: string): Promise<SimulationWithToken> {
    const record = await this.load(principal, id);
    refuseWorldMember(record, 'start');
    const started = await this.startRecord(record);
    return { ...this.view(started, principal), ...(await this.issue(started, this.options.tokenTtlSeconds, false)) };
  }

  /** Starts a stopped Simulation from its saved state within the quota; a running one is answered as it is. */
  private async startRecord(record: SimulationRecord): Promise<SimulationRecord> {
    const id = record.id;
    refuseWhileAdvancing(record, 'start');
    if (record.status !== 'stopped' && record.lock === null) return record;
    await this.ensureQuota(record.workspaceId);
    await this.lock(record, ['stopped'], 'starting');
    let reservation;
    try {
      reservation = this.pool.reserve();
    } catch (error) {
      await this.unlock(id, 'starting');
      throw error;
    }
    try {
      const loaded = await this.loader.runtimeFor(record.simulatorDigest);
      const step = await this.steps.head(id);
      const state = await this.loader.stateAt(record, loaded, step);
      const started = await this.repository.update(id, { lock: 'starting' }, { status: 'running', ...UNLOCKED, step }, { limit: this.quotas.activeSimulations });
      if (started === 'quota') throw this.quotaExceeded();
      if (started === null) throw platformOwned(id);
      this.pool.admit({ id, loaded, state, seed: started.seed, currentTime: started.currentTime, step, snapshotStep: step, lastUsedAt: this.clock.now().getTime() }, reservation);
      return started;
    } catch (error) {
      reservation.release();
      await this.unlock(id, 'starting');
      throw error;
    }
  }

  async fork(principal: Principal, id: string, body: unknown): Promise<SimulationWithToken> {
    const input = parseInput(forkSimulationInput, body);
    const parent = await this.load(principal, id);
    if (parent.status === 'stopped') throw stopped(parent.id);
    refuseWhileAdvancing(parent, 'fork');
    if (parent.lock !== null) throw platformOwned(parent.id);
    // In the parent's queue, so "the latest step" cannot move while the fork reads it.
    return this.pool.serial(id, async () => {
      const current = (await this.repository.get(id)) ?? parent;
      refuseWhileAdvancing(current, 'fork');
      const latest = await this.latestStep(id);
      const at = input.at_step ?? latest;
      if (at < current.baseStep || at > latest) {
        throw validationError('at_step', `must be a recorded step of this Simulation (${current.baseStep}..${latest})`);
      }
      const snapshot = await this.loader.snapshotAt(id, at);
      const entry = at > current.baseStep && at < latest ? await this.steps.get(id, at) : null;
      const timeAt = await this.clockAt(current, at, latest, entry);
      const now = this.clock.now();
      const ttl = input.ttl_seconds ?? current.ttlSeconds ?? undefined;
      const child: SimulationRecord = {
        ...current,
        id: this.ids.next('simulation'),
        name: input.name ?? current.name,
        parentId: current.id,
        worldId: null,
        status: 'running',
        lock: null,
        currentTime: timeAt,
        activeAdvanceId: null,
        step: at,
        baseStep: at,
        ttlSeconds: ttl ?? null,
        expiresAt: expiry(now, ttl),
        createdAt: formatTime(now),
      };
      return this.launch(principal, child, { snapshot }, id);
    });
  }

  /**
   * The clock as it was at a step, for a fork there: the time after that step (an advance's
   * step ends at its target); at the latest step, the current time; at the log's start, the
   * start time, or for a fork's own base, the time its next step began.
   */
  private async clockAt(record: SimulationRecord, at: number, latest: number, entry: { view: StepView } | null): Promise<string> {
    if (entry !== null) return entry.view.time_after;
    if (at === latest) return record.currentTime;
    if (record.parentId === null && at === 0) return record.startTime;
    return (await this.steps.get(record.id, at + 1))?.view.time_before ?? record.currentTime;
  }

  async issueToken(principal: Principal, id: string, body: unknown): Promise<TokenView> {
    const input = parseInput(simulationTokenInput, body);
    const record = await this.load(principal, id);
    const issued = await this.issue(record, input.ttl_seconds, input.read_only);
    return { token: issued.token, expires_at: issued.token_expires_at, read_only: input.read_only };
  }

  /**
   * A page of steps, oldest first; `atStep` (text, as the query gave it) starts the list at that
   * step, which must be one the Simulation has recorded.
   */
  async listSteps(principal: Principal, id: string, params: PageParams & { atStep?: string }): Promise<{ steps: StepView[]; next_cursor: string | null }> {
    const record = await this.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    let after = record.baseStep;
    if (params.atStep !== undefined) {
      const latest = await this.latestStep(id);
      const at = /^\d{1,15}$/.test(params.atStep) ? Number(params.atStep) : NaN;
      if (!(at > record.baseStep && at <= latest)) {
        throw validationError('at_step', latest > record.baseStep ? `must be a recorded step of this Simulation (${record.baseStep + 1}..${latest})` : 'must be a recorded step, and this Simulation has recorded none');
      }
      after = at - 1;
    }
    const page = await fetchPage(
      this.cursors,
      `steps:${id}:${params.atStep ?? ''}`,
      params,
      (s: StepView) => ({ createdAt: String(s.step), id }),
      (q) => this.steps.list(id, { afterStep: q.after === undefined ? after : Number(q.after.createdAt), limit: q.limit }),
    );
    return { steps: page.items, next_cursor: page.nextCursor };
  }

  async getStep(principal: Principal, id: string, stepText: string): Promise<StepDetail> {
    const record = await this.load(principal, id);
    if (record.status === 'stopped') throw stopped(id);
    const step = /^\d{1,15}$/.test(stepText) ? Number(stepText) : NaN;
    const entry = Number.isSafeInteger(step) && step > record.baseStep ? await this.steps.get(id, step) : null;
    if (entry === null) throw new SimplaneError('not_found', `No step ${stepText.slice(0, 32)} in Simulation ${id}.`);
    return { ...entry.view, request: entry.request && messageView(entry.request), response: entry.response && messageView(entry.response) };
  }

  /** The workspace's running and paused Simulations, none expired: its active-Simulation quota use. */
  async countActive(workspaceId: string): Promise<number> {
    await this.expireDue();
    return this.repository.countActive(workspaceId);
  }

  /** Removes a Simulation, its state and steps. Callers hold its queue. */
  async purge(id: string): Promise<void> {
    this.pool.remove(id);
    await this.repository.delete(id);
    await this.steps.deleteAll(id);
    await this.advances.deleteAll(id);
  }

  /**
   * Loads the runtime, saves the starting state as the log's first snapshot and inserts the
   * record within the quota. Any failure undoes all of it: no record, no saved state, no slot.
   * A created Simulation is held in memory at once, with the state `seed` makes (its sample
   * records are seeded when a request reaches them, so its starting snapshot is empty). A fork starts
   * from `snapshot`, the parent's state at the fork's step as bytes, and is loaded by its first
   * request, as a woken Simulation is: forking then costs the same whatever the state's size.
   * Until then it is running but unloaded, and idle housekeeping pauses it like an idle one.
   */
  /** Creates the record with its first token in one write: a Simulation is never stored without the token it was answered with. */
  private async launch(principal: Principal, record: SimulationRecord, start: { seed: (loaded: LoadedSimulator) => SimulationState } | { snapshot: Uint8Array }, heldQueue?: string): Promise<SimulationWithToken> {
    const token = generateSimulationToken();
    const expiresAt = formatTime(new Date(this.clock.now().getTime() + this.options.tokenTtlSeconds * 1000));
    await this.insertRunning(record, start, heldQueue, { hash: hashSimulationToken(token), readOnly: false, expiresAt });
    return { ...this.view(record, principal), token, token_expires_at: expiresAt };
  }

  private async insertRunning(
    record: SimulationRecord,
    start: { seed: (loaded: LoadedSimulator) => SimulationState } | { snapshot: Uint8Array },
    heldQueue?: string,
    token?: SimulationTokenRecord,
  ): Promise<void> {
    await this.ensureQuota(record.workspaceId, heldQueue);
    const reservation = this.pool.reserve();
    let saved = false;
    try {
      const loaded = await this.loader.runtimeFor(record.simulatorDigest);
      let state: SimulationState | null = null;
      let bytes: Uint8Array;
      if ('seed' in start) {
        state = start.seed(loaded);
        bytes = state.toSnapshot();
      } else {
        bytes = start.snapshot;
      }
      await this.steps.putSnapshot(record.id, { step: record.step, bytes });
      saved = true;
      if ((await this.repository.insert(record, { limit: this.quotas.activeSimulations }, token)) === 'quota') throw this.quotaExceeded();
      if (state === null) {
        reservation.release();
        this.pool.markUnloaded(record.id, this.clock.now().getTime());
      } else this.pool.admit({ id: record.id, loaded, state, seed: record.seed, currentTime: record.currentTime, step: record.step, snapshotStep: record.step, lastUsedAt: this.clock.now().getTime() }, reservation);
    } catch (error) {
      reservation.release();
      if (saved) await this.steps.deleteAll(record.id).catch(() => undefined);
      throw error;
    }
  }

  /**
   * Creates a World's member: a running Simulation with `world_id` set, seeded from the
   * World's seed and start time (so an entity two members share starts alike in both), within
   * the active-Simulation quota. The World has checked the Simulator; no token is issued here
   * (members' tokens come from `POST /v1/simulations/{id}/tokens`).
   */
  async createMember(world: WorldOrigin, simulator: SimulatorRecord, name: string): Promise<SimulationRecord> {
    if (simulator.status !== 'ready' || simulator.digest === null) {
      throw new SimplaneError('simulator_not_ready', `The Simulator ${simulator.id} is ${simulator.status}, not ready.`);
    }
    const record: SimulationRecord = {
      id: this.ids.next('simulation'),
      workspaceId: world.workspaceId,
      organizationId: world.organizationId,
      name,
      simulatorId: simulator.id,
      simulatorDigest: simulator.digest,
      parentId: null,
      worldId: world.id,
      status: 'running',
      lock: null,
      seed: world.seed,
      startTime: world.startTime,
      currentTime: world.startTime,
      activeAdvanceId: null,
      step: 0,
      baseStep: 0,
      sampleRecords: SIMULATION_LIMITS.sampleRecords.default,
      ttlSeconds: null,
      expiresAt: null,
      metadata: {},
      createdAt: formatTime(this.clock.now()),
    };
    await this.insertRunning(record, { seed: (loaded) => new SimulationState(seederOf(record, loaded)) });
    return record;
  }

  /** A World's member, as stored: null when gone or not that World's. */
  async member(worldId: string, id: string): Promise<SimulationRecord | null> {
    const record = await this.repository.get(id);
    return record !== null && record.worldId === worldId ? record : null;
  }

  /** Stops a World's member (its World decided); stopping a stopped one changes nothing. */
  async stopMember(record: SimulationRecord): Promise<SimulationView> {
    return this.stopRecord(record, null);
  }

  /** Starts a World's member from its saved state within the quota; its tokens stay valid. */
  async startMember(record: SimulationRecord): Promise<SimulationView> {
    return this.view(await this.startRecord(record), null);
  }

  /** Deletes a World's member with its saved state, steps and advances. */
  async deleteMember(record: SimulationRecord): Promise<void> {
    await this.deleteRecord(record);
  }

  private async issue(record: SimulationRecord, ttlSeconds: number, readOnly: boolean): Promise<{ token: string; token_expires_at: string }> {
    const token = generateSimulationToken();
    const now = this.clock.now();
    const expiresAt = formatTime(new Date(now.getTime() + ttlSeconds * 1000));
    if (!(await this.repository.addToken(record.id, { hash: hashSimulationToken(token), readOnly, expiresAt }, formatTime(now)))) throw notFound(record.id);
    return { token, token_expires_at: expiresAt };
  }

  /**
   * Refuses when the workspace's active Simulations fill its quota. Expired ones do not count:
   * at the limit, those due are deleted first (`except`, the one whose queue the caller holds,
   * is left to its own next read).
   */
  private async ensureQuota(workspaceId: string, except?: string): Promise<void> {
    const full = async () => (await this.repository.countActive(workspaceId)) >= this.quotas.activeSimulations;
    if ((await full()) && ((await this.expireDue(except)) === 0 || (await full()))) throw this.quotaExceeded();
  }

  private quotaExceeded(): SimplaneError {
    return new SimplaneError('simulation_quota_exceeded', `The workspace already has its ${this.quotas.activeSimulations} active Simulations; stop or delete one first.`);
  }

  private async lock(record: SimulationRecord, from: SimulationRecord['status'][], lock: NonNullable<SimulationRecord['lock']>): Promise<void> {
    const at = this.clock.now();
    const change = { lock, lockedAt: formatTime(at), lockedBy: this.options.owner ?? null };
    let locked = await this.repository.update(record.id, { status: from, lock: null, activeAdvanceId: null }, change);
    if (locked === null || locked === 'quota') {
      const now = await this.repository.get(record.id);
      if (now === null) throw notFound(record.id);
      // A lock its process left behind (it stopped mid-change) is taken over, once.
      if (now.lock !== null && from.includes(now.status) && this.abandoned(now, at)) {
        locked = await this.repository.update(record.id, { status: from, lock: now.lock, lockedAt: now.lockedAt ?? null, activeAdvanceId: null }, change);
        if (locked !== null && locked !== 'quota') return;
      }
      refuseWhileAdvancing(now, lock === 'deleting' ? 'delete' : lock === 'stopping' ? 'stop' : 'start');
      if (now.lock === null && now.status === 'stopped' && !from.includes('stopped')) throw stopped(record.id);
      throw platformOwned(record.id);
    }
  }

  /** True when the record's lock was left by a process that is gone: another's on a store this process holds alone, or one held too long. */
  private abandoned(record: SimulationRecord, now: Date): boolean {
    if (record.lock === null) return false;
    if (this.options.exclusive === true && (record.lockedBy ?? null) !== (this.options.owner ?? null)) return true;
    const at = record.lockedAt == null ? Number.NaN : Date.parse(record.lockedAt);
    return !(now.getTime() - at <= ABANDONED_LOCK_MS);
  }

  private async unlock(id: string, lock: NonNullable<SimulationRecord['lock']>): Promise<void> {
    await this.repository.update(id, { lock }, UNLOCKED).catch(() => undefined);
  }

  private async change(id: string, lock: NonNullable<SimulationRecord['lock']>, change: Partial<SimulationRecord>): Promise<SimulationRecord> {
    const changed = await this.repository.update(id, { lock }, { ...change, ...UNLOCKED });
    if (changed === null || changed === 'quota') throw platformOwned(id);
    return changed;
  }

  /** By path ID: unknown or expired is 404, another workspace's is 403. */
  private async load(principal: Principal, id: string): Promise<SimulationRecord> {
    if (!isId('simulation', id)) throw notFound(id);
    const record = await this.repository.get(id);
    if (record === null || (await this.expireIfDue(record))) throw notFound(id);
    if (record.workspaceId !== principal.workspaceId) throw new SimplaneError('auth_forbidden', 'The Simulation belongs to another workspace.');
    return record;
  }

  /**
   * Deletes every Simulation past its expiry, with its state and steps, and answers how many:
   * the housekeeping sweep's work, done also before a list and at a full quota, so an expired
   * Simulation is never listed and never holds a slot, however long until the next sweep.
   * `except`: one whose queue the caller holds.
   */
  async expireDue(except?: string): Promise<number> {
    let deleted = 0;
    for (;;) {
      const due = (await this.repository.listExpired(formatTime(this.clock.now()), 100)).filter((r) => r.id !== except);
      let pass = 0;
      for (const record of due) if (await this.expireIfDue(record)) pass += 1;
      deleted += pass;
      if (pass === 0) return deleted;
    }
  }

  /** Deletes a Simulation past its expiry; answers whether it did. */
  /** `now`: the caller's formatted clock reading, when it has one already. */
  async expireIfDue(record: SimulationRecord, now: string = formatTime(this.clock.now())): Promise<boolean> {
    if (!isExpired(record, now)) return false;
    await this.pool.serial(record.id, () => this.purge(record.id));
    return true;
  }
}

export function hashSimulationToken(token: string): string {
  return hash('sha256', token, 'hex');
}

function generateSimulationToken(): string {
  return `sit_${randomBytes(32).toString('base64url')}`;
}

function expiry(now: Date, ttlSeconds: number | undefined): string | null {
  return ttlSeconds === undefined ? null : formatTime(new Date(now.getTime() + ttlSeconds * 1000));
}

/** A lifecycle change waits for the clock: while an advance is active it answers 409 `clock_conflict`. */
export function refuseWhileAdvancing(record: SimulationRecord, action: string): void {
  if (record.activeAdvanceId !== null) throw clockConflict(`The Simulation ${record.id} is advancing its clock (${record.activeAdvanceId}); ${action} it once the advance has finished.`);
}

export function clockConflict(detail: string): SimplaneError {
  return new SimplaneError('clock_conflict', detail);
}

export function refuseWorldMember(record: SimulationRecord, action: string): void {
  if (record.worldId !== null) throw new SimplaneError('simulation_world_owned', `The Simulation belongs to World ${record.worldId}; ${action} it through the World.`);
}

export function notFound(id: string): SimplaneError {
  return new SimplaneError('simulation_not_found', `No Simulation ${id.slice(0, 64)}.`);
}

export function stopped(id: string): SimplaneError {
  return new SimplaneError('simulation_stopped', `The Simulation ${id} is stopped; start it first.`);
}

export function platformOwned(id: string): SimplaneError {
  return new SimplaneError('simulation_platform_owned', `The platform is changing the Simulation ${id} right now; retry when it is done.`);
}
