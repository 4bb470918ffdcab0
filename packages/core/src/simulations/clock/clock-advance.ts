/** A Simulation's clock advances and the scheduled events they commit (DESIGN section 3, "Clock"). */

export const CLOCK_ADVANCE_STATUSES = ['pending', 'running', 'completed', 'failed'] as const;
export type ClockAdvanceStatus = (typeof CLOCK_ADVANCE_STATUSES)[number];

/** Statuses of an advance that still holds its Simulation's clock. */
export const ACTIVE_ADVANCE_STATUSES: readonly ClockAdvanceStatus[] = ['pending', 'running'];

/** Why an advance failed: a resource error, seen in a successful read of the advance. */
export interface ClockAdvanceError {
  code: string;
  detail: string;
}

/**
 * A World member's part in a World's advance; a Simulation's own advance has none. `skipped`:
 * the member was not running. `advance_id` names the advance recorded on the member (absent
 * when skipped, or when it could not be started); `event_count` is set once it completed.
 */
export interface ClockAdvanceMember {
  name: string;
  simulation_id: string;
  status: 'completed' | 'failed' | 'skipped';
  advance_id?: string;
  event_count?: number;
}

/** An advance as stored. */
export interface ClockAdvanceRecord {
  id: string;
  /** The Simulation advanced, or the World for a World's advance (whose members each record their own). */
  simulationId: string;
  /** As the client sent it; unique per Simulation (or World). */
  idempotencyKey: string;
  status: ClockAdvanceStatus;
  from: string;
  to: string;
  eventCount: number;
  /** The `advance` step the events were committed as; null while none (nothing due, or not run yet). */
  step: number | null;
  members: ClockAdvanceMember[];
  error: ClockAdvanceError | null;
  createdAt: string;
}

/** The API view. */
export interface ClockAdvanceView {
  id: string;
  status: ClockAdvanceStatus;
  from: string;
  to: string;
  event_count: number;
  step: number | null;
  members: ClockAdvanceMember[];
  error: ClockAdvanceError | null;
  created_at: string;
}

/**
 * One committed event, stored and shown as is; `sequence` is its place in its advance, from 1.
 * A World's advance lists its members' events, each with the `member` name and `simulation_id`
 * that committed it; a Simulation's own events have neither.
 */
export interface ClockEventView {
  event_id: string;
  type: string;
  resource: string;
  record_id: string;
  at: string;
  sequence: number;
  member?: string;
  simulation_id?: string;
}

/** A new advance of the owner (a Simulation or a World) from `from` to `to`, waiting to run. */
export function pendingAdvance(ownerId: string, id: string, idempotencyKey: string, from: string, to: string, createdAt: string): ClockAdvanceRecord {
  return { id, simulationId: ownerId, idempotencyKey, status: 'pending', from, to, eventCount: 0, step: null, members: [], error: null, createdAt };
}

export function toClockAdvanceView(r: ClockAdvanceRecord): ClockAdvanceView {
  return {
    id: r.id,
    status: r.status,
    from: r.from,
    to: r.to,
    event_count: r.eventCount,
    step: r.step,
    members: r.members.map((m) => ({ ...m })),
    error: r.error === null ? null : { ...r.error },
    created_at: r.createdAt,
  };
}
