import type { PageQuery } from '../pagination/page.js';
import type { CredentialRecord } from './credential.js';

/**
 * Port: credential storage. Contract (checked by the conformance suite in `testing`):
 * - `listByWorkspace` returns only that workspace's records, newest first by
 *   (createdAt, id) descending, strictly after `page.after`, at most `page.limit`.
 * - `update` and `delete` answer false for an unknown ID and change nothing.
 * - Records are returned as copies; mutating one does not change the store.
 */
export interface CredentialRepository {
  insert(record: CredentialRecord): Promise<void>;
  get(id: string): Promise<CredentialRecord | null>;
  listByWorkspace(workspaceId: string, page: PageQuery): Promise<CredentialRecord[]>;
  update(record: CredentialRecord): Promise<boolean>;
  delete(id: string): Promise<boolean>;
}
