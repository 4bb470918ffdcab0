import type { Migration } from './migration.js';
import { controlPlane } from './0001-control-plane.js';
import { simulations } from './0002-simulations.js';
import { blobs } from './0003-blobs.js';
import { simulationLeases } from './0004-simulation-leases.js';

/** Every migration, in version order. */
export const MIGRATIONS: readonly Migration[] = [controlPlane, simulations, blobs, simulationLeases];
