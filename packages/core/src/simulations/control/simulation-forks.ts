import { parseInput } from '../../errors/zod-validation.js';
import { validationError } from '../../errors/simplane-error.js';
import type { IdGenerator } from '../../ids/id.js';
import type { Principal } from '../../tenancy/tenancy.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { SimulationRecord, SimulationWithToken } from '../simulation.js';
import { platformOwned, refuseWhileAdvancing, stopped } from '../simulation-errors.js';
import { forkSimulationInput } from '../simulation-input.js';
import { expiry, type SimulationLifecycle } from './simulation-lifecycle.js';
import type { SimulationLoader } from '../simulation-loader.js';
import type { SimulationPool } from '../simulation-pool.js';
import type { SimulationRecords } from './simulation-records.js';
import type { StepLog, StepView } from '../step-log.port.js';

/** Forks: a new Simulation from another's state at one of its recorded steps. */
export class SimulationForks {
  constructor(
    private readonly records: SimulationRecords,
    private readonly lifecycle: SimulationLifecycle,
    private readonly steps: StepLog,
    private readonly loader: SimulationLoader,
    private readonly pool: SimulationPool,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async fork(principal: Principal, id: string, body: unknown): Promise<SimulationWithToken> {
    const input = parseInput(forkSimulationInput, body);
    const parent = await this.records.load(principal, id);
    if (parent.status === 'stopped') throw stopped(parent.id);
    refuseWhileAdvancing(parent, 'fork');
    if (parent.lock !== null) throw platformOwned(parent.id);
    // In the parent's queue, so "the latest step" cannot move while the fork reads it.
    return this.pool.serial(id, async () => {
      const current = (await this.records.repository.get(id)) ?? parent;
      refuseWhileAdvancing(current, 'fork');
      const latest = await this.records.latestStep(id);
      const at = input.at_step ?? latest;
      if (at < current.baseStep || at > latest) {
        throw validationError('at_step', `must be a recorded step of this Simulation (${current.baseStep}..${latest})`);
      }
      const snapshot = await this.loader.snapshotAt(id, at);
      const entry = at > current.baseStep && at < latest ? await this.steps.get(id, at) : null;
      const timeAt = await this.clockAt(current, at, latest, entry);
      const now = this.clock.now();
      const ttl = input.ttl_seconds ?? current.ttlSeconds ?? undefined;
      const child: SimulationRecord = {
        ...current,
        id: this.ids.next('simulation'),
        name: input.name ?? current.name,
        parentId: current.id,
        worldId: null,
        status: 'running',
        lock: null,
        currentTime: timeAt,
        activeAdvanceId: null,
        step: at,
        baseStep: at,
        ttlSeconds: ttl ?? null,
        expiresAt: expiry(now, ttl),
        createdAt: formatTime(now),
      };
      return this.lifecycle.launch(principal, child, { snapshot }, id);
    });
  }

  /**
   * The clock as it was at a step, for a fork there: the time after that step (an advance's
   * step ends at its target); at the latest step, the current time; at the log's start, the
   * start time, or for a fork's own base, the time its next step began.
   */
  private async clockAt(record: SimulationRecord, at: number, latest: number, entry: { view: StepView } | null): Promise<string> {
    if (entry !== null) return entry.view.time_after;
    if (at === latest) return record.currentTime;
    if (record.parentId === null && at === 0) return record.startTime;
    return (await this.steps.get(record.id, at + 1))?.view.time_before ?? record.currentTime;
  }
}
