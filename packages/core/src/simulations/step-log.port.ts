import type { StateChange } from '../runtime/runtime.port.js';

export const STEP_KINDS = ['api', 'advance'] as const;
export type StepKind = (typeof STEP_KINDS)[number];

/** How an `api` step's request came in: the data plane over HTTP, or a tool call over MCP. */
export const STEP_VIAS = ['http', 'mcp'] as const;
export type StepVia = (typeof STEP_VIAS)[number];

/** A step as listed (DESIGN section 3). */
export interface StepView {
  step: number;
  kind: StepKind;
  /** `METHOD /path`. */
  label: string;
  operation: string | null;
  status: number;
  time_before: string;
  time_after: string;
  advance_id: string | null;
  /** Null for an `advance` step. Steps recorded before it was kept read as `http`. */
  via: StepVia | null;
  created_at: string;
}

/** A request or response as a step shows it: secret headers redacted, body cut at 64 KiB, as text. */
export interface RecordedMessage {
  method?: string;
  path?: string;
  query?: string;
  status?: number;
  headers: Record<string, string | string[]>;
  /** UTF-8 text, or base64 when the bytes are not text. */
  body: string | null;
  body_encoding: 'utf8' | 'base64';
  body_truncated: boolean;
  body_bytes: number;
}

export interface StepDetail extends StepView {
  request: RecordedMessage | null;
  response: RecordedMessage | null;
}

/**
 * A request or response as a step log keeps it: secret headers redacted, and the body's bytes
 * as they were sent, cut at 64 KiB. Bytes, not text: a log copies them as they are, where
 * decoding and escaping every body was a large share of a creating request's cost; they become
 * text (RecordedMessage) only when a step is read.
 */
export interface KeptMessage {
  method?: string;
  path?: string;
  query?: string;
  status?: number;
  headers: Record<string, string | string[]>;
  /** At most the body's first 64 KiB; null when the message had no body. */
  body: Uint8Array | null;
  /** The whole body's length. */
  body_bytes: number;
}

/** One stored step: what users see plus the state changes that replay it. */
export interface StepEntry {
  view: StepView;
  request: KeptMessage | null;
  response: KeptMessage | null;
  changes: StateChange[];
}

export interface Snapshot {
  /** The step whose resulting state this is. */
  step: number;
  bytes: Uint8Array;
}

/**
 * A snapshot handed over as the pieces it was written in (a large state is serialised a slice
 * at a time): a store that streams keeps it without joining them, so it is never held twice.
 */
export interface ChunkedSnapshot {
  step: number;
  chunks: readonly Uint8Array[];
}

/**
 * Port: a Simulation's step log and state snapshots. Contract (checked by the conformance
 * suite in `testing`):
 * - the log's head is the highest of its last step and its last snapshot (a fork starts from a
 *   snapshot with no steps of its own); `append` adds `entry` only when `entry.view.step` is
 *   the head plus one, atomically (optimistic concurrency: of two writers of one step number
 *   exactly one wins), and answers whether it did; it takes the entry over: callers hand in
 *   an entry made for it and never change it afterwards, so an adapter may encode it later;
 * - `list` answers steps strictly after `afterStep`, ascending, at most `limit`; `changes`
 *   answers the state changes of the steps with `from < step <= to`, ascending: all a replay
 *   needs, without the recorded messages; `changesJson` answers the same steps' changes as
 *   JSON text, one line each (no raw newline), for a snapshot made without reading them;
 * - `putSnapshot` stores the state after `step` (replacing one at the same step), given whole or
 *   in chunks (read back whole, the chunks joined in order); it takes the bytes over: callers hand in bytes they made for it and never change (a snapshot can
 *   be megabytes, and a copy of it is a stall of its own);
 *   `latestSnapshot` answers the one with the highest step at or before `atOrBefore`;
 * - `heads` answers the head of each of several Simulations at once (0 for one with no log), as
 *   `head` would one by one: a page of Simulations reads them in one round trip;
 * - `deleteAll` removes a Simulation's steps and snapshots; other Simulations are untouched.
 * Entries are returned as copies.
 */
export interface StepLog {
  append(simulationId: string, entry: StepEntry): Promise<boolean>;
  head(simulationId: string): Promise<number>;
  heads(simulationIds: readonly string[]): Promise<Map<string, number>>;
  list(simulationId: string, page: { afterStep: number; limit: number }): Promise<StepView[]>;
  get(simulationId: string, step: number): Promise<StepEntry | null>;
  changes(simulationId: string, from: number, to: number): Promise<Array<{ step: number; changes: StateChange[] }>>;
  changesJson(simulationId: string, from: number, to: number): Promise<string[]>;
  putSnapshot(simulationId: string, snapshot: Snapshot | ChunkedSnapshot): Promise<void>;
  latestSnapshot(simulationId: string, atOrBefore: number): Promise<Snapshot | null>;
  deleteAll(simulationId: string): Promise<void>;
}

