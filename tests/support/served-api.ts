/**
 * Control-plane steps that tests of a `serve` child process share: uploading a document as a
 * build, waiting for a state with a bound, and reading a list to its end.
 */
import { call, type Reply } from './serve-process.js';

/** The catalog's pet store, built in the background at start-up; its data plane wants this header. */
export const PETSTORE = 'catalog/petstore:1.0';
export const PET_KEY = { 'x-api-key': 'pet-key' } as const;

/** Polls `check` until it answers something other than `undefined`; fails after `ms`, saying what it waited for. */
export async function waitFor<T>(what: string, ms: number, check: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`waited ${ms} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `POST /v1/simulators`: the document as the `spec` part, the build request as `request`. */
export async function uploadSimulator(url: string, key: string, document: string, request: Record<string, unknown>): Promise<Reply> {
  const form = new FormData();
  form.append('spec', new Blob([document]), 'document.yaml');
  form.append('request', new Blob([JSON.stringify(request)], { type: 'application/json' }));
  const response = await fetch(`${url}/v1/simulators`, { method: 'POST', headers: { authorization: `Bearer ${key}` }, body: form });
  const text = await response.text();
  return { status: response.status, headers: Object.fromEntries(response.headers), text, json: () => JSON.parse(text) };
}

/** Waits until a Simulator's build has finished (`ready`, `failed` or `canceled`) and answers it. */
export function settledSimulator(url: string, key: string, id: string, ms: number): Promise<{ status: string; digest: string | null; operations: number }> {
  return waitFor(`the build of ${id} to finish`, ms, async () => {
    const simulator = (await call(url, 'GET', `/v1/simulators/${id}`, key)).json();
    return ['ready', 'failed', 'canceled'].includes(simulator.status) ? simulator : undefined;
  });
}

/**
 * A Simulation of a Simulator that may not be ready yet (the catalog's is stored and built in
 * the background at start-up): retried until it is.
 */
export function createSimulation(url: string, key: string, body: Record<string, unknown>, ms: number): Promise<any> {
  return waitFor(`a Simulation of ${String(body.simulator_id)}`, ms, async () => {
    const created = await call(url, 'POST', '/v1/simulations', key, body);
    if (created.status === 201) return created.json();
    const waiting = created.status === 409 || (created.status === 400 && created.json().code === 'simulator_unknown');
    if (!waiting) throw new Error(`POST /v1/simulations answered ${created.status}: ${created.text}`);
    return undefined;
  });
}

/** Every item of a control-plane list, following `next_cursor`. */
export async function listAll(url: string, key: string, path: string, field: string): Promise<any[]> {
  const items: any[] = [];
  let cursor: string | null = null;
  do {
    const separator = path.includes('?') ? '&' : '?';
    const page = await call(url, 'GET', `${path}${separator}limit=200${cursor === null ? '' : `&cursor=${encodeURIComponent(cursor)}`}`, key);
    if (page.status !== 200) throw new Error(`GET ${path} answered ${page.status}: ${page.text}`);
    items.push(...page.json()[field]);
    cursor = page.json().next_cursor;
  } while (cursor !== null);
  return items;
}

/** Every pet of a Simulation of the pet store, paging its `GET /pets` (at most 100 a page). */
export async function allPets(endpointPath: string, url: string, token: string): Promise<Array<{ id: string; name: string }>> {
  const pets: Array<{ id: string; name: string }> = [];
  for (let offset = 0; ; offset += 100) {
    const page = await call(url, 'GET', `${endpointPath}/pets?limit=100&offset=${offset}`, { token }, undefined, PET_KEY);
    if (page.status !== 200) throw new Error(`GET ${endpointPath}/pets answered ${page.status}: ${page.text}`);
    const items = page.json() as Array<{ id: string; name: string }>;
    pets.push(...items);
    if (items.length < 100) return pets;
  }
}
