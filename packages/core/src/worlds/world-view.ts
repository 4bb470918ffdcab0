import type { Json } from '../runtime/runtime.port.js';
import { dataPlanePath, type SimulationStatus } from '../simulations/simulation.js';
import type { WorldError, WorldRecord, WorldStatus } from './world.js';

/** The World as the API shows it (SPEC 2.3, DESIGN 3, docs/worlds.md). */
export interface WorldView {
  id: string;
  name: string;
  created_at: string;
  from: string;
  seed: string;
  status: WorldStatus;
  /** Member name -> its Simulation; a member appears once its build has created it, and none in a failed World. */
  members: Record<string, { simulation_id: string; status: SimulationStatus }>;
  /** Member name -> where its data plane answers. */
  services: Record<string, { endpoint: string; simulation_id: string }>;
  error: WorldError | null;
  start_time: string;
  current_time: string;
  active_advance_id: string | null;
  /** The build's place: `started_at` null while it waits in the workspace's World build queue. */
  build: { started_at: string | null; deadline: string | null };
  metadata: Record<string, Json>;
  updated_at: string;
}

export interface WorldPage {
  worlds: WorldView[];
  next_cursor: string | null;
}

/**
 * `statuses`: the current status of each member Simulation by ID (a member whose Simulation is
 * gone is left out). `publicBaseUrl` makes endpoints absolute, as a Simulation's are.
 */
export function toWorldView(record: WorldRecord, statuses: ReadonlyMap<string, SimulationStatus>, publicBaseUrl: string | null): WorldView {
  const members: WorldView['members'] = {};
  const services: WorldView['services'] = {};
  // A failed build's members are being deleted, or are gone: a failed World shows none.
  for (const m of record.status === 'failed' ? [] : record.members) {
    const status = m.simulationId === null ? undefined : statuses.get(m.simulationId);
    if (m.simulationId === null || status === undefined) continue;
    members[m.name] = { simulation_id: m.simulationId, status };
    services[m.name] = { endpoint: `${publicBaseUrl ?? ''}${dataPlanePath(m.simulationId)}`, simulation_id: m.simulationId };
  }
  return {
    id: record.id,
    name: record.name,
    created_at: record.createdAt,
    from: record.from,
    seed: record.seed,
    status: record.status,
    members,
    services,
    error: record.error,
    start_time: record.startTime,
    current_time: record.currentTime,
    active_advance_id: record.activeAdvanceId,
    build: { started_at: record.build.startedAt, deadline: record.build.startedAt === null ? null : record.build.deadline },
    metadata: record.metadata,
    updated_at: record.updatedAt,
  };
}

/** The World's member Simulation IDs, in member order (those its build has created). */
export function memberSimulationIds(record: WorldRecord): string[] {
  return record.members.flatMap((m) => (m.simulationId === null ? [] : [m.simulationId]));
}
