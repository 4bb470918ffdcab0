import { cloneInput, referenceBody, type SimulatorService } from '@simplane/core';
import { filterQuery, pageParams } from '../query.js';
import type { Route, RouteContext } from '../route.js';
import { behaviourResponseSchema, listSimulatorsResponseSchema, operationsResponseSchema, simulatorSchema } from '../schemas.js';
import { PAGING_QUERY } from './paging-doc.js';
import { readSimulatorUpload, UPLOAD_DOC } from './simulator-upload.js';

const MiB = 1024 * 1024;
const tag = 'Simulators';
const JSON_BODY_ERRORS = ['bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout'] as const;
/** Every route of one Simulator takes its `name:tag` reference as well as its ID, as bodies and filters do. */
const BY_ID_OR_REFERENCE = {
  name: 'id',
  description: "The Simulator's ID, or a `name:tag` reference of the workspace or the catalog; the `/` of a name such as `catalog/petstore` may be sent as is or as `%2F`.",
};

/** `/v1/simulators`: builds, references, clones, the operation list and the artifact's decisions (SPEC 2.4, 4.2; DESIGN 3). */
export function simulatorRoutes(simulators: SimulatorService): Route[] {
  const simulator = { description: 'The Simulator.', schema: simulatorSchema };
  const byId = (c: RouteContext) => c.params.id!;
  return [
    {
      method: 'GET',
      path: '/v1/simulators',
      auth: true,
      doc: {
        operationId: 'listSimulators',
        summary: "List the workspace's and the catalog's Simulators, newest first.",
        tag,
        query: {
          ...PAGING_QUERY,
          status: { schema: { type: 'string', enum: ['pending', 'building', 'ready', 'failed', 'canceled'] }, description: 'Only Simulators in this status.' },
          source: { schema: { type: 'string', enum: ['workspace', 'catalog'] }, description: 'Only workspace or only catalog Simulators.' },
          simulator: { schema: { type: 'string' }, description: 'Only this Simulator, by ID or name:tag reference.' },
        },
        responses: { 200: { description: 'A page of Simulators.', schema: listSimulatorsResponseSchema } },
        errors: ['bad_request', 'validation', 'simulator_unknown'],
      },
      handle: async (c) => {
        const params = { ...pageParams(c.query), ...filterQuery(c.query, 'status'), ...filterQuery(c.query, 'source'), ...filterQuery(c.query, 'simulator') };
        return { status: 200, json: await simulators.list(c.principal, params) };
      },
    },
    {
      method: 'POST',
      path: '/v1/simulators',
      auth: true,
      doc: {
        operationId: 'createSimulator',
        summary: 'Upload a document and build a Simulator from it. Answers at once; the build runs in the background.',
        tag,
        requestBody: UPLOAD_DOC,
        responses: { 202: { description: 'The accepted build, pending or building.', schema: simulatorSchema } },
        errors: ['bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout', 'simulator_unknown', 'simulator_not_ready', 'build_rate_exceeded'],
      },
      handle: async (c) => {
        await simulators.ensureCanBuild(c.principal);
        const upload = await readSimulatorUpload(c.request, c.bodyTimeoutMs, { spec: 64 * MiB, request: MiB, total: 96 * MiB });
        return { status: 202, json: await simulators.create(c.principal, upload) };
      },
    },
    {
      method: 'GET',
      path: '/v1/simulators/{id}',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: { operationId: 'getSimulator', summary: 'Read a Simulator, with its build progress or outcome.', tag, responses: { 200: simulator }, errors: ['simulator_not_found', 'auth_forbidden'] },
      handle: async (c) => ({ status: 200, json: await simulators.get(c.principal, byId(c)) }),
    },
    {
      method: 'DELETE',
      path: '/v1/simulators/{id}',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'deleteSimulator',
        summary: 'Delete a Simulator; a build still running is canceled first.',
        tag,
        responses: { 204: { description: 'Deleted.' } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_in_use'],
      },
      handle: async (c) => {
        await simulators.delete(c.principal, byId(c));
        return { status: 204 };
      },
    },
    {
      method: 'PUT',
      path: '/v1/simulators/{id}/tag',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'tagSimulator',
        summary: 'Point a name:tag reference at this Simulator, moving it from any other.',
        tag,
        requestBody: { contentType: 'application/json', schema: referenceBody },
        responses: { 204: { description: 'The reference points here.' } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_not_ready', ...JSON_BODY_ERRORS],
      },
      handle: async (c) => {
        await simulators.get(c.principal, byId(c));
        await simulators.tag(c.principal, byId(c), (await c.json(referenceBody)).reference);
        return { status: 204 };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/simulators/{id}/tag',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'untagSimulator',
        summary: 'Remove a name:tag reference. The Simulator stays available by ID.',
        tag,
        requestBody: { contentType: 'application/json', schema: referenceBody },
        responses: { 204: { description: 'The reference is gone.' } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_not_ready', ...JSON_BODY_ERRORS],
      },
      handle: async (c) => {
        await simulators.get(c.principal, byId(c));
        await simulators.untag(c.principal, byId(c), (await c.json(referenceBody)).reference);
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/v1/simulators/{id}/cancel',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'cancelSimulatorBuild',
        summary: 'Cancel a build: a pending one at once, a running one at its next checkpoint. Finished builds are left as they are.',
        tag,
        responses: { 200: simulator },
        errors: ['simulator_not_found', 'auth_forbidden'],
      },
      handle: async (c) => ({ status: 200, json: await simulators.cancel(c.principal, byId(c)) }),
    },
    {
      method: 'POST',
      path: '/v1/simulators/{id}/clone',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'cloneSimulator',
        summary: 'Copy a ready Simulator into another workspace of the organization. Repeating the idempotency key answers the same clone.',
        tag,
        requestBody: { contentType: 'application/json', schema: cloneInput },
        responses: { 201: { description: 'The clone.', schema: simulatorSchema } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_not_ready', ...JSON_BODY_ERRORS],
      },
      handle: async (c) => {
        await simulators.get(c.principal, byId(c));
        return { status: 201, json: await simulators.clone(c.principal, byId(c), await c.json(cloneInput)) };
      },
    },
    {
      method: 'GET',
      path: '/v1/simulators/{id}/operations',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'listSimulatorOperations',
        summary: 'How each operation of a ready Simulator was understood: behaviour, resource, whether it is read-only and the tool an agent calls it by.',
        tag,
        responses: { 200: { description: 'The operations.', schema: operationsResponseSchema } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_not_ready'],
      },
      handle: async (c) => ({ status: 200, json: await simulators.operations(c.principal, byId(c)) }),
    },
    {
      method: 'GET',
      path: '/v1/simulators/{id}/behaviour',
      spanning: BY_ID_OR_REFERENCE,
      auth: true,
      doc: {
        operationId: 'getSimulatorBehaviour',
        summary:
          'Every decision the build made about the resources and operations of a ready Simulator, as its artifact holds them: server-filled fields, state fields, write plans, protocols.',
        tag,
        responses: { 200: { description: "The artifact's decisions.", schema: behaviourResponseSchema } },
        errors: ['simulator_not_found', 'auth_forbidden', 'simulator_not_ready'],
      },
      handle: async (c) => ({ status: 200, json: await simulators.behaviour(c.principal, byId(c)) }),
    },
  ];
}
