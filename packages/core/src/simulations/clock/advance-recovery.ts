import type { Logger } from '../../logging/logger.port.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { WorldClock } from '../../worlds/world-clock.js';
import type { WorldRepository } from '../../worlds/world.repository.port.js';
import type { AdvanceLog } from './advance-log.port.js';
import type { ClockAdvanceRecord } from './clock-advance.js';
import type { SimulationClock } from './simulation-clock.js';
import type { SimulationRecord } from '../simulation.js';
import type { SimulationRepository } from '../simulation.repository.port.js';
import type { StepLog } from '../step-log.port.js';

/** Steps read per page, and pages at most, when looking for the step an interrupted advance committed. */
const STEP_PAGE = 500;
const STEP_PAGES = 20;

/**
 * Finishes the clock advances a process left when it died: still `pending` or `running`, with
 * the clock held. An advance whose `advance` step reached the log is completed (the state holds
 * its events; the clock takes its target); one that committed nothing is run again, which is
 * exactly once since nothing of it was recorded. A World's advance runs again after its
 * members', whose own advances it then finds by their keys. Advances are taken as abandoned
 * when older than `staleMs` (a shared store, where another process may still be running them)
 * or, for a store this process holds alone, all of them at start.
 */
export class AdvanceRecovery {
  constructor(
    private readonly advances: AdvanceLog,
    private readonly simulations: SimulationRepository,
    private readonly steps: StepLog,
    private readonly worlds: WorldRepository,
    private readonly simulationClock: SimulationClock,
    private readonly worldClock: WorldClock,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly staleMs: number,
  ) {}

  /** Answers how many abandoned advances were finished or failed. */
  async recover(options: { all?: boolean } = {}): Promise<number> {
    const now = this.clock.now().getTime();
    const active = await this.advances.listActive(formatTime(new Date(options.all === true ? now : now - this.staleMs)), 100);
    // Members first: a World's advance replays theirs by key.
    const ordered = [...active.filter((a) => !isWorld(a)), ...active.filter(isWorld)];
    for (const advance of ordered) {
      this.logger.info('clock advance resumed', { owner_id: advance.simulationId, advance_id: advance.id });
      try {
        if (isWorld(advance)) await this.world(advance);
        else await this.simulation(advance);
      } catch (cause) {
        this.logger.warn('clock advance could not be resumed', { owner_id: advance.simulationId, advance_id: advance.id, cause: String(cause) });
      }
    }
    return ordered.length;
  }

  private async simulation(advance: ClockAdvanceRecord): Promise<void> {
    const record = await this.simulations.get(advance.simulationId);
    if (record === null || record.activeAdvanceId !== advance.id) return this.abandon(advance);
    const step = await this.committedStep(record, advance.id);
    if (step === null) return this.simulationClock.resume(advance);
    const released = await this.simulations.update(record.id, { activeAdvanceId: advance.id }, { currentTime: advance.to, activeAdvanceId: null, step });
    if (released === null || released === 'quota') return this.abandon(advance);
    const events = await this.advances.listEvents(record.id, advance.id, { afterSequence: 0, limit: 100_000 });
    await this.advances.update(record.id, advance.id, { status: 'completed', step, eventCount: events.length });
  }

  private async world(advance: ClockAdvanceRecord): Promise<void> {
    const world = await this.worlds.get(advance.simulationId);
    if (world === null || world.activeAdvanceId !== advance.id) return this.abandon(advance);
    await this.worldClock.resume(world, advance);
  }

  /** The `advance` step this advance committed, if the log has it. */
  private async committedStep(record: SimulationRecord, advanceId: string): Promise<number | null> {
    let after = record.step;
    for (let page = 0; page < STEP_PAGES; page += 1) {
      const steps = await this.steps.list(record.id, { afterStep: after, limit: STEP_PAGE });
      const found = steps.find((s) => s.advance_id === advanceId);
      if (found !== undefined) return found.step;
      if (steps.length < STEP_PAGE) return null;
      after = steps.at(-1)!.step;
    }
    return null;
  }

  /** An advance whose owner is gone or no longer held by it: it failed where it stopped. */
  private async abandon(advance: ClockAdvanceRecord): Promise<void> {
    await this.advances.update(advance.simulationId, advance.id, {
      status: 'failed',
      error: { code: 'internal', detail: 'The process running this advance stopped before it finished; advance again with a new Idempotency-Key.' },
    });
  }
}

function isWorld(advance: ClockAdvanceRecord): boolean {
  return advance.simulationId.startsWith('wld_');
}
