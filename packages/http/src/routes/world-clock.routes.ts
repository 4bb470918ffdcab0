import { advanceTimeInput, type WorldClock } from '@simplane/core';
import { pageParams } from '../query.js';
import type { Route, RouteContext } from '../route.js';
import { clockAdvanceSchema, listClockAdvancesResponseSchema, listClockEventsResponseSchema } from '../schemas.js';
import { idempotencyKey, idempotencyKeyHeader } from './clock.routes.js';
import { PAGING_QUERY } from './paging-doc.js';

const tag = 'Worlds';
const OWN = ['world_not_found', 'auth_forbidden'] as const;

/** `/v1/worlds/{id}/advance-time` and `/advances`: a World's virtual clock (SPEC 6; DESIGN 3, "Clock"; docs/clock.md). */
export function worldClockRoutes(clock: WorldClock): Route[] {
  const byId = (c: RouteContext) => c.params.id!;
  return [
    {
      method: 'POST',
      path: '/v1/worlds/{id}/advance-time',
      auth: true,
      doc: {
        operationId: 'advanceWorldTime',
        summary:
          "Move the World's virtual clock to `to`: every running member is advanced in turn (by name) as its own advance, committing the events that fall due on the way; members not running are skipped. Accepted at once; the World's `current_time` becomes `to` once every member has completed. The same Idempotency-Key with the same target answers the same advance.",
        tag,
        headers: idempotencyKeyHeader('World'),
        requestBody: { contentType: 'application/json', schema: advanceTimeInput },
        responses: { 202: { description: 'The advance: pending when new, or the one the key already names.', schema: clockAdvanceSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout', 'world_conflict', 'clock_conflict'],
      },
      // The body is read once the World and the key have been found acceptable.
      handle: async (c) => ({ status: 202, json: await clock.advance(c.principal, byId(c), idempotencyKey(c), () => c.json(advanceTimeInput)) }),
    },
    {
      method: 'GET',
      path: '/v1/worlds/{id}/advances',
      auth: true,
      doc: {
        operationId: 'listWorldAdvances',
        summary: "The World's clock advances, newest first. Each member's part is also in the member's own advances.",
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of advances.', schema: listClockAdvancesResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation'],
      },
      handle: async (c) => ({ status: 200, json: await clock.list(c.principal, byId(c), pageParams(c.query)) }),
    },
    {
      method: 'GET',
      path: '/v1/worlds/{id}/advances/{advance_id}',
      auth: true,
      doc: {
        operationId: 'getWorldAdvance',
        summary: "One of the World's clock advances, with each member's outcome; a failed one carries its error.",
        tag,
        responses: { 200: { description: 'The advance.', schema: clockAdvanceSchema } },
        errors: [...OWN, 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.get(c.principal, byId(c), c.params.advance_id!) }),
    },
    {
      method: 'GET',
      path: '/v1/worlds/{id}/advances/{advance_id}/events',
      auth: true,
      doc: {
        operationId: 'listWorldAdvanceEvents',
        summary:
          "The scheduled events a World's advance committed, in execution order: member by member (by name), each member's in the order it committed them. Each names its `member` and `simulation_id`.",
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of events.', schema: listClockEventsResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.listEvents(c.principal, byId(c), c.params.advance_id!, pageParams(c.query)) }),
    },
  ];
}
