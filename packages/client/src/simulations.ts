import type { Caller } from './caller.js';
import { items, pages } from './paging.js';
import type {
  AdvanceTimeBody,
  ClockAdvance,
  ClockAdvancePage,
  ClockEvent,
  ClockEventPage,
  CreateSimulationBody,
  ForkSimulationBody,
  PageQuery,
  RecordChange,
  RecordChangePage,
  Simulation,
  SimulationPage,
  SimulationQuery,
  SimulationToken,
  SimulationTokenBody,
  SimulationWithToken,
  StateRecord,
  StateRecordPage,
  StateRecordQuery,
  Step,
  StepDetail,
  StepPage,
  StepQuery,
} from './types.js';

/** Simulations: create, fork, stop, start and delete them; their tokens, steps and clock. */
export class Simulations {
  constructor(private readonly caller: Caller) {}

  /** A new Simulation of a ready Simulator (ID or reference), with a data-plane token. */
  create(body: CreateSimulationBody): Promise<SimulationWithToken> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations', { body }));
  }

  pages(query: SimulationQuery = {}): AsyncGenerator<SimulationPage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/simulations', { params: { query: { ...rest, cursor: at } } })), cursor);
  }

  /** Every Simulation the query selects, newest first. */
  list(query: SimulationQuery = {}): AsyncGenerator<Simulation, void, undefined> {
    return items(this.pages(query), 'simulations');
  }

  get(id: string): Promise<Simulation> {
    return this.caller.answer(this.caller.api.GET('/v1/simulations/{id}', { params: { path: { id } } }));
  }

  stop(id: string): Promise<Simulation> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations/{id}/stop', { params: { path: { id } } }));
  }

  /** Starts a stopped Simulation again; answers it with a fresh token. */
  start(id: string): Promise<SimulationWithToken> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations/{id}/start', { params: { path: { id } } }));
  }

  /** A new Simulation with this one's state, as it is or as it was after step `at_step`. */
  fork(id: string, body: ForkSimulationBody = {}): Promise<SimulationWithToken> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations/{id}/fork', { params: { path: { id } }, body }));
  }

  async delete(id: string): Promise<void> {
    await this.caller.answer(this.caller.api.DELETE('/v1/simulations/{id}', { params: { path: { id } } }));
  }

  /** Issues a data-plane token for the Simulation, read-only if asked. */
  issueToken(id: string, body: SimulationTokenBody): Promise<SimulationToken> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations/{id}/tokens', { params: { path: { id } }, body }));
  }

  stepPages(id: string, query: StepQuery = {}): AsyncGenerator<StepPage, void, undefined> {
    // A cursor belongs to the list it came from, at_step included, so every page repeats the query.
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/steps', { params: { path: { id }, query: { ...rest, cursor: at } } })), cursor);
  }

  /** The Simulation's steps, oldest first (from `at_step` when given). */
  steps(id: string, query: StepQuery = {}): AsyncGenerator<Step, void, undefined> {
    return items(this.stepPages(id, query), 'steps');
  }

  /** One step with its request and response as the control plane kept them. */
  step(id: string, step: number): Promise<StepDetail> {
    return this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/steps/{step}', { params: { path: { id, step: String(step) } } }));
  }

  changePages(id: string, step: number, query: PageQuery = {}): AsyncGenerator<RecordChangePage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages(
      (at) => this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/steps/{step}/changes', { params: { path: { id, step: String(step) }, query: { ...rest, cursor: at } } })),
      cursor,
    );
  }

  /** The records step `step` created, updated or deleted, each with its value before and after the step. */
  stepChanges(id: string, step: number, query: PageQuery = {}): AsyncGenerator<RecordChange, void, undefined> {
    return items(this.changePages(id, step, query), 'changes');
  }

  recordPages(id: string, query: StateRecordQuery = {}): AsyncGenerator<StateRecordPage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/records', { params: { path: { id }, query: { ...rest, cursor: at } } })), cursor);
  }

  /** The Simulation's records after step `at_step` (default: the latest), resource by resource; `resource` keeps one. */
  records(id: string, query: StateRecordQuery = {}): AsyncGenerator<StateRecord, void, undefined> {
    return items(this.recordPages(id, query), 'records');
  }

  /**
   * Asks the Simulation's clock to advance to `to`. The advance runs in the background: its
   * status is in the answer and in `advance`. The idempotency key names the advance, so asking
   * again with the same key answers the same advance; one is made up when none is given.
   */
  advanceTime(id: string, body: AdvanceTimeBody, idempotencyKey: string = crypto.randomUUID()): Promise<ClockAdvance> {
    return this.caller.answer(this.caller.api.POST('/v1/simulations/{id}/advance-time', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body }));
  }

  advancePages(id: string, query: PageQuery = {}): AsyncGenerator<ClockAdvancePage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/advances', { params: { path: { id }, query: { ...rest, cursor: at } } })), cursor);
  }

  advances(id: string, query: PageQuery = {}): AsyncGenerator<ClockAdvance, void, undefined> {
    return items(this.advancePages(id, query), 'advances');
  }

  advance(id: string, advanceId: string): Promise<ClockAdvance> {
    return this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/advances/{advance_id}', { params: { path: { id, advance_id: advanceId } } }));
  }

  /** The scheduled events an advance committed. */
  advanceEvents(id: string, advanceId: string, query: PageQuery = {}): AsyncGenerator<ClockEvent, void, undefined> {
    const { cursor, ...rest } = query;
    const all = pages<ClockEventPage>(
      (at) => this.caller.answer(this.caller.api.GET('/v1/simulations/{id}/advances/{advance_id}/events', { params: { path: { id, advance_id: advanceId }, query: { ...rest, cursor: at } } })),
      cursor,
    );
    return items(all, 'events');
  }
}
