import { SimplaneError } from '../errors/simplane-error.js';
import type { Logger } from '../logging/logger.port.js';
import type { Quotas } from '../quotas/quotas.js';
import type { SimulationService, SimulatorResolver } from '../simulations/control/simulation.service.js';
import { formatTime, type Clock } from '../time/clock.port.js';
import type { WorldError, WorldRecord } from './world.js';
import type { WorldRepository } from './world.repository.port.js';

/**
 * Builds a claimed World: creates one World-owned Simulation per member, all seeded from the
 * World's seed and start time, then makes the World `running`. All or nothing: when a member
 * cannot be created (its Simulator is no longer ready, the workspace lacks an active slot for
 * every member, the runtime fails), the members made so far are deleted and the World is
 * `failed` with the reason. A World canceled, timed out or deleted meanwhile is no longer
 * `creating`: the build notices after each member and deletes what it made.
 */
export class WorldBuilder {
  constructor(
    private readonly repository: WorldRepository,
    private readonly simulations: SimulationService,
    private readonly resolveSimulator: SimulatorResolver,
    private readonly quotas: Quotas,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  readonly run = async (world: WorldRecord, deadline: Date): Promise<void> => {
    const timer = setTimeout(
      () => void this.fail(world.id, timedOut(deadline)).catch(() => undefined),
      Math.max(0, deadline.getTime() - this.clock.now().getTime()),
    );
    timer.unref?.();
    const made: string[] = [];
    try {
      // A build taken over from a process that died starts again: what it made goes first.
      const leftovers = world.members.flatMap((m) => (m.simulationId === null ? [] : [m.simulationId]));
      if (leftovers.length > 0) {
        await this.undo(world, leftovers);
        world = { ...world, members: world.members.map((m) => ({ ...m, simulationId: null })) };
      }
      let error = await this.members(world, deadline, made);
      if (error === null && this.clock.now() >= deadline) error = timedOut(deadline);
      if (error === null) {
        const running = await this.repository.update(world.id, { status: ['creating'] }, { status: 'running', updatedAt: formatTime(this.clock.now()) });
        if (running !== null) return;
      }
      await this.undo(world, made);
      if (error !== null) await this.fail(world.id, error);
    } catch (cause) {
      this.logger.error('world build failed', { world_id: world.id, cause: cause instanceof Error ? cause.message : String(cause) });
      await this.undo(world, made).catch(() => undefined);
      await this.fail(world.id, { code: 'internal', detail: 'The World could not be built; build it again.' });
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * Creates the members in order, recording each on the World as it is made; answers why the
   * build failed, or null when every member runs or the World stopped being built meanwhile.
   */
  private async members(world: WorldRecord, deadline: Date, made: string[]): Promise<WorldError | null> {
    const principal = { organizationId: world.organizationId, workspaceId: world.workspaceId, via: 'api_key' as const };
    const simulators = [];
    for (const member of world.members) {
      const simulator = await this.resolveSimulator(principal, member.simulatorId);
      if (simulator === null || simulator.status !== 'ready' || simulator.digest === null) {
        return { code: 'simulator_not_ready', detail: `The Simulator ${member.simulatorId} of member ${member.name} is no longer ready.` };
      }
      simulators.push(simulator);
    }
    const free = this.quotas.activeSimulations - (await this.simulations.countActive(world.workspaceId));
    if (free < world.members.length) return quotaError(world, free);
    const members = world.members.map((m) => ({ ...m }));
    for (const [index, member] of members.entries()) {
      if (this.clock.now() >= deadline) return timedOut(deadline);
      let created;
      try {
        created = await this.simulations.members.create(world, simulators[index]!, member.name);
      } catch (cause) {
        if (!SimplaneError.is(cause)) throw cause;
        if (cause.code === 'simulation_quota_exceeded') return quotaError(world, free);
        return { code: 'build_failed', detail: `Member ${member.name} could not start: ${cause.detail}` };
      }
      made.push(created.id);
      member.simulationId = created.id;
      const recorded = await this.repository.update(world.id, { status: ['creating'] }, { members, updatedAt: formatTime(this.clock.now()) });
      if (recorded === null) return null;
    }
    return null;
  }

  /** Deletes the members a build made and forgets them on the World (if it still exists). */
  private async undo(world: WorldRecord, made: string[]): Promise<void> {
    for (const id of made) {
      const member = await this.simulations.members.get(world.id, id);
      if (member !== null) {
        await this.simulations.members.delete(member).catch((cause: unknown) => this.logger.error('world member could not be deleted', { world_id: world.id, simulation_id: id, cause: String(cause) }));
      }
    }
    if (made.length > 0) await this.repository.update(world.id, {}, { members: world.members.map((m) => ({ ...m, simulationId: null })) });
  }

  /** Fails a World still being built; answers whether it did. */
  async fail(id: string, error: WorldError): Promise<boolean> {
    return (await this.repository.update(id, { status: ['creating'] }, { status: 'failed', error, updatedAt: formatTime(this.clock.now()) })) !== null;
  }
}

function quotaError(world: WorldRecord, free: number): WorldError {
  return {
    code: 'simulation_quota_exceeded',
    detail: `The World needs ${world.members.length} active Simulation slots and the workspace has ${Math.max(0, free)} free; stop or delete Simulations and build it again.`,
  };
}

function timedOut(deadline: Date): WorldError {
  return { code: 'build_failed', detail: `The World was not built by its deadline ${formatTime(deadline)} (timeout_seconds); build it again.` };
}
