import { createWorldInput, type WorldService } from '@simplane/core';
import { filterQuery, pageParams } from '../query.js';
import type { Route, RouteContext } from '../route.js';
import { listWorldsResponseSchema, worldSchema } from '../world-schemas.js';
import { PAGING_QUERY } from './paging-doc.js';

const tag = 'Worlds';
const JSON_BODY_ERRORS = ['bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout'] as const;
const OWN = ['world_not_found', 'auth_forbidden'] as const;

/** `/v1/worlds`: build, read, list, stop, start, cancel and delete Worlds (SPEC 2.3, 3, 4.3; docs/worlds.md). */
export function worldRoutes(worlds: WorldService): Route[] {
  const world = (description: string) => ({ description, schema: worldSchema });
  const byId = (c: RouteContext) => c.params.id!;
  return [
    {
      method: 'GET',
      path: '/v1/worlds',
      auth: true,
      doc: {
        operationId: 'listWorlds',
        summary: "List the workspace's Worlds, newest first.",
        tag,
        query: { ...PAGING_QUERY, status: { schema: { type: 'string', enum: ['creating', 'running', 'stopped', 'failed'] }, description: 'Only Worlds in this status.' } },
        responses: { 200: { description: 'A page of Worlds.', schema: listWorldsResponseSchema } },
        errors: ['bad_request', 'validation'],
      },
      handle: async (c) => ({ status: 200, json: await worlds.list(c.principal, { ...pageParams(c.query), ...filterQuery(c.query, 'status') }) }),
    },
    {
      method: 'POST',
      path: '/v1/worlds',
      auth: true,
      doc: {
        operationId: 'createWorld',
        summary:
          'Build a World of ready Simulators: answers 202 creating; the build creates one World-owned Simulation per member, all seeded from the World\'s seed, and the World is running once every member runs. Builds beyond concurrent_world_builds wait in creation order.',
        tag,
        requestBody: { contentType: 'application/json', schema: createWorldInput },
        responses: { 202: world('The World, creating.') },
        errors: [...JSON_BODY_ERRORS, 'simulator_unknown', 'simulator_not_ready'],
      },
      handle: async (c) => ({ status: 202, json: await worlds.create(c.principal, await c.json(createWorldInput)) }),
    },
    {
      method: 'GET',
      path: '/v1/worlds/{id}',
      auth: true,
      doc: { operationId: 'getWorld', summary: 'Read a World; a failed build reads as status failed with its error.', tag, responses: { 200: world('The World.') }, errors: [...OWN] },
      handle: async (c) => ({ status: 200, json: await worlds.get(c.principal, byId(c)) }),
    },
    {
      method: 'DELETE',
      path: '/v1/worlds/{id}',
      auth: true,
      doc: {
        operationId: 'deleteWorld',
        summary: 'Delete a World with its member Simulations and their saved state. A World being built is canceled first.',
        tag,
        responses: { 204: { description: 'Deleted.' } },
        errors: [...OWN, 'clock_conflict', 'simulation_platform_owned'],
      },
      handle: async (c) => {
        await worlds.delete(c.principal, byId(c));
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/v1/worlds/{id}/stop',
      auth: true,
      doc: {
        operationId: 'stopWorld',
        summary: 'Stop every member, saving its state; stopped members use no active slot. Only a running World admits stop: a stopped one answers 409 world_conflict.',
        tag,
        responses: { 200: world('The stopped World.') },
        errors: [...OWN, 'world_conflict', 'clock_conflict', 'simulation_platform_owned'],
      },
      handle: async (c) => ({ status: 200, json: await worlds.stop(c.principal, byId(c)) }),
    },
    {
      method: 'POST',
      path: '/v1/worlds/{id}/start',
      auth: true,
      doc: {
        operationId: 'startWorld',
        summary:
          'Start every member from its saved state, all or nothing: it needs a free active-Simulation slot for each member at once, else 429 and nothing starts. Members keep their tokens. Only a stopped World admits start: a running one answers 409 world_conflict.',
        tag,
        responses: { 200: world('The running World.') },
        errors: [...OWN, 'world_conflict', 'clock_conflict', 'simulation_quota_exceeded', 'simulation_platform_owned', 'simulation_capacity', 'simulation_template_missing', 'simulation_provider_unavailable', 'simulation_timeout'],
      },
      handle: async (c) => ({ status: 200, json: await worlds.start(c.principal, byId(c)) }),
    },
    {
      method: 'POST',
      path: '/v1/worlds/{id}/cancel',
      auth: true,
      doc: {
        operationId: 'cancelWorld',
        summary: 'Cancel a build that has not finished (waiting or running): the World becomes failed with error build_canceled and keeps no member.',
        tag,
        responses: { 200: world('The canceled World.') },
        errors: [...OWN, 'world_conflict', 'clock_conflict'],
      },
      handle: async (c) => ({ status: 200, json: await worlds.cancel(c.principal, byId(c)) }),
    },
  ];
}
