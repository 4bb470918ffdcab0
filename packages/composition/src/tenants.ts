import type { Organization, Workspace } from '@simplane/core';
import type { Config } from './config.schema.js';
import { stableId } from './stable-id.js';

export interface Tenants {
  organizations: Organization[];
  /** Workspaces keyed by `org/workspace` name. */
  workspaces: Map<string, Workspace>;
}

/** The configured organizations, workspaces and key hashes, as a key store is loaded with them. */
export interface TenantPlan {
  organizations: Organization[];
  workspaces: Workspace[];
  keyHashes: Array<{ hash: string; workspaceId: string }>;
}

/** What the configuration says about tenants: the key store's contents, and the names for callers. */
export function planTenants(config: Config): { tenants: Tenants; plan: TenantPlan } {
  const tenants: Tenants = { organizations: [], workspaces: new Map() };
  const plan: TenantPlan = { organizations: [], workspaces: [], keyHashes: [] };
  for (const org of config.organizations) {
    const organization = { id: org.id ?? stableId('organization', org.name), name: org.name };
    plan.organizations.push(organization);
    tenants.organizations.push(organization);
    for (const ws of org.workspaces) {
      const workspace = { id: ws.id ?? stableId('workspace', org.name, ws.name), organizationId: organization.id, name: ws.name };
      plan.workspaces.push(workspace);
      tenants.workspaces.set(`${org.name}/${ws.name}`, workspace);
      for (const hash of [...ws.api_keys, ...ws.api_key_sha256]) plan.keyHashes.push({ hash, workspaceId: workspace.id });
    }
  }
  return { tenants, plan };
}
