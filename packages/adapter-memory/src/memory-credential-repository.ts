import { isAfter, comparePageOrder, type CredentialRecord, type CredentialRepository, type PageQuery } from '@simplane/core';

/** Credentials in a Map; lists sort on read, which is fine at in-memory sizes. */
export class MemoryCredentialRepository implements CredentialRepository {
  private readonly records = new Map<string, CredentialRecord>();

  async insert(record: CredentialRecord): Promise<void> {
    if (this.records.has(record.id)) throw new Error(`duplicate credential ${record.id}`);
    this.records.set(record.id, { ...record });
  }

  async get(id: string): Promise<CredentialRecord | null> {
    const found = this.records.get(id);
    return found === undefined ? null : { ...found };
  }

  async listByWorkspace(workspaceId: string, page: PageQuery): Promise<CredentialRecord[]> {
    const after = page.after;
    return [...this.records.values()]
      .filter((r) => r.workspaceId === workspaceId)
      .filter((r) => after === undefined || isAfter(r, after))
      .sort(comparePageOrder)
      .slice(0, page.limit)
      .map((r) => ({ ...r }));
  }

  async update(record: CredentialRecord): Promise<boolean> {
    if (!this.records.has(record.id)) return false;
    this.records.set(record.id, { ...record });
    return true;
  }

  async delete(id: string): Promise<boolean> {
    return this.records.delete(id);
  }
}
