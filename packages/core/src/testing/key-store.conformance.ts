import { describe, expect, it } from 'vitest';
import { hashApiKey } from '../auth/api-key.js';
import type { KeyStore } from '../auth/key-store.port.js';
import type { Workspace } from '../tenancy/tenancy.js';

/** What a conformance run seeds: one workspace reachable by one API key. */
export interface KeyStoreFixture {
  store: KeyStore;
  workspace: Workspace;
  apiKey: string;
}

/** The KeyStore contract: lookups by key hash only, unknown keys and workspaces are null. */
export function describeKeyStoreConformance(name: string, makeFixture: () => Promise<KeyStoreFixture> | KeyStoreFixture): void {
  describe(`KeyStore conformance: ${name}`, () => {
    it('finds the workspace of a known key by its hash', async () => {
      const { store, workspace, apiKey } = await makeFixture();
      expect(await store.findWorkspaceByKeyHash(hashApiKey(apiKey))).toEqual(workspace);
    });

    it('does not accept the plain key in place of its hash', async () => {
      const { store, apiKey } = await makeFixture();
      expect(await store.findWorkspaceByKeyHash(apiKey)).toBeNull();
      expect(await store.findWorkspaceByKeyHash(hashApiKey(`${apiKey}x`))).toBeNull();
    });

    it('reads workspaces by ID', async () => {
      const { store, workspace } = await makeFixture();
      expect(await store.getWorkspace(workspace.id)).toEqual(workspace);
      expect(await store.getWorkspace('wsp_00000000000000000000000000')).toBeNull();
    });
  });
}
