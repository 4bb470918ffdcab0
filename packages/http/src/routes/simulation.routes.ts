import { createSimulationInput, forkSimulationInput, simulationTokenInput, type SimulationService } from '@simplane/core';
import { filterQuery, pageParams, singleQuery } from '../query.js';
import type { Route, RouteContext } from '../route.js';
import {
  listSimulationsResponseSchema,
  listRecordChangesResponseSchema,
  listStateRecordsResponseSchema,
  listStepsResponseSchema,
  simulationSchema,
  simulationTokenSchema,
  simulationWithTokenSchema,
  stepDetailSchema,
} from '../schemas.js';
import { PAGING_QUERY } from './paging-doc.js';

const tag = 'Simulations';
const JSON_BODY_ERRORS = ['bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout'] as const;
const RUNTIME_ERRORS = ['simulation_quota_exceeded', 'simulation_capacity', 'simulation_template_missing', 'simulation_provider_unavailable', 'simulation_timeout'] as const;
const OWN = ['simulation_not_found', 'auth_forbidden'] as const;
/** Reading a state from the log loads the Simulator's runtime. */
const LOAD_ERRORS = ['simulation_template_missing', 'simulation_provider_unavailable', 'simulation_timeout'] as const;

/** `/v1/simulations`: the Simulation lifecycle, tokens and steps (SPEC 2.5, 3, 4.4, 4.5; DESIGN 3). */
export function simulationRoutes(simulations: SimulationService): Route[] {
  const simulation = { description: 'The Simulation.', schema: simulationSchema };
  const withToken = (description: string) => ({ description, schema: simulationWithTokenSchema });
  const byId = (c: RouteContext) => c.params.id!;
  return [
    {
      method: 'GET',
      path: '/v1/simulations',
      auth: true,
      doc: {
        operationId: 'listSimulations',
        summary: "List the workspace's Simulations, newest first.",
        tag,
        query: {
          ...PAGING_QUERY,
          status: { schema: { type: 'string', enum: ['running', 'paused', 'stopped'] }, description: 'Only Simulations in this status.' },
          simulator: { schema: { type: 'string' }, description: 'Only Simulations of this Simulator, by ID or name:tag reference.' },
        },
        responses: { 200: { description: 'A page of Simulations.', schema: listSimulationsResponseSchema } },
        errors: ['bad_request', 'validation', 'simulator_unknown'],
      },
      handle: async (c) => {
        const params = { ...pageParams(c.query), ...filterQuery(c.query, 'status'), ...filterQuery(c.query, 'simulator') };
        return { status: 200, json: await simulations.list(c.principal, params) };
      },
    },
    {
      method: 'POST',
      path: '/v1/simulations',
      auth: true,
      doc: {
        operationId: 'createSimulation',
        summary: 'Create a running Simulation of a ready Simulator. Answers it with a data-plane token.',
        tag,
        requestBody: { contentType: 'application/json', schema: createSimulationInput },
        responses: { 201: withToken('The new Simulation and a token for its data plane.') },
        errors: [...JSON_BODY_ERRORS, 'simulator_unknown', 'simulator_not_ready', ...RUNTIME_ERRORS],
      },
      handle: async (c) => ({ status: 201, json: await simulations.create(c.principal, await c.json(createSimulationInput)) }),
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}',
      auth: true,
      doc: { operationId: 'getSimulation', summary: 'Read a Simulation.', tag, responses: { 200: simulation }, errors: [...OWN] },
      handle: async (c) => ({ status: 200, json: await simulations.get(c.principal, byId(c)) }),
    },
    {
      method: 'DELETE',
      path: '/v1/simulations/{id}',
      auth: true,
      doc: {
        operationId: 'deleteSimulation',
        summary: 'Delete a Simulation with its saved state, steps and clock advances. A World member is deleted through its World.',
        tag,
        responses: { 204: { description: 'Deleted.' } },
        errors: [...OWN, 'simulation_world_owned', 'simulation_platform_owned', 'clock_conflict'],
      },
      handle: async (c) => {
        await simulations.delete(c.principal, byId(c));
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: '/v1/simulations/{id}/stop',
      auth: true,
      doc: {
        operationId: 'stopSimulation',
        summary: 'Save the state and stop: a stopped Simulation uses no active-Simulation slot. Stopping a stopped one changes nothing.',
        tag,
        responses: { 200: simulation },
        errors: [...OWN, 'simulation_world_owned', 'simulation_platform_owned', 'clock_conflict'],
      },
      handle: async (c) => ({ status: 200, json: await simulations.stop(c.principal, byId(c)) }),
    },
    {
      method: 'POST',
      path: '/v1/simulations/{id}/start',
      auth: true,
      doc: {
        operationId: 'startSimulation',
        summary: 'Start a stopped Simulation from its saved state. Starting a running one changes nothing. Answers a fresh token.',
        tag,
        responses: { 200: withToken('The running Simulation and a token for its data plane.') },
        errors: [...OWN, 'simulation_world_owned', 'simulation_platform_owned', 'clock_conflict', ...RUNTIME_ERRORS],
      },
      handle: async (c) => ({ status: 200, json: await simulations.start(c.principal, byId(c)) }),
    },
    {
      method: 'POST',
      path: '/v1/simulations/{id}/fork',
      auth: true,
      doc: {
        operationId: 'forkSimulation',
        summary: 'A new Simulation from the state after a recorded step (the latest if at_step is omitted). The parent is untouched. The body may be omitted.',
        tag,
        requestBody: { contentType: 'application/json', schema: forkSimulationInput, required: false },
        responses: { 201: withToken('The fork and a token for its data plane.') },
        errors: [...OWN, ...JSON_BODY_ERRORS, 'simulation_stopped', 'simulation_platform_owned', 'clock_conflict', ...RUNTIME_ERRORS],
      },
      handle: async (c) => {
        await simulations.get(c.principal, byId(c));
        return { status: 201, json: await simulations.fork(c.principal, byId(c), await c.json(forkSimulationInput, { optional: true })) };
      },
    },
    {
      method: 'POST',
      path: '/v1/simulations/{id}/tokens',
      auth: true,
      doc: {
        operationId: 'createSimulationToken',
        summary: 'Issue a data-plane token. A read-only token makes every request read-only. Tokens survive stop and start.',
        tag,
        requestBody: { contentType: 'application/json', schema: simulationTokenInput },
        responses: { 201: { description: 'The token; it is shown only here.', schema: simulationTokenSchema } },
        errors: [...OWN, ...JSON_BODY_ERRORS],
      },
      handle: async (c) => {
        await simulations.get(c.principal, byId(c));
        return { status: 201, json: await simulations.issueToken(c.principal, byId(c), await c.json(simulationTokenInput)) };
      },
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/steps',
      auth: true,
      doc: {
        operationId: 'listSimulationSteps',
        summary: 'The steps (state-changing requests) of a running or paused Simulation, oldest first.',
        tag,
        query: {
          ...PAGING_QUERY,
          at_step: { schema: { type: 'integer', minimum: 1 }, description: 'Start the list at this step, which must be one the Simulation has recorded (422 otherwise).' },
        },
        responses: { 200: { description: 'A page of steps.', schema: listStepsResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'simulation_stopped'],
      },
      handle: async (c) => {
        const atStep = singleQuery(c.query, 'at_step');
        return { status: 200, json: await simulations.listSteps(c.principal, byId(c), { ...pageParams(c.query), ...(atStep === undefined ? {} : { atStep }) }) };
      },
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/steps/{step}',
      auth: true,
      doc: {
        operationId: 'getSimulationStep',
        summary: 'One step with its request and response (secret headers redacted, bodies cut at 64 KiB).',
        tag,
        responses: { 200: { description: 'The step.', schema: stepDetailSchema } },
        errors: [...OWN, 'simulation_stopped', 'not_found'],
      },
      handle: async (c) => ({ status: 200, json: await simulations.getStep(c.principal, byId(c), c.params.step!) }),
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/steps/{step}/changes',
      auth: true,
      doc: {
        operationId: 'listSimulationStepChanges',
        summary: 'The records a step created, updated or deleted, per resource, with each one before and after the step.',
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of the step\'s changed records, in the order the step first changed each.', schema: listRecordChangesResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'simulation_stopped', ...LOAD_ERRORS],
      },
      handle: async (c) => ({ status: 200, json: await simulations.stepChanges(c.principal, byId(c), c.params.step!, pageParams(c.query)) }),
    },
    {
      method: 'GET',
      path: '/v1/simulations/{id}/records',
      auth: true,
      doc: {
        operationId: 'listSimulationRecords',
        summary: "The Simulation's records after a recorded step (default: the latest), per resource.",
        tag,
        query: {
          ...PAGING_QUERY,
          at_step: {
            schema: { type: 'integer', minimum: 0 },
            description: "The state after this step, which must be one the Simulation has recorded, or its first state (step 0, a fork's base step); 422 otherwise. A cursor keeps the step of its first page.",
          },
          resource: { schema: { type: 'string' }, description: 'Only the records of this resource.' },
        },
        responses: { 200: { description: 'A page of records: resource by resource in the order each was first written, each in insertion order.', schema: listStateRecordsResponseSchema } },
        errors: [...OWN, 'bad_request', 'validation', 'simulation_stopped', ...LOAD_ERRORS],
      },
      handle: async (c) => {
        const atStep = singleQuery(c.query, 'at_step');
        const resource = singleQuery(c.query, 'resource');
        return {
          status: 200,
          json: await simulations.recordsAt(c.principal, byId(c), { ...pageParams(c.query), ...(atStep === undefined ? {} : { atStep }), ...(resource === undefined ? {} : { resource }) }),
        };
      },
    },
  ];
}

