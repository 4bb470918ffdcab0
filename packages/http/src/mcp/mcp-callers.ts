import type { AuthService, DataPlaneCaller } from '@simplane/core';
import { authAttemptOf } from '../auth-attempt.js';
import { readOnlyHeader, READ_ONLY_HEADER, TOKEN_HEADER } from '../data-plane.js';
import { credentialHeader, type HttpRequest } from '../http-types.js';

/** Simulation tokens start so (core's simulation service issues them); API keys and sessions never do. */
const SIMULATION_TOKEN_PREFIX = 'sit_';

/**
 * Who calls a Simulation's MCP endpoint: a Simulation token (in `Simulation-Token`, or as the
 * bearer, since an MCP client sets `Authorization` more easily than any other header), which
 * scopes the agent to that one Simulation; else the workspace's API key or session. A
 * read-only token, or `Service-Read-Only: true`, makes the caller read-only.
 */
export async function simulationCaller(request: HttpRequest, auth: AuthService, simulationId: string): Promise<DataPlaneCaller> {
  const readOnly = readOnlyHeader(request.headers[READ_ONLY_HEADER]);
  const token = credentialHeader(request, TOKEN_HEADER);
  if (token !== undefined) return { simulationId, token, readOnly };
  const attempt = authAttemptOf(request);
  if (attempt.bearer?.startsWith(SIMULATION_TOKEN_PREFIX) === true) return { simulationId, token: attempt.bearer, readOnly };
  return { simulationId, token: undefined, readOnly, principal: await auth.authenticate(attempt) };
}
