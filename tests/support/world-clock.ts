import { expect } from 'vitest';
import type { ClockAdvanceView, ClockEventView } from '@simplane/core';
import type { Harness, HarnessResponse } from '@simplane/harness';

/** A World as these tests read it. */
export interface WorldBody {
  id: string;
  status: string;
  current_time: string;
  active_advance_id: string | null;
  members: Record<string, { simulation_id: string; status: string }>;
}

/** A member of a World, with a data-plane token minted for it. */
export interface Member {
  id: string;
  token: string;
}

/** `POST /v1/worlds`, waits for the build and answers the World; throws unless it runs. */
export async function runningWorld(h: Harness, body: Record<string, unknown>, apiKey?: string): Promise<WorldBody> {
  const accepted = await h.request('POST', '/v1/worlds', { json: body, ...(apiKey === undefined ? {} : { apiKey }) });
  expect(accepted.status, accepted.text()).toBe(202);
  const id = accepted.json<WorldBody>().id;
  await h.settled();
  const world = await readWorld(h, id, apiKey);
  expect(world.status, JSON.stringify(world)).toBe('running');
  return world;
}

export async function readWorld(h: Harness, id: string, apiKey?: string): Promise<WorldBody> {
  return (await h.request('GET', `/v1/worlds/${id}`, apiKey === undefined ? {} : { apiKey })).json<WorldBody>();
}

/** A token for each member, by name (`POST /v1/simulations/{id}/tokens`, as for any Simulation). */
export async function memberTokens(h: Harness, world: WorldBody): Promise<Record<string, Member>> {
  const out: Record<string, Member> = {};
  for (const [name, m] of Object.entries(world.members)) {
    const minted = await h.request('POST', `/v1/simulations/${m.simulation_id}/tokens`, { json: { ttl_seconds: 86_400 } });
    expect(minted.status, minted.text()).toBe(201);
    out[name] = { id: m.simulation_id, token: minted.json<{ token: string }>().token };
  }
  return out;
}

let keys = 0;

/** `POST /v1/worlds/{id}/advance-time` with a fresh key unless one is given (`null`: none). */
export function advanceWorld(h: Harness, id: string, to: unknown, key: string | null = `world-key-${(keys += 1)}`, apiKey?: string): Promise<HarnessResponse> {
  return h.request('POST', `/v1/worlds/${id}/advance-time`, {
    json: { to },
    headers: key === null ? {} : { 'idempotency-key': key },
    ...(apiKey === undefined ? {} : { apiKey }),
  });
}

/** Waits for a World's advance to finish and answers it. */
export async function worldSettled(h: Harness, id: string, advanceId: string): Promise<ClockAdvanceView> {
  for (let i = 0; i < 1000; i += 1) {
    const view = (await h.request('GET', `/v1/worlds/${id}/advances/${advanceId}`)).json<ClockAdvanceView>();
    if (view.status === 'completed' || view.status === 'failed') return view;
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  throw new Error(`world advance ${advanceId} did not finish`);
}

/** Advances a World and waits for the advance to finish. */
export async function worldAdvanced(h: Harness, id: string, to: string, key?: string): Promise<ClockAdvanceView> {
  const accepted = await advanceWorld(h, id, to, key);
  expect(accepted.status, accepted.text()).toBe(202);
  return worldSettled(h, id, accepted.json<ClockAdvanceView>().id);
}

/** Every event of a World's advance, page by page. */
export async function worldEvents(h: Harness, id: string, advanceId: string, limit = 200): Promise<ClockEventView[]> {
  const events: ClockEventView[] = [];
  let cursor: string | null = null;
  do {
    const query: string = cursor === null ? `?limit=${limit}` : `?limit=${limit}&cursor=${encodeURIComponent(cursor)}`;
    const page = (await h.request('GET', `/v1/worlds/${id}/advances/${advanceId}/events${query}`)).json<{ events: ClockEventView[]; next_cursor: string | null }>();
    events.push(...page.events);
    cursor = page.next_cursor;
  } while (cursor !== null);
  return events;
}
