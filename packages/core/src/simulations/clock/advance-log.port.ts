import type { PageQuery } from '../../pagination/page.js';
import type { ClockAdvanceRecord, ClockEventView } from './clock-advance.js';

/**
 * Port: the clock advances of a Simulation or a World and the events each committed. The
 * `simulationId` key is the owner's ID: a Simulation's, or a World's (`wld_`) for a World's
 * advances, whose members' own advances are kept under each member. Contract (checked by the
 * conformance suite in `testing`):
 * - `insert` stores a new advance unless the Simulation already has one with the same
 *   `idempotencyKey`, atomically (of two concurrent inserts with one key exactly one is
 *   stored), and answers the stored one: the new record, or the earlier one with `inserted`
 *   false;
 * - `findByKey` answers the Simulation's advance with that idempotency key, if any;
 * - `get` answers an advance only for its own Simulation; `update` changes one and answers it,
 *   or null when there is none;
 * - `list` answers a Simulation's advances newest first by (createdAt, id), strictly after
 *   `page.after`, at most `page.limit`;
 * - `putEvents` stores an advance's events once, in execution order, with every field given
 *   (a World's events carry `member` and `simulation_id`); `listEvents` answers those with
 *   `sequence` above `afterSequence`, ascending, at most `limit`;
 * - `deleteAll` removes a Simulation's advances and events; other Simulations are untouched;
 * - `listActive` answers advances of any owner still `pending` or `running` that were created at
 *   or before `createdBefore`, oldest first, at most `limit`: those a process that died left.
 * Records are returned as copies.
 */
export interface AdvanceLog {
  insert(record: ClockAdvanceRecord): Promise<{ inserted: boolean; record: ClockAdvanceRecord }>;
  findByKey(simulationId: string, idempotencyKey: string): Promise<ClockAdvanceRecord | null>;
  get(simulationId: string, advanceId: string): Promise<ClockAdvanceRecord | null>;
  update(simulationId: string, advanceId: string, change: Partial<Omit<ClockAdvanceRecord, 'id' | 'simulationId' | 'idempotencyKey'>>): Promise<ClockAdvanceRecord | null>;
  list(simulationId: string, page: PageQuery): Promise<ClockAdvanceRecord[]>;
  putEvents(simulationId: string, advanceId: string, events: readonly ClockEventView[]): Promise<void>;
  listEvents(simulationId: string, advanceId: string, page: { afterSequence: number; limit: number }): Promise<ClockEventView[]>;
  deleteAll(simulationId: string): Promise<void>;
  listActive(createdBefore: string, limit: number): Promise<ClockAdvanceRecord[]>;
}
