import type { WorldClock } from '@simplane/core';
import type { Route } from '../route.js';
import { virtualClockRoutes } from './clock-routes.factory.js';

/** `/v1/worlds/{id}/advance-time` and `/advances`: a World's virtual clock (SPEC 6; DESIGN 3, "Clock"; docs/clock.md). */
export function worldClockRoutes(clock: WorldClock): Route[] {
  return virtualClockRoutes(clock, {
    owner: 'World',
    own: ['world_not_found', 'auth_forbidden'],
    advanceErrors: ['world_conflict', 'clock_conflict'],
    summaries: {
      advance:
        "Move the World's virtual clock to `to`: every running member is advanced in turn (by name) as its own advance, committing the events that fall due on the way; members not running are skipped. Accepted at once; the World's `current_time` becomes `to` once every member has completed. The same Idempotency-Key with the same target answers the same advance.",
      list: "The World's clock advances, newest first. Each member's part is also in the member's own advances.",
      get: "One of the World's clock advances, with each member's outcome; a failed one carries its error.",
      events:
        "The scheduled events a World's advance committed, in execution order: member by member (by name), each member's in the order it committed them. Each names its `member` and `simulation_id`.",
    },
  });
}
