/**
 * The Runtime port: runs data-plane requests against a Simulator's artifact and a Simulation's
 * state. Core owns the state (collections of JSON records), the step log and snapshots; the
 * runtime only reads and changes state through StateAccess, so every change can be recorded,
 * replayed onto a snapshot, and forked.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A data-plane request, after the platform has authenticated it and read its body. */
export interface SimRequest {
  /** Upper-case. */
  method: string;
  /** The path after `/sim/<simulation_id>`, starting with `/`, still percent-encoded. */
  path: string;
  /** The raw query string, without `?`. */
  query: string;
  /** Lower-case names. The platform's own headers (`simulation-token`, `service-read-only`) are removed. */
  headers: Record<string, string | string[] | undefined>;
  body: Uint8Array | null;
}

export interface SimResponse {
  status: number;
  /** Lower-case names. */
  headers: Record<string, string>;
  body: Uint8Array | null;
}

/** Who is running the request, and when in virtual time. */
export interface SimContext {
  seed: string;
  /** The number this request's step gets if it changes state: the last step plus one. */
  step: number;
  /** The Simulation's virtual clock. */
  now: Date;
  /** Where the Simulation is reached (its `endpoint`: absolute, or from `/` when no public base URL is configured), for documents that name it (a WSDL's service address). */
  endpoint?: string;
}

/**
 * A Simulation's state as the runtime sees it: named collections of JSON records by key.
 * Values handed out must not be mutated by the caller; write changes back with `put`.
 */
export interface StateAccess {
  get(collection: string, key: string): Json | undefined;
  /** Records in insertion order (a put of an existing key keeps its place). */
  entries(collection: string): Iterable<[string, Json]>;
  size(collection: string): number;
  put(collection: string, key: string, value: Json): void;
  delete(collection: string, key: string): boolean;
}

/** One recorded change; a step's changes replayed in order rebuild the state exactly. */
export type StateChange = { op: 'put'; collection: string; key: string; value: Json } | { op: 'delete'; collection: string; key: string };

export interface SimResult {
  response: SimResponse;
  /** The artifact operation that answered, or null (no route matched). */
  operation: string | null;
  /** The step's label when the protocol names the call itself (`SOAP CreateCustomer`); absent: `METHOD /path`. */
  label?: string;
}

/** What the platform must know about a request before running it. */
export interface RequestClass {
  operation: string | null;
  /** True when the matched operation provably cannot change state (unmatched requests count as read-only). */
  readOnly: boolean;
  /** The operation is named in the body (a SOAP envelope, an AWS query form): classify again with the body. */
  needsBody?: true;
  /**
   * For a request that can write, where the simulated API's protocol has an error format of its
   * own (SOAP's Fault): the `403 simulation_read_only` refusal written in it, naming the
   * operation. Absent: the platform's problem document.
   */
  readOnlyRefusal?: SimResponse;
}

/** Where the simulated API carries its own credentials: the platform redacts them in recorded steps. */
export interface SecretLocations {
  /** Lower-case header names (API keys in headers), beyond the ones always redacted. */
  headers: readonly string[];
  /** Query parameter names (API keys in the query string). */
  query: readonly string[];
  /**
   * Redacts credentials a request carries in its body (SOAP's WS-Security `Password` and
   * `BinarySecurityToken`): given the bytes a step keeps, answers them with every secret
   * replaced. Absent where bodies carry none.
   */
  redactBody?: (body: Uint8Array) => Uint8Array;
}

export interface SeedOptions {
  seed: string;
  sampleRecords: number;
  /** The Simulation's start time: seeded timestamps. */
  now: Date;
}

/**
 * A Simulation's sample records, made a part at a time: the state seeds a part when a
 * collection in it is first read or written, so a Simulator with hundreds of resources starts
 * at once and holds only what its Simulation touches. Each part's records depend only on the
 * seed, never on other parts or on when the part is seeded, so a replay, a fork or a reload
 * seeds the same records whenever it reaches them.
 */
export interface Seeder {
  /** Every part, in a fixed order. */
  readonly parts: readonly string[];
  /**
   * The parts that must be seeded before `collection` is read or written; with `key`, only
   * those that write that record (a collection may hold records of several parts). Empty when
   * seeding writes nothing there.
   */
  partsFor(collection: string, key?: string): readonly string[];
  /** Writes one part's records into `state`: called once per part, before anything else touches it. */
  seed(part: string, state: StateAccess): void;
}

/** One scheduled event an advance committed: a lifecycle rule of the artifact applied to one record. */
export interface ClockEvent {
  /** Deterministic: the same rule, record and due time give the same id (`evt_` and hex). */
  id: string;
  /** What the rule did, e.g. `expiry` (a field took its end value), `set` or `delete`. */
  type: string;
  /** The resource (artifact resource name) the record belongs to. */
  resource: string;
  recordId: string;
  /** When it fell due, from the record's own fields; never when the advance ran. */
  at: Date;
}

/**
 * The decisions an artifact holds about its resources and operations, in the artifact's own
 * shapes: core passes them on without reading them, so the runtime's format can grow without
 * core changing (`GET /v1/simulators/{id}/behaviour`).
 */
export interface SimulatorBehaviour {
  /** The artifact format's version; 0 from a runtime that keeps no decisions. */
  artifact_version: number;
  resources: Array<Record<string, unknown>>;
  operations: Array<Record<string, unknown>>;
}

/** A JSON Schema (2020-12) with its definitions inside (`$defs`), so it stands alone. */
export type StandaloneSchema = { [key: string]: Json };

/** An operation offered as a tool an agent calls (MCP), described from the document. */
export interface OperationTool {
  /** The artifact's operation id (the document's operationId, or `METHOD /path`). */
  operation: string;
  /** The tool's name, unique among the Simulator's tools and valid for every client (tool-names.ts), as the build decided it. */
  name: string;
  /** What the document says the operation does, or what the build understood it to do; at most 2 KiB. */
  description: string;
  /** True when the operation provably cannot change state. */
  readOnly: boolean;
  /** The arguments: an object (`path`, `query`, `headers`, `body` for REST; `body` for SOAP). */
  inputSchema: StandaloneSchema;
  /** What `answer` reads from a success: an object of `status` and `body`. Null where the document declares no success body. */
  outputSchema: StandaloneSchema | null;
}

/** A Simulator's operations as tools: described, turned into the requests that call them, their answers read. */
export interface OperationTools {
  readonly list: readonly OperationTool[];
  /**
   * The data-plane request that calls `operation` with `args` (shaped as its input schema; the
   * operation checks them when it runs, as any request's). Null for an unknown operation.
   */
  request(operation: string, args: { [key: string]: Json }): Omit<SimRequest, 'body'> & { body: Uint8Array | null } | null;
  /** An answer's body as the JSON the output schema's `body` describes; undefined where it is no such JSON (a Fault, a text). */
  answer(operation: string, response: SimResponse): Json | undefined;
}

/** One Simulator's artifact, loaded once and shared by every Simulation of it. */
export interface LoadedSimulator {
  /** The document's own credential locations; absent when it declares none beyond the usual headers. */
  readonly secrets?: SecretLocations;
  /**
   * Which operation a request would run and whether it can write; used to refuse writes before
   * anything runs. The query and headers tell apart operations that share a path and method;
   * where only the body can (`needsBody`), the platform reads it and asks again with it.
   */
  classify(method: string, path: string, request?: Pick<SimRequest, 'query' | 'headers'> & { body?: Uint8Array | null }): RequestClass;
  /**
   * What makes a Simulation's sample records (`sampleRecords` per collection). Deterministic:
   * the same seed and time give the same records, whichever part is seeded first.
   */
  seeder(options: SeedOptions): Seeder;
  /**
   * Answers one request. Deterministic: the same artifact, state, request and context give
   * byte-identical responses and the same changes. Never throws for a bad request: that is
   * the simulated API's own error response.
   */
  handle(request: SimRequest, state: StateAccess, context: SimContext): SimResult;
  /**
   * Moves the state through virtual time: commits, through `state`, every scheduled event that
   * falls due after `from` and at or before `to`, in time order (ties in the order they were
   * scheduled: the records' order, then the rules'), and answers them in that order. An event
   * that makes another fall due inside the window is committed too. Deterministic: the same
   * artifact, state, window and context give the same events and changes. `context.now` is
   * `to`. Absent where the artifact schedules nothing.
   */
  advance?(state: StateAccess, from: Date, to: Date, context: SimContext): ClockEvent[];
  /** Every decision the artifact holds about its resources and operations (GET /v1/simulators/{id}/behaviour), in the artifact's own shapes. Absent for a runtime that keeps none. */
  behaviour?(): SimulatorBehaviour;
  /** Its operations as tools for agents (the MCP endpoints). Absent for a runtime that offers none. */
  tools?(): OperationTools;
  /**
   * The resource whose records a state collection holds, as the records and step-changes views
   * name it; null for a collection of the runtime's own bookkeeping, which those views leave
   * out. Absent: every collection is shown under its own name.
   */
  resourceOf?(collection: string): string | null;
}

/**
 * Port: loads artifacts. Implementations cache by digest. A thrown error means the runtime is
 * unavailable (the platform answers `simulation_provider_unavailable`).
 */
export interface Runtime {
  load(artifact: Uint8Array, digest: string): Promise<LoadedSimulator>;
}
