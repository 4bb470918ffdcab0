import { advanceTimeInput, type ErrorCode, type SimulationClock } from '@simplane/core';
import { pageParams } from '../query.js';
import type { Route, RouteContext } from '../route.js';
import { clockAdvanceSchema, listClockAdvancesResponseSchema, listClockEventsResponseSchema } from '../schemas.js';
import { idempotencyKey, idempotencyKeyHeader } from './idempotency-key.js';
import { PAGING_QUERY } from './paging-doc.js';

/** What the clock routes ask of a Simulation's or a World's clock: both answer alike. */
export type VirtualClockService = Pick<SimulationClock, 'advance' | 'get' | 'list' | 'listEvents'>;

/** How one owner's clock routes are documented: what differs between a Simulation's and a World's. */
export interface ClockRoutesDoc {
  /** `Simulation` or `World`: the path's collection, the operation IDs and the tag follow from it. */
  owner: 'Simulation' | 'World';
  /** Errors every route of the owner may answer (not found, another workspace's). */
  own: readonly ErrorCode[];
  /** Errors only the advance answers, besides the body's. */
  advanceErrors: readonly ErrorCode[];
  summaries: { advance: string; list: string; get: string; events: string };
}

/** `/v1/{owners}/{id}/advance-time` and `/advances`: one owner's virtual clock (SPEC 6; DESIGN 3, "Clock"). */
export function virtualClockRoutes(clock: VirtualClockService, doc: ClockRoutesDoc): Route[] {
  const byId = (c: RouteContext) => c.params.id!;
  const base = `/v1/${doc.owner.toLowerCase()}s/{id}`;
  const tag = `${doc.owner}s`;
  return [
    {
      method: 'POST',
      path: `${base}/advance-time`,
      auth: true,
      doc: {
        operationId: `advance${doc.owner}Time`,
        summary: doc.summaries.advance,
        tag,
        headers: idempotencyKeyHeader(doc.owner),
        requestBody: { contentType: 'application/json', schema: advanceTimeInput },
        responses: { 202: { description: 'The advance: pending when new, or the one the key already names.', schema: clockAdvanceSchema } },
        errors: [...doc.own, 'bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout', ...doc.advanceErrors],
      },
      // The body is read once the owner and the key have been found acceptable.
      handle: async (c) => ({ status: 202, json: await clock.advance(c.principal, byId(c), idempotencyKey(c), () => c.json(advanceTimeInput)) }),
    },
    {
      method: 'GET',
      path: `${base}/advances`,
      auth: true,
      doc: {
        operationId: `list${doc.owner}Advances`,
        summary: doc.summaries.list,
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of advances.', schema: listClockAdvancesResponseSchema } },
        errors: [...doc.own, 'bad_request', 'validation'],
      },
      handle: async (c) => ({ status: 200, json: await clock.list(c.principal, byId(c), pageParams(c.query)) }),
    },
    {
      method: 'GET',
      path: `${base}/advances/{advance_id}`,
      auth: true,
      doc: {
        operationId: `get${doc.owner}Advance`,
        summary: doc.summaries.get,
        tag,
        responses: { 200: { description: 'The advance.', schema: clockAdvanceSchema } },
        errors: [...doc.own, 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.get(c.principal, byId(c), c.params.advance_id!) }),
    },
    {
      method: 'GET',
      path: `${base}/advances/{advance_id}/events`,
      auth: true,
      doc: {
        operationId: `list${doc.owner}AdvanceEvents`,
        summary: doc.summaries.events,
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of events.', schema: listClockEventsResponseSchema } },
        errors: [...doc.own, 'bad_request', 'validation', 'clock_advance_not_found'],
      },
      handle: async (c) => ({ status: 200, json: await clock.listEvents(c.principal, byId(c), c.params.advance_id!, pageParams(c.query)) }),
    },
  ];
}
