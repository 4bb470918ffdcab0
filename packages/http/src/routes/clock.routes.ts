import type { SimulationClock } from '@simplane/core';
import type { Route } from '../route.js';
import { virtualClockRoutes } from './clock-routes.factory.js';

/** `/v1/simulations/{id}/advance-time` and `/advances`: a Simulation's virtual clock (SPEC 6; DESIGN 3, "Clock"). */
export function clockRoutes(clock: SimulationClock): Route[] {
  return virtualClockRoutes(clock, {
    owner: 'Simulation',
    own: ['simulation_not_found', 'auth_forbidden'],
    advanceErrors: ['simulation_stopped', 'simulation_world_owned', 'simulation_platform_owned', 'clock_conflict'],
    summaries: {
      advance:
        "Move the Simulation's virtual clock to `to`, committing every scheduled event that falls due on the way as one advance step. Accepted at once; the advance runs in the Simulation's queue, after the requests sent before it. The same Idempotency-Key with the same target answers the same advance.",
      list: "The Simulation's clock advances, newest first.",
      get: 'One clock advance; a failed one carries its error.',
      events: 'The scheduled events a clock advance committed, in the order it committed them (time order; ties in the order they were scheduled).',
    },
  });
}
