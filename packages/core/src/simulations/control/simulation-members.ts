import { SimplaneError } from '../../errors/simplane-error.js';
import type { IdGenerator } from '../../ids/id.js';
import type { SimulatorRecord } from '../../simulators/simulator.js';
import { formatTime, type Clock } from '../../time/clock.port.js';
import type { SimulationRecord, SimulationView } from '../simulation.js';
import { SIMULATION_LIMITS } from '../simulation-input.js';
import type { SimulationLifecycle } from './simulation-lifecycle.js';
import { seederOf } from '../simulation-loader.js';
import type { SimulationRecords } from './simulation-records.js';
import { SimulationState } from '../simulation-state.js';

/** What a World's member takes from its World. */
export interface WorldOrigin {
  id: string;
  workspaceId: string;
  organizationId: string;
  seed: string;
  startTime: string;
}

/** A World's members: Simulations its World creates, starts, stops and deletes. */
export class SimulationMembers {
  constructor(
    private readonly records: SimulationRecords,
    private readonly lifecycle: SimulationLifecycle,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  /**
   * Creates a World's member: a running Simulation with `world_id` set, seeded from the
   * World's seed and start time (so an entity two members share starts alike in both), within
   * the active-Simulation quota. The World has checked the Simulator; no token is issued here
   * (members' tokens come from `POST /v1/simulations/{id}/tokens`).
   */
  async create(world: WorldOrigin, simulator: SimulatorRecord, name: string): Promise<SimulationRecord> {
    if (simulator.status !== 'ready' || simulator.digest === null) {
      throw new SimplaneError('simulator_not_ready', `The Simulator ${simulator.id} is ${simulator.status}, not ready.`);
    }
    const record: SimulationRecord = {
      id: this.ids.next('simulation'),
      workspaceId: world.workspaceId,
      organizationId: world.organizationId,
      name,
      simulatorId: simulator.id,
      simulatorDigest: simulator.digest,
      parentId: null,
      worldId: world.id,
      status: 'running',
      lock: null,
      seed: world.seed,
      startTime: world.startTime,
      currentTime: world.startTime,
      activeAdvanceId: null,
      step: 0,
      baseStep: 0,
      sampleRecords: SIMULATION_LIMITS.sampleRecords.default,
      ttlSeconds: null,
      expiresAt: null,
      metadata: {},
      createdAt: formatTime(this.clock.now()),
    };
    await this.lifecycle.insertRunning(record, { seed: (loaded) => new SimulationState(seederOf(record, loaded)) });
    return record;
  }

  /** A World's member, as stored: null when gone or not that World's. */
  async get(worldId: string, id: string): Promise<SimulationRecord | null> {
    const record = await this.records.repository.get(id);
    return record !== null && record.worldId === worldId ? record : null;
  }

  /** Stops a World's member (its World decided); stopping a stopped one changes nothing. */
  stop(record: SimulationRecord): Promise<SimulationView> {
    return this.lifecycle.stopRecord(record, null);
  }

  /** Starts a World's member from its saved state within the quota; its tokens stay valid. */
  async start(record: SimulationRecord): Promise<SimulationView> {
    return this.records.view(await this.lifecycle.startRecord(record), null);
  }

  /** Deletes a World's member with its saved state, steps and advances. */
  delete(record: SimulationRecord): Promise<void> {
    return this.lifecycle.deleteRecord(record);
  }
}
