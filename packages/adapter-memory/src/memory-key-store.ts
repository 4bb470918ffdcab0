import type { KeyStore, Organization, Workspace } from '@simplane/core';

/**
 * Organizations, workspaces and API key hashes held in memory, filled from configuration at
 * start-up. Plain keys never reach it: callers register hashes.
 */
export class MemoryKeyStore implements KeyStore {
  private readonly organizations = new Map<string, Organization>();
  private readonly workspaces = new Map<string, Workspace>();
  private readonly keyHashes = new Map<string, string>();

  addOrganization(organization: Organization): void {
    this.organizations.set(organization.id, { ...organization });
  }

  addWorkspace(workspace: Workspace): void {
    if (!this.organizations.has(workspace.organizationId)) {
      throw new Error(`unknown organization ${workspace.organizationId}`);
    }
    this.workspaces.set(workspace.id, { ...workspace });
  }

  addKeyHash(keyHash: string, workspaceId: string): void {
    if (!this.workspaces.has(workspaceId)) throw new Error(`unknown workspace ${workspaceId}`);
    if (!/^[0-9a-f]{64}$/.test(keyHash)) throw new Error('API keys are registered by their SHA-256 hex hash');
    this.keyHashes.set(keyHash, workspaceId);
  }

  listOrganizations(): Organization[] {
    return [...this.organizations.values()].map((o) => ({ ...o }));
  }

  listWorkspaces(): Workspace[] {
    return [...this.workspaces.values()].map((w) => ({ ...w }));
  }

  async findWorkspaceByKeyHash(keyHash: string): Promise<Workspace | null> {
    const workspaceId = this.keyHashes.get(keyHash);
    return workspaceId === undefined ? null : this.getWorkspace(workspaceId);
  }

  async getWorkspace(workspaceId: string): Promise<Workspace | null> {
    const found = this.workspaces.get(workspaceId);
    return found === undefined ? null : { ...found };
  }
}
