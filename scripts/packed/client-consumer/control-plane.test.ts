/**
 * A downstream project that installed only @simplane/client: it drives a control plane the
 * packed `simplane serve --memory --port 0` runs (a devDependency), finding it by the address
 * and key the server leaves in its data directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SimplaneApiError, SimplaneClient, type BuildProgress, type Simulation } from '@simplane/client';
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest';

const notes = `openapi: 3.0.3
info: { title: Notes, version: '1.0' }
paths:
  /notes:
    get:
      operationId: listNotes
      responses: { '200': { description: Notes, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } } } }
    post:
      operationId: createNote
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
      responses: { '201': { description: Created, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } } }
components:
  schemas:
    Note: { type: object, required: [text], properties: { id: { type: string, readOnly: true }, text: { type: string } } }
`;

const dataDir = mkdtempSync(join(tmpdir(), 'simplane-client-consumer-'));
let server: ChildProcess;
let simplane: SimplaneClient;

beforeAll(async () => {
  // The command npm installed with the devDependency, run by node as its bin shim is.
  server = spawn(process.execPath, [join(process.cwd(), 'node_modules', '@simplane', 'cli', 'bin', 'simplane.js'), 'serve', '--memory', '--port', '0', '--data-dir', dataDir], { stdio: ['ignore', 'pipe', 'inherit'] });
  // The server says it listens only once it serves and has written its address.
  await new Promise<void>((resolve, reject) => {
    let seen = '';
    server.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      seen += chunk;
      if (seen.includes('listening on')) resolve();
    });
    server.once('exit', (code) => reject(new Error(`simplane serve exited ${code}: ${seen}`)));
  });
  const url = readFileSync(join(dataDir, 'url'), 'utf8').trim();
  simplane = new SimplaneClient({ url, apiKey: readFileSync(join(dataDir, 'api-key'), 'utf8').trim() });
});

afterAll(async () => {
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a project that installed @simplane/client', () => {
  it('builds its own document, waits until ready, runs and forks a Simulation', async () => {
    const progress: BuildProgress[] = [];
    const simulator = await simplane.simulators.build({ document: notes, fileName: 'notes.yaml', request: { references: ['notes:v1'] }, onProgress: (p) => progress.push(p) });
    expect(simulator.status).toBe('ready');
    expect(progress.at(-1)).toMatchObject({ stage: 'complete', done: 2, total: 2 });

    const simulation = await simplane.simulations.create({ simulator_id: 'notes:v1', seed: 'packed' });
    expectTypeOf(simulation.token).toEqualTypeOf<string>();
    const endpoint = new URL(simulation.endpoint, `${simplane.url}/`).href;
    const created = await fetch(`${endpoint}/notes`, { method: 'POST', headers: { 'simulation-token': simulation.token, 'content-type': 'application/json' }, body: '{"text":"hello"}' });
    expect(created.status).toBe(201);
    const steps = [];
    for await (const step of simplane.simulations.steps(simulation.id, { limit: 1 })) steps.push(step.label);
    expect(steps).toEqual(['POST /notes']);
    const fork = await simplane.simulations.fork(simulation.id, { at_step: 1 });
    expect(fork.parent_id).toBe(simulation.id);

    const listed: Simulation[] = [];
    for await (const item of simplane.simulations.list({ limit: 1 })) listed.push(item);
    expect(listed.map((s) => s.id).sort()).toEqual([simulation.id, fork.id].sort());
  });

  it('throws refusals as SimplaneApiError', async () => {
    const refused = await simplane.simulations.get('sim_01ARZ3NDEKTSV4RRFFQ69G5FAV').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(SimplaneApiError);
    expect(refused).toMatchObject({ status: 404, code: 'simulation_not_found', validation: null });
  });
});
