import { parseInput } from '../../errors/zod-validation.js';
import { SimplaneError, validationError } from '../../errors/simplane-error.js';
import { isId, type IdGenerator } from '../../ids/id.js';
import type { Logger } from '../../logging/logger.port.js';
import type { CursorCodec } from '../../pagination/cursor-codec.js';
import { fetchPage, type PageParams } from '../../pagination/page.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { AdvanceLog } from './advance-log.port.js';
import { pendingAdvance, toClockAdvanceView, type ClockAdvanceRecord, type ClockAdvanceView, type ClockEventView } from './clock-advance.js';
import type { SimulationRecord } from '../simulation.js';
import { advanceTimeInput, IDEMPOTENCY_KEY_BYTES } from '../simulation-input.js';
import type { SimulationPool } from '../simulation-pool.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import { clockConflict, notFound, platformOwned, refuseWorldMember, stopped } from '../simulation-errors.js';
import type { SimulationService } from '../control/simulation.service.js';
import type { SimulationTraffic } from '../data-plane/simulation-traffic.js';

export interface ClockAdvancePage {
  advances: ClockAdvanceView[];
  next_cursor: string | null;
}

export interface ClockEventPage {
  events: ClockEventView[];
  next_cursor: string | null;
}

/**
 * A Simulation's virtual clock: advances and the events they commit. An advance is accepted
 * at once (`pending`) and runs in the Simulation's queue, after the requests queued before it
 * and before any queued after it. While one is active the record's `activeAdvanceId` names
 * it, and another advance, stop, start, fork or delete answers 409 `clock_conflict`. An
 * idempotency key names one advance per Simulation: sent again with the same target it answers
 * that advance, with another 409 `clock_conflict`.
 */
export class SimulationClock {
  constructor(
    private readonly repository: SimulationRepository,
    private readonly advances: AdvanceLog,
    private readonly simulations: SimulationService,
    private readonly traffic: SimulationTraffic,
    private readonly pool: SimulationPool,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cursors: CursorCodec,
    private readonly logger: Logger,
  ) {}

  /** `readBody` is called once the Simulation and the key are found acceptable. */
  async advance(principal: Principal, id: string, idempotencyKey: string | undefined, readBody: () => Promise<unknown>): Promise<ClockAdvanceView> {
    const record = await this.simulations.record(principal, id);
    refuseWorldMember(record, 'advance');
    const key = checkedIdempotencyKey(idempotencyKey);
    const { to } = parseInput(advanceTimeInput, await readBody());
    return toClockAdvanceView((await this.accept(record, key, to)).record);
  }

  /**
   * Advances a World member for its World's advance: as a Simulation's own advance (recorded
   * on the member, one `advance` step with its events), but past the member guard, and
   * answered once it has finished, completed or failed. `key` names it among the member's.
   */
  async advanceMember(id: string, key: string, to: string): Promise<ClockAdvanceRecord> {
    const record = await this.repository.get(id);
    if (record === null) throw notFound(id);
    const accepted = await this.accept(record, key, to);
    await accepted.done;
    return (await this.advances.get(id, accepted.record.id)) ?? accepted.record;
  }

  /**
   * Takes the Simulation's clock and queues the advance, or answers the advance the key already
   * names. `done` settles once the advance has finished.
   */
  private async accept(record: SimulationRecord, key: string, to: string): Promise<{ record: ClockAdvanceRecord; done: Promise<void> }> {
    const id = record.id;
    const finished = Promise.resolve();
    const earlier = await this.advances.findByKey(id, key);
    if (earlier !== null) return { record: replayAdvance(earlier, to), done: finished };
    if (record.status === 'stopped') throw stopped(id);
    if (record.activeAdvanceId !== null) throw advancing(record);
    notBeforeCurrent(to, record.currentTime);
    const advanceId = this.ids.next('clockAdvance');
    const held = await this.repository.update(id, { status: ['running', 'paused'], lock: null, activeAdvanceId: null }, { activeAdvanceId: advanceId });
    if (held === null || held === 'quota') return { record: await this.refused(id, key, to), done: finished };
    const release = () => this.repository.update(id, { activeAdvanceId: advanceId }, { activeAdvanceId: null });
    try {
      notBeforeCurrent(to, held.currentTime);
      const stored = await this.advances.insert(pendingAdvance(id, advanceId, key, held.currentTime, to, formatTime(this.clock.now())));
      // The key was used meanwhile by an advance that has finished since.
      if (!stored.inserted) {
        await release();
        return { record: replayAdvance(stored.record, to), done: finished };
      }
      // Queued now, so the requests that arrive after this answer run after the advance.
      const done = this.pool.serial(id, () => this.run(stored.record)).catch(() => undefined);
      return { record: stored.record, done };
    } catch (error) {
      await release();
      throw error;
    }
  }

  /** Runs an advance a process that died left uncommitted, in the Simulation's queue (AdvanceRecovery). */
  async resume(advance: ClockAdvanceRecord): Promise<void> {
    await this.pool.serial(advance.simulationId, () => this.run(advance));
  }

  async get(principal: Principal, id: string, advanceId: string): Promise<ClockAdvanceView> {
    await this.simulations.record(principal, id);
    return toClockAdvanceView(await this.find(id, advanceId));
  }

  /** A page of the Simulation's advances, newest first. */
  async list(principal: Principal, id: string, params: PageParams): Promise<ClockAdvancePage> {
    await this.simulations.record(principal, id);
    const page = await fetchPage(this.cursors, `advances:${id}`, params, (r: ClockAdvanceRecord) => ({ createdAt: r.createdAt, id: r.id }), (q) => this.advances.list(id, q));
    return { advances: page.items.map(toClockAdvanceView), next_cursor: page.nextCursor };
  }

  /** A page of the events an advance committed, in the order they were committed. */
  async listEvents(principal: Principal, id: string, advanceId: string, params: PageParams): Promise<ClockEventPage> {
    await this.simulations.record(principal, id);
    await this.find(id, advanceId);
    const page = await fetchPage(
      this.cursors,
      `advance-events:${id}:${advanceId}`,
      params,
      (e: ClockEventView) => ({ createdAt: String(e.sequence), id: advanceId }),
      (q) => this.advances.listEvents(id, advanceId, { afterSequence: q.after === undefined ? 0 : Number(q.after.createdAt), limit: q.limit }),
    );
    return { events: page.items, next_cursor: page.nextCursor };
  }

  private async find(id: string, advanceId: string): Promise<ClockAdvanceRecord> {
    const found = isId('clockAdvance', advanceId) ? await this.advances.get(id, advanceId) : null;
    if (found === null) throw new SimplaneError('clock_advance_not_found', `No clock advance ${advanceId.slice(0, 64)} of Simulation ${id}.`);
    return found;
  }

  /**
   * Answers a request that could not take the clock, as the record stands now: the same
   * advance when its key has been used meanwhile, else why it was refused.
   */
  private async refused(id: string, key: string, to: string): Promise<ClockAdvanceRecord> {
    const now = await this.repository.get(id);
    if (now === null) throw notFound(id);
    const earlier = await this.advances.findByKey(id, key);
    if (earlier !== null) return replayAdvance(earlier, to);
    if (now.activeAdvanceId !== null) throw advancing(now);
    if (now.lock === null && now.status === 'stopped') throw stopped(id);
    throw platformOwned(id);
  }

  /**
   * Runs an accepted advance in the Simulation's queue: the runtime commits the due events as
   * one step, then the record takes the new time and lets the clock go, then the advance is
   * completed. A failure leaves the state and the clock as they were and fails the advance.
   */
  private async run(advance: ClockAdvanceRecord): Promise<void> {
    const { id: advanceId, simulationId: id, to } = advance;
    try {
      await this.advances.update(id, advanceId, { status: 'running' });
      const outcome = await this.traffic.advanceHeld(id, advanceId, to);
      const events = outcome.events.map((e, index): ClockEventView => ({ event_id: e.id, type: e.type, resource: e.resource, record_id: e.recordId, at: formatTime(e.at), sequence: index + 1 }));
      await this.advances.putEvents(id, advanceId, events);
      const changed = await this.repository.update(id, { activeAdvanceId: advanceId }, { currentTime: to, activeAdvanceId: null, ...(outcome.step === null ? {} : { step: outcome.step }) });
      if (changed === null || changed === 'quota') throw new SimplaneError('internal', 'The Simulation changed while its clock advanced.');
      await this.advances.update(id, advanceId, { status: 'completed', from: outcome.from, eventCount: events.length, step: outcome.step });
    } catch (cause) {
      this.logger.warn('clock advance failed', { simulation_id: id, advance_id: advanceId, cause: cause instanceof Error ? cause.message : String(cause) });
      const error = SimplaneError.is(cause) ? { code: cause.code, detail: cause.detail } : { code: 'internal', detail: 'The clock could not be advanced; the state and the clock are as they were.' };
      await this.repository.update(id, { activeAdvanceId: advanceId }, { activeAdvanceId: null }).catch(() => undefined);
      await this.advances.update(id, advanceId, { status: 'failed', error }).catch(() => undefined);
    }
  }
}

/** The advance a key already names, if it was for the same target; else 409 `clock_conflict`. */
export function replayAdvance(earlier: ClockAdvanceRecord, to: string): ClockAdvanceRecord {
  if (earlier.to !== to) throw clockConflict(`The Idempotency-Key was used for an advance to ${earlier.to} (${earlier.id}); use a new key for another target.`);
  return earlier;
}

function advancing(record: SimulationRecord): SimplaneError {
  return clockConflict(`The Simulation ${record.id} is advancing its clock (${record.activeAdvanceId ?? ''}); retry once that advance has finished.`);
}

export function notBeforeCurrent(to: string, current: string, owner = 'Simulation'): void {
  if (to < current) throw validationError('to', `must not be before the ${owner}'s current time ${current}`);
}

/** The `Idempotency-Key` header, required, 1 to 256 bytes, else 422 `validation`. */
export function checkedIdempotencyKey(key: string | undefined): string {
  const bytes = key === undefined ? 0 : Buffer.byteLength(key);
  if (key === undefined || bytes < IDEMPOTENCY_KEY_BYTES.min || bytes > IDEMPOTENCY_KEY_BYTES.max) {
    throw validationError('Idempotency-Key', `the header is required, ${IDEMPOTENCY_KEY_BYTES.min} to ${IDEMPOTENCY_KEY_BYTES.max} bytes`);
  }
  return key;
}
