import type { Principal } from '../tenancy/tenancy.js';
import type { BuildAllowance } from './build-allowance.js';
import type { Quotas } from './quotas.js';

export interface Usage {
  used: number;
  limit: number;
}

/** Counts a workspace's use of one quota; each resource contributes its own. */
export type UsageCounter = (workspaceId: string) => Promise<number>;

export interface QuotaLedgerView {
  active_simulations: Usage;
  builds_today: Usage & { resets_at: string };
  concurrent_builds: Usage;
  concurrent_world_builds: Usage;
}

/** `GET /v1/quota`: what a workspace uses of each quota, from the resources themselves. */
export class QuotaService {
  constructor(
    private readonly quotas: Quotas,
    private readonly allowance: BuildAllowance,
    private readonly counters: { activeSimulations: UsageCounter; concurrentBuilds: UsageCounter; concurrentWorldBuilds: UsageCounter },
  ) {}

  async ledger(principal: Principal): Promise<QuotaLedgerView> {
    const ws = principal.workspaceId;
    const [active, builds, worldBuilds, today] = await Promise.all([
      this.counters.activeSimulations(ws),
      this.counters.concurrentBuilds(ws),
      this.counters.concurrentWorldBuilds(ws),
      this.allowance.usage(ws),
    ]);
    return {
      active_simulations: { used: active, limit: this.quotas.activeSimulations },
      builds_today: today,
      concurrent_builds: { used: builds, limit: this.quotas.concurrentBuilds },
      concurrent_world_builds: { used: worldBuilds, limit: this.quotas.concurrentWorldBuilds },
    };
  }
}
