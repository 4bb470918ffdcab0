import type { AuthAttempt } from '@simplane/core';
import { headerOf, type HttpRequest } from './http-types.js';

export const SESSION_COOKIE = 'simplane_session';
export const WORKSPACE_HEADER = 'x-workspace-id';

/** Pulls the bearer token, session cookie and workspace header out of a request. */
export function authAttemptOf(request: HttpRequest): AuthAttempt {
  const attempt: AuthAttempt = {};
  const authorization = request.headers.authorization;
  if (typeof authorization === 'string') {
    const match = /^Bearer +(\S+) *$/i.exec(authorization);
    // A malformed Authorization header is an empty bearer, which fails as invalid.
    attempt.bearer = match?.[1] ?? '';
  } else if (Array.isArray(authorization)) {
    attempt.bearer = '';
  }
  const cookie = cookieValue(headerOf(request, 'cookie'), SESSION_COOKIE);
  if (cookie !== undefined) attempt.sessionCookie = cookie;
  const workspace = headerOf(request, WORKSPACE_HEADER);
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
