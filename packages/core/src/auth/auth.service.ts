import { SimplaneError } from '../errors/simplane-error.js';
import type { Logger } from '../logging/logger.port.js';
import type { Clock } from '../time/clock.port.js';
import type { Principal, Workspace } from '../tenancy/tenancy.js';
import { hashApiKey } from './api-key.js';
import type { KeyStore } from './key-store.port.js';
import { SESSION_PREFIX, type SessionSealer } from './sealed-session.js';

/** What a request offers to prove who it is; already pulled out of the transport. */
export interface AuthAttempt {
  /** The value after `Bearer ` in `Authorization`, if any. */
  bearer?: string;
  /** The `simplane_session` cookie, if any. */
  sessionCookie?: string;
  /** The `X-Workspace-Id` header, if any; required with a session on workspace-scoped routes. */
  workspaceHeader?: string;
}

const MAX_KEY_LENGTH = 4096;

/**
 * SPEC section 5: API keys carry their workspace; sealed sessions name the workspace in a
 * header. Unknown or expired credentials answer 401, a workspace the caller may not use 403,
 * and a key store that cannot answer 503 `auth_provider_unavailable`.
 */
export class AuthService {
  constructor(
    private readonly keys: KeyStore,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly sessions: SessionSealer | null,
  ) {}

  async authenticate(attempt: AuthAttempt): Promise<Principal> {
    const token = attempt.bearer ?? attempt.sessionCookie;
    if (token === undefined || token.length === 0 || token.length > MAX_KEY_LENGTH) {
      throw new SimplaneError('auth_invalid', 'A valid API key is required: send Authorization: Bearer <API_KEY>.');
    }
    if (token.startsWith(SESSION_PREFIX) || attempt.bearer === undefined) {
      return this.fromSession(token, attempt.workspaceHeader);
    }
    const workspace = await this.ask(() => this.keys.findWorkspaceByKeyHash(hashApiKey(token)));
    if (workspace === null) throw new SimplaneError('auth_invalid', 'The API key is not valid.');
    return { organizationId: workspace.organizationId, workspaceId: workspace.id, via: 'api_key' };
  }

  private async fromSession(token: string, workspaceHeader: string | undefined): Promise<Principal> {
    const claims = this.sessions?.unseal(token) ?? null;
    if (claims === null || claims.exp * 1000 <= this.clock.now().getTime()) {
      throw new SimplaneError('auth_invalid', 'The session is not valid or has expired.');
    }
    if (workspaceHeader === undefined || workspaceHeader.length === 0) {
      throw new SimplaneError('bad_request', 'X-Workspace-Id: required with a session on workspace-scoped routes');
    }
    if (!claims.workspaces.includes(workspaceHeader)) {
      throw new SimplaneError('auth_forbidden', 'The session may not use this workspace.');
    }
    const workspace: Workspace | null = await this.ask(() => this.keys.getWorkspace(workspaceHeader));
    if (workspace === null || workspace.organizationId !== claims.org) {
      throw new SimplaneError('auth_forbidden', 'The session may not use this workspace.');
    }
    return { organizationId: workspace.organizationId, workspaceId: workspace.id, via: 'session', userId: claims.user };
  }

  private async ask<T>(lookup: () => Promise<T>): Promise<T> {
    try {
      return await lookup();
    } catch (cause) {
      this.logger.error('key store unavailable', { cause: String(cause) });
      // A retryable 503 says when to retry: when the store said so (a database that cannot be reached), else soon.
      const retryAfterSeconds = (SimplaneError.is(cause) ? cause.retryAfterSeconds : undefined) ?? 1;
      throw new SimplaneError('auth_provider_unavailable', 'The authentication provider is unavailable; retry.', {
        cause,
        retryAfterSeconds,
      });
    }
  }
}
