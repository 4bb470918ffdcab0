import { randomBytes } from 'node:crypto';
import { parseInput } from '../errors/zod-validation.js';
import { SimplaneError } from '../errors/simplane-error.js';
import { isId, type IdGenerator } from '../ids/id.js';
import type { CursorCodec } from '../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../pagination/page.js';
import type { Quotas } from '../quotas/quotas.js';
import type { SimulationRecord, SimulationStatus } from '../simulations/simulation.js';
import type { SimulationService, SimulatorResolver } from '../simulations/control/simulation.service.js';
import type { Principal } from '../tenancy/tenancy.js';
import { formatTime, type Clock } from '../time/clock.port.js';
import { WORLD_STATUSES, type WorldLock, type WorldRecord, type WorldStatus } from './world.js';
import type { WorldBuildQueue } from './world-build-queue.js';
import type { WorldBuilder } from './world-builder.js';
import { createWorldInput, memberNames } from './world-input.js';
import type { WorldFilter, WorldRepository } from './world.repository.port.js';
import { memberSimulationIds, toWorldView, type WorldPage, type WorldView } from './world-view.js';
import type { AdvanceLog } from '../simulations/clock/advance-log.port.js';

export interface WorldServiceOptions {
  /** Where clients reach this server, for absolute `endpoint`s; null: relative (as for Simulations). */
  publicBaseUrl?: string | null;
  /** This process's name in the locks it takes. */
  owner?: string;
  /** True when no other process uses the store: another process's lock is then abandoned at once. */
  exclusive?: boolean;
}

export interface WorldListParams extends PageParams {
  status?: string;
}

/**
 * Worlds on the control plane (SPEC 2.3, 3, 4.3; docs/worlds.md): build, read, list, stop,
 * start, cancel and delete. A World's lifecycle changes run one at a time per World; while
 * its clock advances (`activeAdvanceId`), stop, start, cancel and delete answer 409
 * `clock_conflict`. Members are Simulations owned by the World: only it stops, starts or
 * deletes them.
 */
export class WorldService {
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(
    private readonly repository: WorldRepository,
    private readonly simulations: SimulationService,
    private readonly builds: WorldBuildQueue,
    private readonly builder: WorldBuilder,
    private readonly resolveSimulator: SimulatorResolver,
    private readonly quotas: Quotas,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    /** The World's own clock advances go with it. */
    private readonly advances: Pick<AdvanceLog, 'deleteAll'>,
    private readonly options: WorldServiceOptions = {},
  ) {}

  /** Accepts a World (202 `creating`) once every member's Simulator resolves and is ready; the build runs off the request. */
  async create(principal: Principal, body: unknown): Promise<WorldView> {
    const input = parseInput(createWorldInput, body);
    const entries = [];
    for (const [index, entry] of input.simulators.entries()) {
      const reference = typeof entry === 'string' ? entry : entry.simulator;
      const simulator = await this.resolveSimulator(principal, reference);
      if (simulator === null) throw new SimplaneError('simulator_unknown', `simulators[${index}]: no Simulator '${reference.slice(0, 200)}' in this workspace or the catalog`);
      if (simulator.status !== 'ready' || simulator.digest === null) {
        throw new SimplaneError('simulator_not_ready', `simulators[${index}]: the Simulator ${simulator.id} is ${simulator.status}, not ready.`);
      }
      entries.push({ simulator, explicit: typeof entry === 'string' ? undefined : entry.name });
    }
    const names = memberNames(entries.map((e) => ({ explicit: e.explicit, simulatorName: e.simulator.name })));
    const now = this.clock.now();
    const createdAt = formatTime(now);
    const record: WorldRecord = {
      id: this.ids.next('world'),
      workspaceId: principal.workspaceId,
      organizationId: principal.organizationId,
      name: input.name ?? names.join('+').slice(0, 200),
      from: '',
      seed: input.seed ?? randomBytes(12).toString('hex'),
      status: 'creating',
      startTime: input.start_time,
      currentTime: input.start_time,
      activeAdvanceId: null,
      members: entries.map((e, i) => ({ name: names[i]!, simulatorId: e.simulator.id, simulationId: null })),
      build: { startedAt: null, deadline: formatTime(new Date(now.getTime() + input.timeout_seconds * 1000)) },
      error: null,
      metadata: input.metadata ?? {},
      createdAt,
      updatedAt: createdAt,
    };
    await this.repository.insert(record);
    void this.builds.pump(record.workspaceId);
    return this.view(record, principal);
  }

  async get(principal: Principal, id: string): Promise<WorldView> {
    return this.view(await this.load(principal, id), principal);
  }

  /** The stored World by path ID: unknown or malformed is 404 `world_not_found`, another workspace's 403. */
  async load(principal: Principal, id: string): Promise<WorldRecord> {
    if (!isId('world', id)) throw notFound(id);
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    if (record.workspaceId !== principal.workspaceId) throw new SimplaneError('auth_forbidden', 'The World belongs to another workspace.');
    return record;
  }

  /** The World's member Simulation IDs, in member order. */
  memberIds(record: WorldRecord): string[] {
    return memberSimulationIds(record);
  }

  async list(principal: Principal, params: WorldListParams): Promise<WorldPage> {
    const filter: WorldFilter = { workspaceId: principal.workspaceId };
    if (params.status !== undefined) {
      if (!(WORLD_STATUSES as readonly string[]).includes(params.status)) throw new SimplaneError('bad_request', `status: must be one of ${WORLD_STATUSES.join(', ')}`);
      filter.status = params.status as WorldStatus;
    }
    const page = await fetchPage(this.cursors, `worlds:${principal.workspaceId}:${filter.status ?? ''}`, params, (r: WorldRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) => this.repository.list(filter, q));
    return { worlds: await Promise.all(page.items.map((r) => this.view(r, principal))), next_cursor: page.nextCursor };
  }

  /** Stops every member, saving its state. Only a running World admits stop (SPEC 3): a stopped one is 409 `world_conflict`. */
  stop(principal: Principal, id: string): Promise<WorldView> {
    return this.serial(id, async () => {
      const world = await this.load(principal, id);
      refuseWhileWorldAdvancing(world, 'stop');
      this.refuseWhileLocked(world, 'stop');
      // A stopped World still holding the lock of a stop abandoned midway (its process died)
      // stops the members that stop left running; any other stopped World has nothing to stop.
      if (world.status === 'stopped' && world.lock == null) throw conflict(world, 'stop', 'it is already stopped');
      if (world.status !== 'running' && world.status !== 'stopped') throw conflict(world, 'stop', 'only a running World can be stopped');
      // Out of `running` first: no clock advance can begin while the members stop.
      const { record: stopped, lock } = await this.take(world, 'stopped', 'stopping', 'stop');
      try {
        for (const member of await this.members(stopped)) if (member.status !== 'stopped') await this.simulations.members.stop(member);
      } catch (error) {
        await this.repository.update(id, { lock }, { status: world.status, lock: null });
        throw error;
      }
      return this.view((await this.repository.update(id, { lock }, { lock: null })) ?? stopped, principal);
    });
  }

  /**
   * Starts every member from its saved state, all or nothing: the workspace needs a free
   * active slot for each stopped member at once, else 429 `simulation_quota_exceeded` and none
   * starts. Members keep their tokens. Only a stopped World admits start (SPEC 3): a running
   * one is 409 `world_conflict`.
   */
  start(principal: Principal, id: string): Promise<WorldView> {
    return this.serial(id, async () => {
      const world = await this.load(principal, id);
      refuseWhileWorldAdvancing(world, 'start');
      this.refuseWhileLocked(world, 'start');
      if (world.status !== 'stopped') throw conflict(world, 'start', 'only a stopped World can be started');
      const { lock } = await this.take(world, 'stopped', 'starting', 'start');
      const release = () => this.repository.update(id, { lock }, { lock: null });
      const members = await this.members(world);
      const stopped = members.filter((m) => m.status === 'stopped');
      const free = this.quotas.activeSimulations - (await this.simulations.countActive(world.workspaceId));
      if (free < stopped.length) {
        await release();
        throw new SimplaneError(
          'simulation_quota_exceeded',
          `Starting the World needs ${stopped.length} active Simulation slots at once and the workspace has ${Math.max(0, free)} free; nothing was started.`,
        );
      }
      const started: SimulationRecord[] = [];
      try {
        for (const member of stopped) {
          await this.simulations.members.start(member);
          started.push(member);
        }
      } catch (error) {
        // All or nothing: a member that could not start stops the ones started before it.
        for (const member of started) {
          const now = await this.simulations.members.get(world.id, member.id);
          if (now !== null) await this.simulations.members.stop(now).catch(() => undefined);
        }
        await release();
        throw error;
      }
      const running = await this.repository.update(id, { lock }, { status: 'running', lock: null, updatedAt: formatTime(this.clock.now()) });
      if (running === null) throw conflict((await this.repository.get(id)) ?? world, 'start', 'it changed meanwhile');
      return this.view(running, principal);
    });
  }

  /**
   * Cancels a build that has not finished, waiting or running: the World is `failed` with
   * `build_canceled` at once, and a running build deletes the members it made when its current
   * step ends (a failed World shows none).
   */
  cancel(principal: Principal, id: string): Promise<WorldView> {
    return this.serial(id, async () => {
      const world = await this.load(principal, id);
      refuseWhileWorldAdvancing(world, 'cancel');
      if (world.status !== 'creating' || !(await this.builder.fail(id, canceled()))) throw conflict(await this.load(principal, id), 'cancel', 'only a World being built can be canceled');
      return this.view(await this.load(principal, id), principal);
    });
  }

  /** Deletes the World with its members and their saved state; a World being built is canceled first (never 409). */
  delete(principal: Principal, id: string): Promise<void> {
    return this.serial(id, async () => {
      const world = await this.load(principal, id);
      refuseWhileWorldAdvancing(world, 'delete');
      this.refuseWhileLocked(world, 'delete');
      // A build still running notices the World is gone when its current step ends and deletes what it made.
      if (world.status === 'creating') await this.builder.fail(id, canceled());
      const current = await this.load(principal, id);
      refuseWhileWorldAdvancing(current, 'delete');
      // Out of `running` first, as for stop: no clock advance can begin while the members go.
      const { record: locked, lock } = await this.take(current, current.status === 'running' ? 'stopped' : current.status, 'deleting', 'delete');
      try {
        for (const member of await this.members(locked)) await this.simulations.members.delete(member);
      } catch (error) {
        await this.repository.update(id, { lock }, { status: current.status, lock: null });
        throw error;
      }
      await this.repository.delete(id);
      await this.advances.deleteAll(id);
    });
  }

  /** The World as the API shows it, with its members' current statuses. */
  async view(record: WorldRecord, principal: Principal): Promise<WorldView> {
    const statuses = new Map<string, SimulationStatus>();
    for (const member of await this.members(record)) statuses.set(member.id, member.status);
    return toWorldView(record, statuses, this.options.publicBaseUrl ?? principal.origin ?? null);
  }

  /** Building Worlds of a workspace: its `concurrent_world_builds` use. */
  countBuilding(workspaceId: string): Promise<number> {
    return this.repository.countBuilding(workspaceId);
  }

  private async members(world: WorldRecord): Promise<SimulationRecord[]> {
    const found = await Promise.all(memberSimulationIds(world).map((simulationId) => this.simulations.members.get(world.id, simulationId)));
    return found.filter((m): m is SimulationRecord => m !== null);
  }

  /**
   * Takes the World's lock for a lifecycle change and moves it to `to` in the same step, while
   * no clock advance holds it (else 409 `clock_conflict`) and no other change does (else 409
   * `world_conflict`): across processes, stop, start and delete run one at a time. The lock
   * the World was read with is the one replaced, so an abandoned one is taken over once.
   */
  private async take(world: WorldRecord, to: WorldStatus, action: WorldLock['action'], verb: string): Promise<{ record: WorldRecord; lock: WorldLock }> {
    const lock: WorldLock = { action, at: formatTime(this.clock.now()), ...(this.options.owner === undefined ? {} : { by: this.options.owner }) };
    const changed = await this.repository.update(world.id, { status: [world.status], activeAdvanceId: null, lock: world.lock ?? null }, { status: to, lock, updatedAt: lock.at });
    if (changed !== null) return { record: changed, lock };
    const now = await this.repository.get(world.id);
    if (now === null) throw notFound(world.id);
    refuseWhileWorldAdvancing(now, verb);
    this.refuseWhileLocked(now, verb);
    throw conflict(now, verb, `it changed to ${now.status} meanwhile`);
  }

  /**
   * While another stop, start or delete of the World runs (in any process): 409
   * `world_conflict`. A lock its process left behind is not in the way: another process's on a
   * store this one holds alone, or one held over five minutes.
   */
  private refuseWhileLocked(world: WorldRecord, action: string): void {
    const lock = world.lock;
    if (lock == null) return;
    if (this.options.exclusive === true && (lock.by ?? null) !== (this.options.owner ?? null)) return;
    if (this.clock.now().getTime() - Date.parse(lock.at) > ABANDONED_LOCK_MS) return;
    throw conflict(world, action, `it is ${lock.action} (another request); retry once that has finished`);
  }

  /** Runs a World's lifecycle changes one at a time. */
  private serial<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    const tail = next.catch(() => undefined);
    this.queues.set(id, tail);
    void tail.then(() => {
      if (this.queues.get(id) === tail) this.queues.delete(id);
    });
    return next;
  }
}

function canceled() {
  return { code: 'build_canceled' as const, detail: 'The World build was canceled.' };
}

/** A lifecycle lock older than this is taken as abandoned by a process that died. */
const ABANDONED_LOCK_MS = 5 * 60_000;

/** While the World's clock advances, its lifecycle waits: 409 `clock_conflict`. */
export function refuseWhileWorldAdvancing(world: WorldRecord, action: string): void {
  if (world.activeAdvanceId !== null) {
    throw new SimplaneError('clock_conflict', `The World ${world.id} is advancing its clock (${world.activeAdvanceId}); ${action} it once the advance has finished.`);
  }
}

function conflict(world: WorldRecord, action: string, why: string): SimplaneError {
  return new SimplaneError('world_conflict', `Cannot ${action} the World ${world.id}: it is ${world.status}; ${why}.`);
}

export function worldNotFound(id: string): SimplaneError {
  return notFound(id);
}

function notFound(id: string): SimplaneError {
  return new SimplaneError('world_not_found', `No World ${id.slice(0, 64)}.`);
}
