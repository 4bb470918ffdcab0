import type { Caller } from './caller.js';
import { items, pages } from './paging.js';
import type { AdvanceTimeBody, ClockAdvance, ClockEvent, ClockEventPage, CreateWorldBody, PageQuery, World, WorldPage, WorldQuery, ClockAdvancePage } from './types.js';

/** Worlds: Simulations of several Simulators on one clock, created, stopped, started and advanced together. */
export class Worlds {
  constructor(private readonly caller: Caller) {}

  /** Starts creating a World; it is `creating` until every member runs (follow it with `get`). */
  create(body: CreateWorldBody): Promise<World> {
    return this.caller.answer(this.caller.api.POST('/v1/worlds', { body }));
  }

  pages(query: WorldQuery = {}): AsyncGenerator<WorldPage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/worlds', { params: { query: { ...rest, cursor: at } } })), cursor);
  }

  list(query: WorldQuery = {}): AsyncGenerator<World, void, undefined> {
    return items(this.pages(query), 'worlds');
  }

  /** Reads the World until it is no longer `creating`: running, or failed with its `error`. */
  async waitUntilCreated(id: string, options: { signal?: AbortSignal; pollIntervalMs?: number } = {}): Promise<World> {
    const longest = Math.max(1, options.pollIntervalMs ?? 1000);
    let world = await this.get(id);
    for (let pause = Math.min(100, longest); world.status === 'creating'; pause = Math.min(pause * 2, longest)) {
      await this.caller.wait(pause, options.signal);
      world = await this.get(id);
    }
    return world;
  }

  get(id: string): Promise<World> {
    return this.caller.answer(this.caller.api.GET('/v1/worlds/{id}', { params: { path: { id } } }));
  }

  stop(id: string): Promise<World> {
    return this.caller.answer(this.caller.api.POST('/v1/worlds/{id}/stop', { params: { path: { id } } }));
  }

  start(id: string): Promise<World> {
    return this.caller.answer(this.caller.api.POST('/v1/worlds/{id}/start', { params: { path: { id } } }));
  }

  /** Cancels a World still being created. */
  cancel(id: string): Promise<World> {
    return this.caller.answer(this.caller.api.POST('/v1/worlds/{id}/cancel', { params: { path: { id } } }));
  }

  async delete(id: string): Promise<void> {
    await this.caller.answer(this.caller.api.DELETE('/v1/worlds/{id}', { params: { path: { id } } }));
  }

  /** Advances every member's clock to `to`; the key names the advance (one is made up when none is given). */
  advanceTime(id: string, body: AdvanceTimeBody, idempotencyKey: string = crypto.randomUUID()): Promise<ClockAdvance> {
    return this.caller.answer(this.caller.api.POST('/v1/worlds/{id}/advance-time', { params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } }, body }));
  }

  advancePages(id: string, query: PageQuery = {}): AsyncGenerator<ClockAdvancePage, void, undefined> {
    const { cursor, ...rest } = query;
    return pages((at) => this.caller.answer(this.caller.api.GET('/v1/worlds/{id}/advances', { params: { path: { id }, query: { ...rest, cursor: at } } })), cursor);
  }

  advances(id: string, query: PageQuery = {}): AsyncGenerator<ClockAdvance, void, undefined> {
    return items(this.advancePages(id, query), 'advances');
  }

  advance(id: string, advanceId: string): Promise<ClockAdvance> {
    return this.caller.answer(this.caller.api.GET('/v1/worlds/{id}/advances/{advance_id}', { params: { path: { id, advance_id: advanceId } } }));
  }

  advanceEvents(id: string, advanceId: string, query: PageQuery = {}): AsyncGenerator<ClockEvent, void, undefined> {
    const { cursor, ...rest } = query;
    const all = pages<ClockEventPage>(
      (at) => this.caller.answer(this.caller.api.GET('/v1/worlds/{id}/advances/{advance_id}/events', { params: { path: { id, advance_id: advanceId }, query: { ...rest, cursor: at } } })),
      cursor,
    );
    return items(all, 'events');
  }
}
