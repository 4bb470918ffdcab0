import { expect } from 'vitest';
import type { WorldView } from '@simplane/core';
import type { Harness, HarnessResponse } from '@simplane/harness';

/** `POST /v1/worlds`; expects 202. */
export async function createWorld(h: Harness, body: Record<string, unknown>, apiKey?: string): Promise<WorldView> {
  const reply = await h.request('POST', '/v1/worlds', { json: body, ...(apiKey === undefined ? {} : { apiKey }) });
  expect(reply.status, reply.text()).toBe(202);
  return reply.json<WorldView>();
}

/** Builds a World and waits for its build; answers it as it ends (running or failed). */
export async function builtWorld(h: Harness, body: Record<string, unknown>): Promise<WorldView> {
  const accepted = await createWorld(h, body);
  await h.settled();
  return world(h, accepted.id);
}

export async function world(h: Harness, id: string): Promise<WorldView> {
  const reply = await h.request('GET', `/v1/worlds/${id}`);
  expect(reply.status, reply.text()).toBe(200);
  return reply.json<WorldView>();
}

export function worldAction(h: Harness, id: string, action: 'stop' | 'start' | 'cancel'): Promise<HarnessResponse> {
  return h.request('POST', `/v1/worlds/${id}/${action}`);
}

/** Member name -> its Simulation ID. */
export function memberIds(w: WorldView): Record<string, string> {
  return Object.fromEntries(Object.entries(w.members).map(([name, m]) => [name, m.simulation_id]));
}
