import type { AuthAttempt } from '@simplane/core';
import { credentialHeader, headerOf, type HttpRequest } from './http-types.js';

export const SESSION_COOKIE = 'simplane_session';
export const WORKSPACE_HEADER = 'x-workspace-id';

/**
 * Pulls the bearer token, session cookie and workspace header out of a request. Authorization
 * and the workspace header hold one value: sent twice (every copy reaches here, http-types),
 * each is read as empty, which the auth service refuses as an invalid key (`401 auth_invalid`,
 * docs/authentication.md) or a session without a workspace.
 */
export function authAttemptOf(request: HttpRequest): AuthAttempt {
  const attempt: AuthAttempt = {};
  const authorization = credentialHeader(request, 'authorization');
  if (authorization !== undefined) {
    // A malformed Authorization header is an empty bearer, which fails as invalid.
    attempt.bearer = /^Bearer +(\S+) *$/i.exec(authorization)?.[1] ?? '';
  }
  const cookie = cookieValue(headerOf(request, 'cookie'), SESSION_COOKIE);
  if (cookie !== undefined) attempt.sessionCookie = cookie;
  const workspace = credentialHeader(request, WORKSPACE_HEADER);
  if (workspace !== undefined) attempt.workspaceHeader = workspace.trim();
  return attempt;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
