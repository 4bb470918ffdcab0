import type { UsageLedger } from '@simplane/core';

/** Daily counters keyed by workspace and UTC day. Old days are dropped as new ones start. */
export class MemoryUsageLedger implements UsageLedger {
  private readonly counts = new Map<string, number>();

  async used(workspaceId: string, day: string): Promise<number> {
    return this.counts.get(`${workspaceId}/${day}`) ?? 0;
  }

  async tryConsume(workspaceId: string, day: string, limit: number): Promise<boolean> {
    const key = `${workspaceId}/${day}`;
    const used = this.counts.get(key) ?? 0;
    if (used >= limit) return false;
    this.forgetBefore(day);
    this.counts.set(key, used + 1);
    return true;
  }

  async refund(workspaceId: string, day: string): Promise<void> {
    const key = `${workspaceId}/${day}`;
    const used = this.counts.get(key) ?? 0;
    if (used > 0) this.counts.set(key, used - 1);
  }

  private forgetBefore(day: string): void {
    for (const key of this.counts.keys()) if (key.slice(key.lastIndexOf('/') + 1) < day) this.counts.delete(key);
  }
}
