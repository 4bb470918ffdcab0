import { expect } from 'vitest';
import type { ClockAdvanceView, SimulationView, StepView } from '@simplane/core';
import type { Harness, HarnessResponse } from '@simplane/harness';

/** The default start time of a Simulation's clock. */
export const START = '2024-01-01T00:00:00.000Z';

/** Passes that expire: an inferred rule (`expires_at` beside a status with `expired`). */
export const passes = `openapi: 3.0.3
info: {title: Passes, version: "1"}
paths:
  /passes:
    get:
      operationId: listPasses
      responses:
        "200": {description: ok, content: {application/json: {schema: {type: array, items: {$ref: "#/components/schemas/Pass"}}}}}
    post:
      operationId: createPass
      requestBody: {required: true, content: {application/json: {schema: {$ref: "#/components/schemas/NewPass"}}}}
      responses:
        "201": {description: created, content: {application/json: {schema: {$ref: "#/components/schemas/Pass"}}}}
  /passes/{passId}:
    get:
      operationId: getPass
      parameters: [{name: passId, in: path, required: true, schema: {type: string}}]
      responses:
        "200": {description: ok, content: {application/json: {schema: {$ref: "#/components/schemas/Pass"}}}}
        "404": {description: missing}
components:
  schemas:
    NewPass:
      type: object
      required: [holder, expires_at]
      properties:
        holder: {type: string}
        expires_at: {type: string, format: date-time}
    Pass:
      type: object
      required: [id, holder, status, expires_at]
      properties:
        id: {type: string}
        holder: {type: string}
        status: {type: string, enum: [active, expired]}
        expires_at: {type: string, format: date-time}
`;

let keys = 0;

/** `POST .../advance-time` with a fresh key unless one is given (`null`: none). */
export function advance(h: Harness, id: string, to: unknown, key: string | null = `key-${(keys += 1)}`, apiKey?: string): Promise<HarnessResponse> {
  return h.request('POST', `/v1/simulations/${id}/advance-time`, {
    json: { to },
    headers: key === null ? {} : { 'idempotency-key': key },
    ...(apiKey === undefined ? {} : { apiKey }),
  });
}

/** Waits for an advance to finish (it runs in the Simulation's queue after the 202) and answers it. */
export async function settled(h: Harness, id: string, advanceId: string): Promise<ClockAdvanceView> {
  for (let i = 0; i < 500; i += 1) {
    const view = (await h.request('GET', `/v1/simulations/${id}/advances/${advanceId}`)).json<ClockAdvanceView>();
    if (view.status === 'completed' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`advance ${advanceId} did not finish`);
}

/** Advances and waits for the advance to finish. */
export async function advanced(h: Harness, id: string, to: string): Promise<ClockAdvanceView> {
  const accepted = await advance(h, id, to);
  expect(accepted.status, accepted.text()).toBe(202);
  return settled(h, id, accepted.json<ClockAdvanceView>().id);
}

export async function simulation(h: Harness, id: string): Promise<SimulationView> {
  return (await h.request('GET', `/v1/simulations/${id}`)).json<SimulationView>();
}

export async function steps(h: Harness, id: string): Promise<StepView[]> {
  return (await h.request('GET', `/v1/simulations/${id}/steps`)).json<{ steps: StepView[] }>().steps;
}

