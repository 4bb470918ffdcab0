import { advanceTimeInput, IDEMPOTENCY_KEY_BYTES, SimplaneError, type SimulationClock } from '@simplane/core';
import { singleHeader } from '../http-types.js';
import { pageParams } from '../query.js';
import type { Route, RouteContext, RouteDoc } from '../route.js';
import { clockAdvanceSchema, listClockAdvancesResponseSchema, listClockEventsResponseSchema } from '../schemas.js';
import { PAGING_QUERY } from './paging-doc.js';

const tag = 'Simulations';
const OWN = ['simulation_not_found', 'auth_forbidden'] as const;

/** `/v1/simulations/{id}/advance-time` and `/advances`: a Simulation's virtual clock (SPEC 6; DESIGN 3, "Clock"). */
export function clockRoutes(clock: SimulationClock): Route[] {
  const byId = (c: RouteContext) => c.params.id!;
  return [
    {
      method: 'POST',
      path: '/v1/simulations/{id}/advance-time',
      auth: true,
      doc: {
        operationId: 'advanceSimulationTime',
        summary:
          "Move the Simulation's virtual clock to `to`, committing every scheduled event that falls due on the way as one advance step. Accepted at once; the advance runs in the Simulation's queue, after the requests sent before it. The same Idempotency-Key with the same target answers the same advance.",
        tag,
        headers: idempotencyKeyHeader('Simulation'),
        requestBody: { contentType: 'application/json', schema: advanceTimeInput },
        responses: { 202: { description: 'The advance: pending when new, or the one the key already names.', schema: clockAdvanceSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout', 'simulation_stopped', 'simulation_world_owned', 'simulation_platform_owned', 'clock_conflict'],
      },
      handle: async (c) => {
        // The body is read once the Simulation and the key have been found acceptable.
        return { status: 202, json: await clock.advance(c.principal, byId(c), idempotencyKey(c), () => c.json(advanceTimeInput)) };
      },
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/advances',
      auth: true,
      doc: {
        operationId: 'listSimulationAdvances',
        summary: "The Simulation's clock advances, newest first.",
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of advances.', schema: listClockAdvancesResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation'],
      },
      handle: async (c) => ({ status: 200, json: await clock.list(c.principal, byId(c), pageParams(c.query)) }),
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/advances/{advance_id}',
      auth: true,
      doc: {
        operationId: 'getSimulationAdvance',
        summary: 'One clock advance; a failed one carries its error.',
        tag,
        responses: { 200: { description: 'The advance.', schema: clockAdvanceSchema } },
        errors: [...OWN, 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.get(c.principal, byId(c), c.params.advance_id!) }),
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/advances/{advance_id}/events',
      auth: true,
      doc: {
        operationId: 'listSimulationAdvanceEvents',
        summary: 'The scheduled events a clock advance committed, in the order it committed them (time order; ties in the order they were scheduled).',
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of events.', schema: listClockEventsResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.listEvents(c.principal, byId(c), c.params.advance_id!, pageParams(c.query)) }),
    },
  ];
}

/** How an advance-time route documents its `Idempotency-Key` header; keys are per `owner`. */
export function idempotencyKeyHeader(owner: 'Simulation' | 'World'): NonNullable<RouteDoc['headers']> {
  return {
    'Idempotency-Key': { schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_BYTES.max }, description: `Names the advance, per ${owner}; ${IDEMPOTENCY_KEY_BYTES.min} to ${IDEMPOTENCY_KEY_BYTES.max} bytes. Required.`, required: true },
  };
}

/** The `Idempotency-Key` header; core checks its length. Sent twice it is no key at all. */
export function idempotencyKey(c: RouteContext): string | undefined {
  return singleHeader(c.request, 'idempotency-key', () => new SimplaneError('validation', 'Idempotency-Key: must be sent once'));
}
