import { SimplaneError, type SimulationTraffic } from '@simplane/core';
import { forwardToSimulation, pathOfTarget, reserved } from './data-plane.js';
import type { HttpRequest, HttpResponse } from './http-types.js';

/**
 * One Simulation's API served at the root of a server, beside the control plane under `/v1`:
 * what `simplane mock` turns on. A request no control-plane route answers goes to the
 * Simulation with its path as it came (`/pets`, or `/v1/pets` with the document's base path).
 * `/sim/<id>/...` keeps answering every Simulation, with its token, as without it.
 */
export interface RootSimulation {
  /**
   * The Simulation served now, or null while there is none yet (the first build is running):
   * asked on every request, so a rebuild can put a new Simulation in the old one's place.
   */
  current(): string | null;
  /**
   * No `Simulation-Token` is asked for at the root. Only a server that no other machine can
   * reach should say so, or one whose operator chose it knowingly.
   */
  tokenless: boolean;
  /** Every request at the root is read-only, as with `Service-Read-Only: true`. */
  readOnly: boolean;
  /** Where clients reach the root (`http://127.0.0.1:4010`), so documents the API serves name it; '' for relative addresses. */
  endpoint: string;
}

/** Answers a request at the root from the Simulation served there. */
export function dispatchRoot(root: RootSimulation, traffic: SimulationTraffic, request: HttpRequest, bodyTimeoutMs: number): Promise<HttpResponse> {
  const simulationId = root.current();
  if (simulationId === null) throw new SimplaneError('internal_unavailable', 'No Simulation is served at the root yet: its document has not been built; retry shortly.', { retryAfterSeconds: 1 });
  const path = pathOfTarget(request.url);
  // As under /sim/<id>: `_sim` is the platform's, and reaches no simulated API.
  if (reserved(path)) throw new SimplaneError('simulation_not_found', 'No such Simulation endpoint.');
  return forwardToSimulation(
    traffic,
    request,
    { simulationId, path, query: request.url.slice(path.length + 1), tokenless: root.tokenless, readOnly: root.readOnly, endpoint: root.endpoint },
    bodyTimeoutMs,
  );
}
