/**
 * GitHub's own SDK, `@octokit/rest`, drives a Simulation of GitHub's own OpenAPI description
 * (`@octokit/openapi`, the whole api.github.com document: about 13 MB, 1,200 operations),
 * through the harness's fetch: no server, no socket, no call to GitHub. Octokit takes the fetch
 * as `request.fetch` and the Simulation's data-plane URL as `baseUrl`; what it creates through
 * its typed methods it reads back through them, with the same values.
 */
import net from 'node:net';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Octokit, type RestEndpointMethodTypes } from '@octokit/rest';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createHarness, type Harness, type SimulatedApi } from '@simplane/harness';

type Issue = RestEndpointMethodTypes['issues']['get']['response']['data'];

const START = '2024-06-01T08:00:00.000Z';
const documentPath = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
/** Building the whole document takes about 10 s on a quiet machine; a busy one may take several times that. */
const BUILD_TIMEOUT_MS = 300_000;

/** Open TCP handles (servers and sockets) of this process. */
const tcpHandles = () => process.getActiveResourcesInfo().filter((name) => name.startsWith('TCP')).length;
const tcpBefore = tcpHandles();
const listen = vi.spyOn(net.Server.prototype, 'listen');
const connect = vi.spyOn(net.Socket.prototype, 'connect');
const realFetch = vi.spyOn(globalThis, 'fetch');

let harness: Harness;
let github: SimulatedApi;
let octokit: Octokit;
const repo = { owner: 'octo-org', repo: 'hello-world' };

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  github = await harness.simulate(readFileSync(documentPath), {
    filename: 'api.github.com.json',
    build: { references: ['github:api.github.com'] },
    seed: 'octokit',
    start_time: START,
    sample_records: 0,
  });
  octokit = new Octokit({
    baseUrl: github.baseUrl,
    // The simulated API's own credential: Octokit sends it as Authorization, beside the Simulation's token.
    auth: 'ghp_simulated0000000000000000000000000000',
    request: { fetch: github.fetch },
    log: { debug: () => undefined, info: () => undefined, warn: () => undefined, error: () => undefined },
  });
}, BUILD_TIMEOUT_MS);

afterAll(async () => {
  await harness?.close();
  vi.restoreAllMocks();
});

describe('Octokit against a Simulation of the GitHub API', () => {
  it('built the whole document', async () => {
    const simulator = (await harness.request('GET', `/v1/simulators/${github.simulation.simulator_id}`)).json<{ status: string; operations: number; spec_kind: string }>();
    expect(simulator).toMatchObject({ status: 'ready', spec_kind: 'openapi' });
    expect(simulator.operations).toBeGreaterThan(1000);
  });

  it('creates an issue, reads it back, closes it and lists it, through the typed methods', async () => {
    const created = await octokit.rest.issues.create({ ...repo, title: 'The build fails on Node 20', body: 'Steps to reproduce: run the tests.' });
    expect(created.status).toBe(201);
    expect(created.url).toBe(`${github.baseUrl}/repos/octo-org/hello-world/issues`);
    const issue = created.data;
    expect(issue).toMatchObject({ title: 'The build fails on Node 20', body: 'Steps to reproduce: run the tests.', state: 'open', created_at: START });
    expectTypeOf(issue.number).toEqualTypeOf<number>();
    expect(Number.isInteger(issue.number)).toBe(true);
    // Its addresses are its own, as GitHub's document shows them (docs/behaviour.md, `records.derived`).
    expect(issue.url).toBe(`https://api.github.com/repos/octo-org/hello-world/issues/${issue.number}`);
    expect(issue.html_url).toBe(`https://github.com/octo-org/hello-world/issues/${issue.number}`);

    const read = await octokit.rest.issues.get({ ...repo, issue_number: issue.number });
    expect(read.status).toBe(200);
    expectTypeOf(read.data).toEqualTypeOf<Issue>();
    expect(read.data).toStrictEqual(issue);

    const closed = await octokit.rest.issues.update({ ...repo, issue_number: issue.number, state: 'closed' });
    expect(closed.data).toMatchObject({ number: issue.number, title: issue.title, state: 'closed' });
    expect((await octokit.rest.issues.get({ ...repo, issue_number: issue.number })).data.state).toBe('closed');

    const listed = await octokit.rest.issues.listForRepo({ ...repo, state: 'all' });
    expect(listed.data.map((i) => [i.number, i.title, i.state])).toContainEqual([issue.number, issue.title, 'closed']);
    // Issues belong to their repository.
    expect((await octokit.rest.issues.listForRepo({ owner: 'octo-org', repo: 'another', state: 'all' })).data).toEqual([]);
  }, 60_000);

  it('creates a gist, reads it back, deletes it, and then it is not found', async () => {
    const created = await octokit.rest.gists.create({ description: 'release notes', public: false, files: { 'notes.md': { content: '# 1.0\n' } } });
    expect(created.status).toBe(201);
    const id = created.data.id!;
    expect(typeof id).toBe('string');
    expect(created.data).toMatchObject({ description: 'release notes', public: false });

    const read = await octokit.rest.gists.get({ gist_id: id });
    expect(read.data).toStrictEqual(created.data);
    expect(read.data.files!['notes.md']).toMatchObject({ content: '# 1.0\n' });

    expect((await octokit.rest.gists.delete({ gist_id: id })).status).toBe(204);
    // Octokit throws its RequestError for a 404, as it does against GitHub.
    await expect(octokit.rest.gists.get({ gist_id: id })).rejects.toMatchObject({ name: 'HttpError', status: 404 });
  }, 60_000);

  it('creates a repository in an organisation and reads, updates and lists it by its owner and name', async () => {
    const created = await octokit.rest.repos.createInOrg({ org: 'octo-org', name: 'widgets', description: 'Widgets, simulated', private: true });
    expect(created.status).toBe(201);
    // Its full name and address are made of its owner and name (docs/behaviour.md, `records.compoundKey`).
    expect(created.data).toMatchObject({ name: 'widgets', full_name: 'octo-org/widgets', html_url: 'https://github.com/octo-org/widgets', description: 'Widgets, simulated', private: true });
    const read = await octokit.rest.repos.get({ owner: 'octo-org', repo: 'widgets' });
    expect(read.data).toStrictEqual(created.data);
    const updated = await octokit.rest.repos.update({ owner: 'octo-org', repo: 'widgets', description: 'Widgets, renamed' });
    expect(updated.data).toMatchObject({ name: 'widgets', full_name: 'octo-org/widgets', description: 'Widgets, renamed', private: true });
    expect((await octokit.rest.repos.get({ owner: 'octo-org', repo: 'widgets' })).data.description).toBe('Widgets, renamed');
    const listed = await octokit.rest.repos.listForOrg({ org: 'octo-org' });
    expect(listed.data.map((r) => r.full_name)).toEqual(['octo-org/widgets']);
    await expect(octokit.rest.repos.get({ owner: 'octo-org', repo: 'gadgets' })).rejects.toMatchObject({ status: 404 });
    await expect(octokit.rest.repos.get({ owner: 'other-org', repo: 'widgets' })).rejects.toMatchObject({ status: 404 });
    expect((await octokit.rest.repos.delete({ owner: 'octo-org', repo: 'widgets' })).status).toBe(204);
    await expect(octokit.rest.repos.get({ owner: 'octo-org', repo: 'widgets' })).rejects.toMatchObject({ status: 404 });
  }, 60_000);

  it("reads a missing issue as a RequestError with the message GitHub's description gives its 404s", async () => {
    // The description's 404 examples agree on `Not Found` and each link to their own page: the
    // answer takes the message and leaves out the link, so Octokit's message is the text alone.
    const missing = octokit.rest.issues.get({ ...repo, issue_number: 987_654 });
    await expect(missing).rejects.toMatchObject({ name: 'HttpError', status: 404, message: 'Not Found', response: { data: { message: 'Not Found' } } });
  });

  it('recorded each of Octokit\'s changes as a step of the Simulation', async () => {
    const steps = (await harness.request('GET', `/v1/simulations/${github.id}/steps?limit=100`)).json<{ steps: Array<{ operation: string; status: number }> }>().steps;
    expect(steps.map((s) => [s.operation, s.status])).toEqual([
      ['issues/create', 201],
      ['issues/update', 200],
      ['gists/create', 201],
      ['gists/delete', 204],
      ['repos/create-in-org', 201],
      ['repos/update', 200],
      ['repos/delete', 204],
    ]);
  });

  it('opened no server and no connection, and never called the real fetch', () => {
    expect(listen).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    expect(realFetch).not.toHaveBeenCalled();
    // Files before this one in the same worker may still be closing sockets of their own: none is added here.
    expect(tcpHandles()).toBeLessThanOrEqual(tcpBefore);
  });
});
