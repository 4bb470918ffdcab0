import { SimulationState } from '@simplane/core';

/** The platform's own Simulation state, with a text snapshot that is easy to compare in tests. */
export class MapState extends SimulationState {
  snapshot(): string {
    return Buffer.from(this.toSnapshot()).toString('utf8');
  }
}
