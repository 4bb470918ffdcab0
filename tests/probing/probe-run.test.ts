/**
 * A build's probing against a real HTTP server on loopback (the "real system"): what the probe
 * plan asks through adapter-undici, within its budget, and what the Simulator learns from it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InlineBuildProvider, learnFrom, readArtifact, runProbes, WorkerBuildProvider, type Artifact } from '@simplane/engine';
import { UndiciRealSystemClient } from '@simplane/adapter-undici';
import { scrubJson, type BuildProgress, type RealSystemConnection } from '@simplane/core';

const SECRET = 'sk_test_probe_0123456789';

const document = {
  openapi: '3.0.3',
  info: { title: 'Helpdesk', version: '1' },
  paths: {
    '/tickets': {
      get: {
        operationId: 'listTickets',
        parameters: [{ name: 'cursor', in: 'query', schema: { type: 'string' } }, { name: 'limit', in: 'query', schema: { type: 'integer' } }],
        responses: { '200': { description: 'A page.', content: { 'application/json': { schema: { type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Ticket' } }, next_cursor: { type: 'string', nullable: true } } } } } } },
      },
      post: {
        operationId: 'createTicket',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Ticket' } } } },
        responses: { '201': { description: 'Made.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ticket' } } } } },
      },
    },
    '/tickets/{ticketId}': {
      parameters: [{ name: 'ticketId', in: 'path', required: true, schema: { type: 'string' } }],
      get: { operationId: 'getTicket', responses: { '200': { description: 'A ticket.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Ticket' } } } } } },
      delete: { operationId: 'deleteTicket', responses: { '204': { description: 'Gone.' } } },
    },
  },
  components: {
    schemas: {
      Ticket: { type: 'object', required: ['id', 'title'], properties: { id: { type: 'string', readOnly: true }, title: { type: 'string' }, status: { type: 'string', enum: ['open', 'closed'] } } },
    },
  },
};

const TICKETS = [
  { id: 'TCK-4f9a21', title: 'Printer on fire', status: 'open' },
  { id: 'TCK-77b0c3', title: 'VPN down', status: 'closed' },
  { id: 'TCK-1c2d3e', title: 'Mouse missing', status: 'open' },
];

/** What the real system was asked: method, URL and whether the credential came with it. */
const seen: Array<{ method: string; url: string; keyed: boolean }> = [];
let busyOnce = true;
let system: Server;
let port: number;

beforeAll(async () => {
  system = createServer((request, response) => {
    seen.push({ method: request.method ?? '', url: request.url ?? '', keyed: request.headers['x-api-key'] === SECRET });
    const url = new URL(request.url ?? '/', 'http://system');
    response.setHeader('content-type', 'application/json');
    if (request.method !== 'GET') return void response.writeHead(500).end(JSON.stringify({ error: 'a probe wrote' }));
    if (url.pathname === '/tickets') return void response.end(JSON.stringify({ data: TICKETS.slice(0, 2), next_cursor: 'page-2' }));
    const id = decodeURIComponent(url.pathname.split('/')[2] ?? '');
    if (id === 'TCK-77b0c3' && busyOnce) {
      busyOnce = false;
      return void response.writeHead(429, { 'retry-after': '1' }).end(JSON.stringify({ error: 'slow down' }));
    }
    const ticket = TICKETS.find((t) => t.id === id);
    if (ticket === undefined) return void response.writeHead(404).end(JSON.stringify({ error: 'not found' }));
    // The real system echoes the credential back where it should not.
    response.end(JSON.stringify({ ...ticket, title: `${ticket.title} (asked with ${SECRET})` }));
  });
  await new Promise<void>((resolve) => system.listen(0, '127.0.0.1', resolve));
  port = (system.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => system.close(resolve));
});

async function built(): Promise<Artifact> {
  const outcome = await new InlineBuildProvider().build({
    spec: new TextEncoder().encode(JSON.stringify(document)),
    specKind: null,
    filter: [],
    overlays: [],
    instructions: null,
    deadline: new Date(Date.now() + 60_000),
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  if (!outcome.ok) throw new Error(outcome.detail);
  return readArtifact(outcome.artifact);
}

async function connection(): Promise<RealSystemConnection> {
  const opened = await new UndiciRealSystemClient().open(`http://127.0.0.1:${port}`, { policy: { allowLoopback: true, allowPrivate: false }, timeoutMs: 5000, maxBodyBytes: 1024 * 1024 });
  if ('refused' in opened) throw new Error(opened.refused);
  return opened;
}

describe("a build's probing of the real system", () => {
  it('asks the first page of the list, then reads of the ids it answered, with the credential, and writes nothing', async () => {
    const artifact = await built();
    const open = await connection();
    const progress: number[] = [];
    const { answers, findings, sent } = await runProbes(artifact, open, { budget: 50, concurrency: 4, headers: { 'x-api-key': SECRET }, deadline: new Date(Date.now() + 30_000), onProgress: (done) => progress.push(done) });
    await open.close();
    // The 429 was asked again after its Retry-After, within the budget.
    // Last, one id that does not exist, for the system's own not-found error.
    expect(seen.map((request) => `${request.method} ${request.url}`).sort()).toEqual(['GET /tickets', 'GET /tickets/TCK-4f9a21', 'GET /tickets/TCK-77b0c3', 'GET /tickets/TCK-77b0c3', 'GET /tickets/simplane-probe-missing-0']);
    expect(seen.every((request) => request.method === 'GET' && request.keyed)).toBe(true);
    expect(sent).toBe(5);
    // Told after each request, with the count sent so far: never falling, five in all.
    expect(progress).toHaveLength(5);
    expect(progress.at(-1)).toBe(5);
    expect([...progress].sort((a, b) => a - b)).toEqual(progress);
    expect(findings).toEqual([]);
    expect(answers.map((answer) => [answer.probe.path, answer.status]).sort()).toEqual([['/tickets', 200], ['/tickets/TCK-4f9a21', 200], ['/tickets/TCK-77b0c3', 200], ['/tickets/simplane-probe-missing-0', 404]]);

    // What is kept of the answers never holds the credential the system echoed.
    expect(JSON.stringify(answers)).toContain(SECRET);
    const { artifact: learned } = learnFrom(artifact, answers.map((answer) => ({ ...answer, body: scrubJson(answer.body, SECRET) })));
    expect(JSON.stringify(learned)).not.toContain(SECRET);
    const tickets = learned.resources.find((resource) => resource.name === 'tickets')!;
    expect(tickets.records?.learned?.records.map((record) => record['id'])).toEqual(['TCK-4f9a21', 'TCK-77b0c3']);
    expect(tickets.records?.idForm).toMatchObject({ kind: 'prefixed', prefix: 'TCK-', from: 'system' });
    expect(learned.errorFormats['404']).toMatchObject({ example: { value: { error: 'not found' } } });
  }, 30_000);

  it('sends no more than its budget', async () => {
    seen.length = 0;
    const artifact = await built();
    const open = await connection();
    const { sent } = await runProbes(artifact, open, { budget: 2, concurrency: 4, headers: { 'x-api-key': SECRET }, deadline: new Date(Date.now() + 30_000) });
    await open.close();
    expect(sent).toBe(2);
    expect(seen).toHaveLength(2);
  });

  it('runs on the main thread after a worker compiled the document, reporting its requests as the probing stage, then storing', async () => {
    seen.length = 0;
    const provider = new WorkerBuildProvider({ workers: 1 });
    const open = await connection();
    const progress: BuildProgress[] = [];
    try {
      const outcome = await provider.build({
        spec: new TextEncoder().encode(JSON.stringify(document)),
        specKind: null,
        filter: [],
        overlays: [],
        instructions: null,
        deadline: new Date(Date.now() + 60_000),
        signal: new AbortController().signal,
        onProgress: (p) => progress.push(p),
        probe: { connection: open, headers: { 'x-api-key': SECRET }, secret: SECRET, budget: 50 },
      });
      if (!outcome.ok) throw new Error(outcome.detail);
      expect(seen.length).toBeGreaterThan(0);
      expect(Buffer.from(outcome.artifact).toString('utf8')).not.toContain(SECRET);
      expect(outcome.lessons).toBeDefined();
      const tickets = readArtifact(outcome.artifact).resources.find((resource) => resource.name === 'tickets')!;
      expect(tickets.records?.learned?.records.map((record) => record['id'])).toEqual(['TCK-4f9a21', 'TCK-77b0c3']);
    } finally {
      await open.close();
      await provider.close();
    }
    const stages = progress.map((p) => p.stage).filter((stage, i, all) => all[i - 1] !== stage);
    expect(stages.slice(-4)).toEqual(['compiling', 'probing', 'storing', 'complete']);
    const probing = progress.filter((p) => p.stage === 'probing');
    expect(probing.at(-1)).toMatchObject({ operationsDone: seen.length });
    expect(probing.every((p) => p.operationsDone <= p.operationsTotal)).toBe(true);
  }, 60_000);
});
