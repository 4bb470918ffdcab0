/** The typed client for a session, and how a failure of the API reads to a person. */
import { SimplaneApiError, SimplaneClient, SimplaneConnectionError } from '@simplane/client';
import type { Session } from './session.js';

/**
 * A client for the signed-in session, on the console's own origin. With the session cookie no
 * bearer is sent: the browser sends `simplane_session` itself (same origin), and the workspace
 * rides in `X-Workspace-Id`. A 401 on any call means the session is no longer accepted (a key
 * revoked, a server restarted with a new one, a cookie expired): `onUnauthorized` hears of it,
 * so the console can ask to sign in again instead of failing view after view.
 */
export function clientFor(session: Session, origin: string, onUnauthorized?: () => void): SimplaneClient {
  const fetch = (request: Request) =>
    globalThis.fetch(request).then((response) => {
      if (response.status === 401) onUnauthorized?.();
      return response;
    });
  if (session.kind === 'api-key') return new SimplaneClient({ url: origin, apiKey: session.apiKey, fetch });
  return new SimplaneClient({ url: origin, workspaceId: session.workspaceId, fetch });
}

/** What a failed call shows: a title and a detail, never a stack. */
export interface Failure {
  title: string;
  detail: string;
  status: number | null;
}

export function describeFailure(error: unknown): Failure {
  if (error instanceof SimplaneApiError) return { title: `${error.status} ${error.code}`, detail: error.detail, status: error.status };
  if (error instanceof SimplaneConnectionError) return { title: 'The control plane did not answer', detail: error.reason, status: null };
  if (error instanceof Error) return { title: error.name, detail: error.message, status: null };
  return { title: 'Something went wrong', detail: String(error), status: null };
}
