import type { ClockEvent } from '../../runtime/runtime.port.js';
import type { Principal } from '../../tenancy/tenancy.js';
import type { StepVia } from '../step-log.port.js';

/** One data-plane request as the HTTP layer hands it over; the body is read only once allowed. */
export interface DataPlaneCall {
  simulationId: string;
  /** The `Simulation-Token` header, if sent. */
  token: string | undefined;
  /** `Service-Read-Only: true`. */
  readOnly: boolean;
  method: string;
  /** After `/sim/<id>`, starting with `/`. */
  path: string;
  query: string;
  /** Lower-case names, without the platform's own headers. */
  headers: Record<string, string | string[] | undefined>;
  /** Reads the body; null when the request has none (most reads), so nothing waits for it. */
  readBody: (() => Promise<Uint8Array | null>) | null;
  /**
   * A caller the platform has already authenticated (an API key or session of the Simulation's
   * workspace), in place of a token: an MCP endpoint takes the workspace's key.
   */
  principal?: Principal;
  /** How the request came in, as its step says; `http` when absent. */
  via?: StepVia;
  /**
   * True when the server that received the request serves this Simulation without tokens (the
   * root of `simplane mock`, reached from this machine only); `token` is then not asked for.
   */
  tokenless?: boolean;
  /** Where the client reached the Simulation, when not at its `/sim/<id>` endpoint (the root of `simplane mock`). */
  endpoint?: string;
}

/** Who asks for a Simulation, as `SimulationTraffic.open` takes it. */
export type DataPlaneCaller = Pick<DataPlaneCall, 'simulationId' | 'token' | 'readOnly' | 'principal'>;

/** What an advance did: the time it started from, the events it committed and their step (null: none). */
export interface ClockAdvanceOutcome {
  from: string;
  events: ClockEvent[];
  step: number | null;
}

