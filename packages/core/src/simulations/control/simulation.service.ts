import { randomBytes } from 'node:crypto';
import { parseInput } from '../../errors/zod-validation.js';
import { SimplaneError } from '../../errors/simplane-error.js';
import type { IdGenerator } from '../../ids/id.js';
import type { CursorCodec } from '../../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../../pagination/page.js';
import type { Quotas } from '../../quotas/quotas.js';
import type { SimulatorRecord } from '../../simulators/simulator.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import { SIMULATION_STATUSES, type SimulationRecord, type SimulationView, type SimulationWithToken } from '../simulation.js';
import { createSimulationInput, simulationTokenInput } from '../simulation-input.js';
import { seederOf, type SimulationLoader } from '../simulation-loader.js';
import { visibleStep, type SimulationPool } from '../simulation-pool.js';
import type { SimulationFilter, SimulationRepository } from '../simulation.repository.port.js';
import { SimulationState } from '../simulation-state.js';
import type { StepDetail, StepLog, StepView } from '../step-log.port.js';
import type { AdvanceLog } from '../clock/advance-log.port.js';
import { refuseWorldMember } from '../simulation-errors.js';
import { SimulationForks } from './simulation-forks.js';
import { expiry, SimulationLifecycle } from './simulation-lifecycle.js';
import { SimulationLocks } from './simulation-locks.js';
import { SimulationMembers } from './simulation-members.js';
import { SimulationRecords } from './simulation-records.js';
import { SimulationStateViews, type RecordChangeView, type StateRecordView } from './simulation-state-views.js';
import { SimulationSteps } from './simulation-steps.js';
import { SimulationTokens, type TokenView } from './simulation-tokens.js';

/** Finds a Simulator by ID or `name:tag` as the caller's workspace sees it (SimulatorService.resolve). */
export type SimulatorResolver = (principal: Principal, idOrReference: string) => Promise<SimulatorRecord | null>;

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

/** What the Simulation service is made of: its stores, the pool it shares with the data plane, and the rest. */
export interface SimulationServiceDeps {
  repository: SimulationRepository;
  steps: StepLog;
  advances: AdvanceLog;
  resolveSimulator: SimulatorResolver;
  loader: SimulationLoader;
  pool: SimulationPool;
  quotas: Quotas;
  clock: Clock;
  ids: IdGenerator;
  cursors: CursorCodec;
  options: SimulationServiceOptions;
}

export interface SimulationListParams extends PageParams {
  status?: string;
  simulator?: string;
}

export interface SimulationPage {
  simulations: SimulationView[];
  next_cursor: string | null;
}

/**
 * Simulations on the control plane: create, read, list, delete, stop, start, and through its
 * parts fork (SimulationForks), tokens (SimulationTokens), steps (SimulationSteps) and a World's
 * members (SimulationMembers). A lifecycle change holds the record's `lock` while it runs
 * (SimulationLocks); any other change meanwhile answers `409 simulation_platform_owned`.
 */
export class SimulationService {
  /** The records as every part reads them: found, viewed, expired, counted. */
  readonly records: SimulationRecords;
  /** A World's members, for the World's services. */
  readonly members: SimulationMembers;
  private readonly lifecycle: SimulationLifecycle;
  private readonly tokens: SimulationTokens;
  private readonly forks: SimulationForks;
  private readonly recordedSteps: SimulationSteps;
  private readonly stateViews: SimulationStateViews;
  private readonly steps: StepLog;
  private readonly resolveSimulator: SimulatorResolver;
  private readonly pool: SimulationPool;
  private readonly clock: Clock;
  private readonly ids: IdGenerator;
  private readonly cursors: CursorCodec;
  private readonly tokenTtlSeconds: number;

  constructor(deps: SimulationServiceDeps) {
    const { options } = deps;
    this.resolveSimulator = deps.resolveSimulator;
    this.pool = deps.pool;
    this.clock = deps.clock;
    this.ids = deps.ids;
    this.cursors = deps.cursors;
    this.tokenTtlSeconds = options.tokenTtlSeconds;
    this.records = new SimulationRecords(deps.repository, deps.steps, deps.advances, deps.pool, deps.quotas, deps.clock, { publicBaseUrl: options.publicBaseUrl, shared: options.shared });
    this.tokens = new SimulationTokens(deps.repository, deps.clock);
    const locks = new SimulationLocks(deps.repository, deps.clock, { owner: options.owner, exclusive: options.exclusive });
    this.lifecycle = new SimulationLifecycle(this.records, locks, this.tokens, deps.steps, deps.loader, deps.pool, deps.clock, options.tokenTtlSeconds);
    this.forks = new SimulationForks(this.records, this.lifecycle, deps.steps, deps.loader, deps.pool, deps.clock, deps.ids);
    this.steps = deps.steps;
    this.recordedSteps = new SimulationSteps(this.records, deps.steps, deps.cursors);
    this.stateViews = new SimulationStateViews(this.records, deps.steps, deps.loader, deps.cursors);
    this.members = new SimulationMembers(this.records, this.lifecycle, deps.clock, deps.ids);
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
    return this.lifecycle.launch(principal, record, {
      seed: (loaded) => new SimulationState(seederOf(record, loaded)),
    });
  }

  async get(principal: Principal, id: string): Promise<SimulationView> {
    return this.records.view(await this.records.withLatestStep(await this.records.load(principal, id)), principal);
  }

  /** The stored record, as `get` finds it: unknown or expired is 404, another workspace's is 403. */
  record(principal: Principal, id: string): Promise<SimulationRecord> {
    return this.records.load(principal, id);
  }

  async list(principal: Principal, params: SimulationListParams): Promise<SimulationPage> {
    await this.records.expireDue();
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
    const page = await fetchPage(this.cursors, scope, params, (r: SimulationRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) => this.records.repository.list(filter, q));
    // The latest steps of the page's Simulations this process does not hold, read in one round trip.
    const unheld = page.items.filter((r) => r.status !== 'stopped' && (this.records.options.shared === true || this.pool.get(r.id) === undefined));
    const heads = unheld.length === 0 ? new Map<string, number>() : await this.steps.heads(unheld.map((r) => r.id));
    const records = page.items.map((r) => {
      const head = heads.get(r.id);
      const held = this.pool.get(r.id);
      return head === undefined ? r : { ...r, step: Math.max(head, held === undefined ? 0 : visibleStep(held)) };
    });
    return { simulations: records.map((r) => this.records.view(r, principal)), next_cursor: page.nextCursor };
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const record = await this.records.load(principal, id);
    refuseWorldMember(record, 'delete');
    await this.lifecycle.deleteRecord(record);
  }

  async stop(principal: Principal, id: string): Promise<SimulationView> {
    const record = await this.records.load(principal, id);
    refuseWorldMember(record, 'stop');
    return this.lifecycle.stopRecord(record, principal);
  }

  async start(principal: Principal, id: string): Promise<SimulationWithToken> {
    const record = await this.records.load(principal, id);
    refuseWorldMember(record, 'start');
    const started = await this.lifecycle.startRecord(record);
    return { ...this.records.view(started, principal), ...(await this.tokens.issue(started, this.tokenTtlSeconds, false)) };
  }

  fork(principal: Principal, id: string, body: unknown): Promise<SimulationWithToken> {
    return this.forks.fork(principal, id, body);
  }

  async issueToken(principal: Principal, id: string, body: unknown): Promise<TokenView> {
    const input = parseInput(simulationTokenInput, body);
    const record = await this.records.load(principal, id);
    const issued = await this.tokens.issue(record, input.ttl_seconds, input.read_only);
    return { token: issued.token, expires_at: issued.token_expires_at, read_only: input.read_only };
  }

  /**
   * A page of steps, oldest first; `atStep` (text, as the query gave it) starts the list at that
   * step, which must be one the Simulation has recorded.
   */
  listSteps(principal: Principal, id: string, params: PageParams & { atStep?: string }): Promise<{ steps: StepView[]; next_cursor: string | null }> {
    return this.recordedSteps.list(principal, id, params);
  }

  getStep(principal: Principal, id: string, stepText: string): Promise<StepDetail> {
    return this.recordedSteps.get(principal, id, stepText);
  }

  /** The records a step created, updated or deleted, with their values before and after it. */
  stepChanges(principal: Principal, id: string, stepText: string, params: PageParams): Promise<{ step: number; changes: RecordChangeView[]; next_cursor: string | null }> {
    return this.stateViews.changes(principal, id, stepText, params);
  }

  /** The records after a recorded step (default: the latest), per resource. */
  recordsAt(principal: Principal, id: string, params: PageParams & { atStep?: string; resource?: string }): Promise<{ step: number; records: StateRecordView[]; next_cursor: string | null }> {
    return this.stateViews.recordsAt(principal, id, params);
  }

  /** The workspace's running and paused Simulations, none expired: its active-Simulation quota use. */
  async countActive(workspaceId: string): Promise<number> {
    await this.records.expireDue();
    return this.records.repository.countActive(workspaceId);
  }
}
