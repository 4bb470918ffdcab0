import { SimplaneError } from '../errors/simplane-error.js';
import type { Clock } from '../time/clock.port.js';
import type { Quotas } from './quotas.js';
import { nextUtcMidnight, secondsToNextUtcDay, utcDay } from './quotas.js';
import type { UsageLedger } from './usage-ledger.port.js';

/**
 * The daily Simulator build allowance: one per accepted build, reset at 00:00 UTC. Queue
 * promotion and retries consume nothing because only acceptance calls `consume`.
 */
export class BuildAllowance {
  constructor(
    private readonly ledger: UsageLedger,
    private readonly clock: Clock,
    private readonly quotas: Quotas,
  ) {}

  /** Refuses early, before an upload is read, when the allowance is already used up. */
  async ensureAvailable(workspaceId: string): Promise<void> {
    const now = this.clock.now();
    if ((await this.ledger.used(workspaceId, utcDay(now))) >= this.quotas.buildsPerDay) throw this.exceeded(now);
  }

  /** Consumes one allowance, or refuses with 429 and `Retry-After` to the next UTC day. */
  async consume(workspaceId: string): Promise<string> {
    const now = this.clock.now();
    const day = utcDay(now);
    if (!(await this.ledger.tryConsume(workspaceId, day, this.quotas.buildsPerDay))) throw this.exceeded(now);
    return day;
  }

  async refund(workspaceId: string, day: string): Promise<void> {
    await this.ledger.refund(workspaceId, day);
  }

  async usage(workspaceId: string): Promise<{ used: number; limit: number; resets_at: string }> {
    const now = this.clock.now();
    return {
      used: await this.ledger.used(workspaceId, utcDay(now)),
      limit: this.quotas.buildsPerDay,
      resets_at: nextUtcMidnight(now).toISOString(),
    };
  }

  private exceeded(now: Date): SimplaneError {
    return new SimplaneError('build_rate_exceeded', `The workspace has used its ${this.quotas.buildsPerDay} Simulator builds for today (UTC).`, {
      retryAfterSeconds: secondsToNextUtcDay(now),
    });
  }
}
