import { SimplaneError } from '../errors/simplane-error.js';
import type { SimulationRecord } from './simulation.js';

/** A lifecycle change waits for the clock: while an advance is active it answers 409 `clock_conflict`. */
export function refuseWhileAdvancing(record: SimulationRecord, action: string): void {
  if (record.activeAdvanceId !== null) throw clockConflict(`The Simulation ${record.id} is advancing its clock (${record.activeAdvanceId}); ${action} it once the advance has finished.`);
}

export function clockConflict(detail: string): SimplaneError {
  return new SimplaneError('clock_conflict', detail);
}

export function refuseWorldMember(record: SimulationRecord, action: string): void {
  if (record.worldId !== null) throw new SimplaneError('simulation_world_owned', `The Simulation belongs to World ${record.worldId}; ${action} it through the World.`);
}

export function notFound(id: string): SimplaneError {
  return new SimplaneError('simulation_not_found', `No Simulation ${id.slice(0, 64)}.`);
}

export function stopped(id: string): SimplaneError {
  return new SimplaneError('simulation_stopped', `The Simulation ${id} is stopped; start it first.`);
}

export function platformOwned(id: string): SimplaneError {
  return new SimplaneError('simulation_platform_owned', `The platform is changing the Simulation ${id} right now; retry when it is done.`);
}

export function quotaExceeded(limit: number): SimplaneError {
  return new SimplaneError('simulation_quota_exceeded', `The workspace already has its ${limit} active Simulations; stop or delete one first.`);
}
