import { parseInput } from '../errors/zod-validation.js';
import { SimplaneError } from '../errors/simplane-error.js';
import { isId, type IdGenerator } from '../ids/id.js';
import type { Logger } from '../logging/logger.port.js';
import type { CursorCodec } from '../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../pagination/page.js';
import type { AdvanceLog } from '../simulations/clock/advance-log.port.js';
import { pendingAdvance, toClockAdvanceView, type ClockAdvanceMember, type ClockAdvanceRecord, type ClockAdvanceView, type ClockEventView } from '../simulations/clock/clock-advance.js';
import { checkedIdempotencyKey, notBeforeCurrent, replayAdvance, type ClockAdvancePage, type ClockEventPage, type SimulationClock } from '../simulations/clock/simulation-clock.js';
import { advanceTimeInput } from '../simulations/simulation-input.js';
import type { SimulationRepository } from '../simulations/simulation.repository.port.js';
import { clockConflict } from '../simulations/simulation-errors.js';
import type { Principal } from '../tenancy/tenancy.js';
import { formatTime, type Clock } from '../time/clock.port.js';
import type { WorldMemberRecord, WorldRecord } from './world.js';
import type { WorldRepository } from './world.repository.port.js';

/** How many of a member's events are read at a time when a World's advance collects them. */
const EVENT_BATCH = 1000;

/**
 * A World's virtual clock. An advance follows a Simulation's rules (Idempotency-Key, `to` not
 * before the World's current time, 202 pending, the same key and target answering the same
 * advance, another target or an advance already active 409 `clock_conflict`) and needs the
 * World `running` (else 409 `world_conflict`). While it is active the World's
 * `activeAdvanceId` names it, taken by a guarded update, so two never run at once. It advances
 * every running member in turn, by name, each recorded on the member as its own advance (one
 * `advance` step with its events); a member not running is skipped. Once every member has
 * completed the World's `current_time` becomes `to`; if one failed, the advance fails and the
 * World's clock stays where it was (the members that completed have moved: an advance to the
 * same `to` with a new key moves the rest).
 */
export class WorldClock {
  constructor(
    private readonly worlds: WorldRepository,
    private readonly simulations: SimulationRepository,
    private readonly memberClock: SimulationClock,
    private readonly advances: AdvanceLog,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly logger: Logger,
  ) {}

  /** `readBody` is called once the World and the key are found acceptable. */
  async advance(principal: Principal, id: string, idempotencyKey: string | undefined, readBody: () => Promise<unknown>): Promise<ClockAdvanceView> {
    const world = await this.load(principal, id);
    const key = checkedIdempotencyKey(idempotencyKey);
    const { to } = parseInput(advanceTimeInput, await readBody());
    const earlier = await this.advances.findByKey(id, key);
    if (earlier !== null) return toClockAdvanceView(replayAdvance(earlier, to));
    refuse(world);
    notBeforeCurrent(to, world.currentTime, 'World');
    const advanceId = this.ids.next('clockAdvance');
    const held = await this.worlds.update(id, { status: ['running'], activeAdvanceId: null }, { activeAdvanceId: advanceId });
    if (held === null) return toClockAdvanceView(await this.refused(id, key, to));
    const release = () => this.worlds.update(id, { activeAdvanceId: advanceId }, { activeAdvanceId: null });
    try {
      notBeforeCurrent(to, held.currentTime, 'World');
      const stored = await this.advances.insert(pendingAdvance(id, advanceId, key, held.currentTime, to, formatTime(this.clock.now())));
      if (!stored.inserted) {
        await release();
        return toClockAdvanceView(replayAdvance(stored.record, to));
      }
      void this.run(held, stored.record);
      return toClockAdvanceView(stored.record);
    } catch (error) {
      await release();
      throw error;
    }
  }

  async get(principal: Principal, id: string, advanceId: string): Promise<ClockAdvanceView> {
    await this.load(principal, id);
    return toClockAdvanceView(await this.find(id, advanceId));
  }

  /** A page of the World's advances, newest first. */
  async list(principal: Principal, id: string, params: PageParams): Promise<ClockAdvancePage> {
    await this.load(principal, id);
    const page = await fetchPage(this.cursors, `world-advances:${id}`, params, (r: ClockAdvanceRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) => this.advances.list(id, q));
    return { advances: page.items.map(toClockAdvanceView), next_cursor: page.nextCursor };
  }

  /** A page of the events a World's advance committed: its members' events, member by member, each in its member's order. */
  async listEvents(principal: Principal, id: string, advanceId: string, params: PageParams): Promise<ClockEventPage> {
    await this.load(principal, id);
    await this.find(id, advanceId);
    const page = await fetchPage(
      this.cursors,
      `world-advance-events:${id}:${advanceId}`,
      params,
      (e: ClockEventView) => ({ createdAt: String(e.sequence), id: advanceId }),
      (q) => this.advances.listEvents(id, advanceId, { afterSequence: q.after === undefined ? 0 : Number(q.after.createdAt), limit: q.limit }),
    );
    return { events: page.items, next_cursor: page.nextCursor };
  }

  /** By path ID: unknown or malformed is 404 `world_not_found`, another workspace's 403. */
  private async load(principal: Principal, id: string): Promise<WorldRecord> {
    const record = isId('world', id) ? await this.worlds.get(id) : null;
    if (record === null) throw worldNotFound(id);
    if (record.workspaceId !== principal.workspaceId) throw new SimplaneError('auth_forbidden', 'The World belongs to another workspace.');
    return record;
  }

  private async find(id: string, advanceId: string): Promise<ClockAdvanceRecord> {
    const found = isId('clockAdvance', advanceId) ? await this.advances.get(id, advanceId) : null;
    if (found === null) throw new SimplaneError('clock_advance_not_found', `No clock advance ${advanceId.slice(0, 64)} of World ${id}.`);
    return found;
  }

  /** Answers a request that could not take the World's clock, as the World stands now. */
  private async refused(id: string, key: string, to: string): Promise<ClockAdvanceRecord> {
    const now = await this.worlds.get(id);
    if (now === null) throw worldNotFound(id);
    const earlier = await this.advances.findByKey(id, key);
    if (earlier !== null) return replayAdvance(earlier, to);
    refuse(now);
    throw clockConflict(`The World ${id} changed while the advance was asked for; retry.`);
  }

  /**
   * Runs an accepted advance: each member in turn, by name, then the World's clock. The
   * members' outcomes are written as they come, so a reader sees the advance progress.
   */
  /** Runs again a World's advance a process that died left unfinished (AdvanceRecovery); members' advances replay by key. */
  resume(world: WorldRecord, advance: ClockAdvanceRecord): Promise<void> {
    return this.run(world, advance);
  }

  private async run(world: WorldRecord, advance: ClockAdvanceRecord): Promise<void> {
    const { id: advanceId, simulationId: id, to } = advance;
    const members: ClockAdvanceMember[] = [];
    const events: ClockEventView[] = [];
    try {
      await this.advances.update(id, advanceId, { status: 'running' });
      for (const member of [...world.members].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
        members.push(await this.advanceMember(member, advanceId, to, events));
        await this.advances.update(id, advanceId, { members });
      }
      await this.advances.putEvents(id, advanceId, events);
      const failed = members.find((m) => m.status === 'failed');
      if (failed !== undefined) {
        await this.worlds.update(id, { activeAdvanceId: advanceId }, { activeAdvanceId: null });
        const detail = `The member ${failed.name} (${failed.simulation_id}) could not be advanced; the members that completed are at ${to}, the World's clock stays at ${advance.from}. Advance to ${to} again with a new Idempotency-Key to move the rest.`;
        await this.advances.update(id, advanceId, { status: 'failed', eventCount: events.length, error: { code: 'member_advance_failed', detail } });
        return;
      }
      const changed = await this.worlds.update(id, { activeAdvanceId: advanceId }, { currentTime: to, activeAdvanceId: null, updatedAt: formatTime(this.clock.now()) });
      if (changed === null) throw new SimplaneError('internal', 'The World changed while its clock advanced.');
      await this.advances.update(id, advanceId, { status: 'completed', eventCount: events.length });
    } catch (cause) {
      this.logger.warn('world clock advance failed', { world_id: id, advance_id: advanceId, cause: cause instanceof Error ? cause.message : String(cause) });
      const error = SimplaneError.is(cause) ? { code: cause.code, detail: cause.detail } : { code: 'internal', detail: "The World's clock could not be advanced; its clock is as it was." };
      await this.worlds.update(id, { activeAdvanceId: advanceId }, { activeAdvanceId: null }).catch(() => undefined);
      await this.advances.update(id, advanceId, { status: 'failed', members, eventCount: events.length, error }).catch(() => undefined);
    }
  }

  /** One member's part: its own advance, keyed by the World's advance; its events appended to `events`. */
  private async advanceMember(member: WorldMemberRecord, worldAdvanceId: string, to: string, events: ClockEventView[]): Promise<ClockAdvanceMember> {
    // A running World's members all have a Simulation; one without is reported and skipped.
    const simulationId = member.simulationId ?? '';
    const base = { name: member.name, simulation_id: simulationId };
    const record = member.simulationId === null ? null : await this.simulations.get(member.simulationId);
    if (record === null || record.status === 'stopped') return { ...base, status: 'skipped' };
    let done: ClockAdvanceRecord;
    try {
      done = await this.memberClock.advanceMember(simulationId, `world:${worldAdvanceId}`, to);
    } catch (cause) {
      this.logger.warn('world member advance refused', { simulation_id: simulationId, advance_id: worldAdvanceId, cause: cause instanceof Error ? cause.message : String(cause) });
      return { ...base, status: 'failed' };
    }
    if (done.status !== 'completed') return { ...base, status: 'failed', advance_id: done.id };
    for (let after = 0; ; ) {
      const batch = await this.advances.listEvents(simulationId, done.id, { afterSequence: after, limit: EVENT_BATCH });
      for (const e of batch) events.push({ ...e, sequence: events.length + 1, member: member.name, simulation_id: simulationId });
      if (batch.length < EVENT_BATCH) break;
      after = batch.at(-1)!.sequence;
    }
    return { ...base, status: 'completed', advance_id: done.id, event_count: done.eventCount };
  }
}

/** A World that cannot take an advance: not running (409 `world_conflict`), or advancing already. */
function refuse(world: WorldRecord): void {
  if (world.status !== 'running') throw new SimplaneError('world_conflict', `The World ${world.id} is ${world.status}; only a running World advances its clock.`);
  if (world.activeAdvanceId !== null) throw clockConflict(`The World ${world.id} is advancing its clock (${world.activeAdvanceId}); retry once that advance has finished.`);
}

function worldNotFound(id: string): SimplaneError {
  return new SimplaneError('world_not_found', `No World ${id.slice(0, 64)}.`);
}
