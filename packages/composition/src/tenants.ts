import type { Organization, Workspace } from '@simplane/core';
import type { MemoryKeyStore } from '@simplane/adapter-memory';
import type { Config } from './config.schema.js';
import { stableId } from './stable-id.js';

export interface Tenants {
  organizations: Organization[];
  /** Workspaces keyed by `org/workspace` name. */
  workspaces: Map<string, Workspace>;
}

/** Loads the configured organizations, workspaces and key hashes into the key store. */
export function seedTenants(config: Config, store: MemoryKeyStore): Tenants {
  const tenants: Tenants = { organizations: [], workspaces: new Map() };
  for (const org of config.organizations) {
    const organization = { id: org.id ?? stableId('organization', org.name), name: org.name };
    store.addOrganization(organization);
    tenants.organizations.push(organization);
    for (const ws of org.workspaces) {
      const workspace = { id: ws.id ?? stableId('workspace', org.name, ws.name), organizationId: organization.id, name: ws.name };
      store.addWorkspace(workspace);
      tenants.workspaces.set(`${org.name}/${ws.name}`, workspace);
      for (const hash of [...ws.api_keys, ...ws.api_key_sha256]) store.addKeyHash(hash, workspace.id);
    }
  }
  return tenants;
}
