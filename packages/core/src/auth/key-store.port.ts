import type { Workspace } from '../tenancy/tenancy.js';

/**
 * Port: the authentication provider's view of organizations, workspaces and API keys.
 * Keys are only ever looked up by their SHA-256 hash. Any thrown error means the provider
 * cannot answer; the caller turns it into 503 `auth_provider_unavailable`.
 */
export interface KeyStore {
  /** The workspace the key with this hash belongs to, or null for an unknown key. */
  findWorkspaceByKeyHash(keyHash: string): Promise<Workspace | null>;
  /** A workspace by ID, or null. */
  getWorkspace(workspaceId: string): Promise<Workspace | null>;
}
