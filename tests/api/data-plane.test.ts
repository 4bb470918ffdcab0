import { afterEach, describe, expect, it } from 'vitest';
import { compileDocument, readArtifact } from '@simplane/engine';
import { generateConnectedDocument, ResponseChecker } from '@simplane/engine/testing';
import { expectProblem } from '../support/problem.js';
import { closeAll, PETSTORE_AUTH, simulationHarness } from '../support/simulations.js';

afterEach(closeAll);

const MiB = 1024 * 1024;

/** A document with an unbounded text field, so a large body is a valid request. */
const NOTES = `openapi: 3.0.3
info: {title: Notes, version: 1.0.0}
paths:
  /notes:
    post:
      operationId: createNote
      requestBody:
        required: true
        content:
          application/json:
            schema: {$ref: '#/components/schemas/NewNote'}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Note'}
  /notes/{noteId}:
    get:
      operationId: getNote
      parameters:
        - {name: noteId, in: path, required: true, schema: {type: string}}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: {$ref: '#/components/schemas/Note'}
components:
  schemas:
    NewNote:
      type: object
      required: [text]
      properties:
        text: {type: string}
    Note:
      type: object
      required: [id, text]
      properties:
        id: {type: string}
        text: {type: string}
`;

/** Patterns from published documents: one that makes a backtracking engine take exponential time, one with a lookahead. */
const PATTERNS = `openapi: 3.0.3
info: {title: Links, version: 1.0.0}
paths:
  /links:
    post:
      operationId: createLink
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [url, tag]
              properties:
                url: {type: string, pattern: '^(https?:\\/\\/)?([\\da-z\\.-]+)\\.([a-z\\.]{2,6})([\\/\\w \\.-]*)*\\/?$'}
                tag: {type: string, pattern: '^(?!aws:)[a-z:]+$'}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {type: object, properties: {id: {type: string}, url: {type: string}, tag: {type: string}}}
        '400':
          description: invalid
          content:
            application/json:
              schema: {type: object, required: [message], properties: {message: {type: string}}}
`;

/** One endpoint, many operations, told apart by a header: converted AWS documents write `/#X-Amz-Target=...`. */
const TARGETS = `openapi: 3.0.0
info: {title: Queues, version: 2012-11-05}
paths:
  /#X-Amz-Target=AmazonSQS.CreateQueue:
    post:
      operationId: CreateQueue
      parameters: [{name: X-Amz-Target, in: header, required: true, schema: {type: string, enum: [AmazonSQS.CreateQueue]}}]
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [QueueName], properties: {QueueName: {type: string}}}
      responses:
        '200':
          description: created
          content:
            application/json:
              schema: {type: object, required: [QueueUrl], properties: {QueueUrl: {type: string}}}
  /#X-Amz-Target=AmazonSQS.ListQueues:
    post:
      operationId: ListQueues
      parameters: [{name: X-Amz-Target, in: header, required: true, schema: {type: string, enum: [AmazonSQS.ListQueues]}}]
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, properties: {QueueNamePrefix: {type: string}}}
      responses:
        '200':
          description: listed
          content:
            application/json:
              schema: {type: object, required: [QueueUrls], properties: {QueueUrls: {type: array, items: {type: string}}}}
`;

/** API keys of the document's own: one in a header only this API uses, one in the query string. */
const PARTNER = `openapi: 3.0.3
info: {title: Partner, version: 1.0.0}
security: [{partnerKey: []}, {queryKey: []}]
paths:
  /orders:
    post:
      operationId: createOrder
      requestBody:
        required: true
        content:
          application/json:
            schema: {type: object, required: [sku], properties: {sku: {type: string}}}
      responses:
        '201':
          description: created
          content:
            application/json:
              schema: {type: object, required: [id, sku], properties: {id: {type: string}, sku: {type: string}}}
components:
  securitySchemes:
    partnerKey: {type: apiKey, in: header, name: X-Partner-Key}
    queryKey: {type: apiKey, in: query, name: api_key}
`;

describe('the data plane under /sim/{id}', () => {
  it("redacts the document's own API keys, in headers and in the query, from step detail", async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(PARTNER, { references: ['partner:v1'] });
    const sim = await h.createSimulation('partner:v1');
    const byHeader = await h.sim(sim, 'POST', '/orders?trace=on', { json: { sku: 'a' }, headers: { 'x-partner-key': 'header-secret-1' } });
    expect(byHeader.status, byHeader.text()).toBe(201);
    const byQuery = await h.sim(sim, 'POST', '/orders?api_key=query-secret-2&trace=on', { json: { sku: 'b' } });
    expect(byQuery.status, byQuery.text()).toBe(201);
    const first = (await h.request('GET', `/v1/simulations/${sim.id}/steps/1`)).json<{ request: { headers: Record<string, string>; query: string } }>();
    expect(first.request.headers['x-partner-key']).toBe('<redacted>');
    expect(first.request.query).toBe('trace=on');
    const second = (await h.request('GET', `/v1/simulations/${sim.id}/steps/2`)).json<{ request: { query: string } }>();
    expect(second.request.query).toBe('api_key=<redacted>&trace=on');
    const all = JSON.stringify([first, second]);
    expect(all).not.toContain('header-secret-1');
    expect(all).not.toContain('query-secret-2');
  });

  it('answers the simulated API and records a step for each state change, none for reads', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1', { seed: 'steps' });
    const created = await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: { ...PETSTORE_AUTH, authorization: 'Bearer upstream-secret' } });
    expect(created.status, created.text()).toBe(201);
    expect(created.headers['content-type']).toMatch(/json/);
    const pet = created.json<{ id: string; name: string }>();
    expect(pet.name).toBe('Rex');
    const read = await h.sim(sim, 'GET', `/pets/${pet.id}`, { headers: PETSTORE_AUTH });
    expect(read.status).toBe(200);
    expect(read.json()).toMatchObject({ id: pet.id, name: 'Rex' });
    expect(read.headers['request-id']).toBeDefined();
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<Record<string, unknown>>; next_cursor: string | null }>();
    expect(steps.next_cursor).toBeNull();
    expect(steps.steps).toHaveLength(1);
    expect(steps.steps[0]).toMatchObject({ step: 1, kind: 'api', label: 'POST /pets', status: 201, advance_id: null, via: 'http', time_before: '2024-01-01T00:00:00.000Z', time_after: '2024-01-01T00:00:00.000Z' });
    expect(Object.keys(steps.steps[0]!).sort()).toEqual(['advance_id', 'created_at', 'kind', 'label', 'operation', 'status', 'step', 'time_after', 'time_before', 'via']);
    const detail = (await h.request('GET', `/v1/simulations/${sim.id}/steps/1`)).json<{ request: { headers: Record<string, string>; body: string }; response: { status: number } }>();
    expect(detail.request.headers.authorization).toBe('<redacted>');
    expect(detail.request.headers['x-api-key']).toBe('<redacted>');
    expect(detail.request.headers['simulation-token']).toBeUndefined();
    expect(JSON.stringify(detail)).not.toContain('upstream-secret');
    expect(JSON.stringify(detail)).not.toContain(sim.token);
    expect(JSON.parse(detail.request.body)).toEqual({ name: 'Rex' });
    expect(detail.response.status).toBe(201);
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/2`), 404, 'not_found');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps/zero`), 404, 'not_found');
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 1 });
  });

  it("answers refusals the document declares nowhere (405, 415) in its other errors' format", async () => {
    // The pet store declares its 400s and 404s as {code, message}, and no 405 or 415.
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const wrongMethod = await h.sim(sim, 'PUT', '/pets', { json: { name: 'Rex' }, headers: PETSTORE_AUTH });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.allow).toBe('GET, POST');
    expect(wrongMethod.json()).toEqual({ code: 405, message: expect.stringContaining('PUT') });
    const wrongType = await h.sim(sim, 'POST', '/pets', { body: 'name=Rex', headers: { ...PETSTORE_AUTH, 'content-type': 'text/plain' } });
    expect(wrongType.status).toBe(415);
    expect(wrongType.headers['content-type']).toBe('application/json');
    expect(wrongType.json()).toEqual({ code: 415, message: expect.stringContaining('text/plain') });
  });

  it('refuses a body nested deeper than 512 levels in the document\'s format, and goes on', async () => {
    // The pet store's objects take any extra property: only the nesting can refuse this one.
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const deep = `{"name":"Rex","color":${'{"a":'.repeat(300_000)}1${'}'.repeat(300_000)}}`;
    const refused = await h.sim(sim, 'POST', '/pets', { body: deep, headers: { ...PETSTORE_AUTH, 'content-type': 'application/json' } });
    expect(refused.status).toBe(400);
    expect(refused.json()).toEqual({ code: 400, message: 'the request body nests deeper than 512 levels' });
    const fine = await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex', color: JSON.parse(`${'['.repeat(500)}${']'.repeat(500)}`) as unknown }, headers: PETSTORE_AUTH });
    expect(fine.status).toBe(201);
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 1 });
  });

  it('checks patterns in time linear in the value, and builds with a warning for those it cannot check', async () => {
    const { h } = await simulationHarness();
    const simulator = await h.buildSimulator(PATTERNS);
    expect(simulator.build?.warnings.map((w) => [w.code, w.location])).toEqual([
      ['pattern_not_enforced', expect.stringContaining('tag.pattern') as unknown],
    ]);
    const sim = await h.createSimulation(simulator.id);
    const ok = await h.sim(sim, 'POST', '/links', { json: { url: 'https://example.com/a/b', tag: 'docs:x' } });
    expect(ok.status).toBe(201);
    // A backtracking engine needs longer than any test timeout for this value; RE2 answers at once.
    const hostile = await h.sim(sim, 'POST', '/links', { json: { url: `http://example.com/${'a'.repeat(50_000)}!`, tag: 'docs' } });
    expect(hostile.status).toBe(400);
    expect(hostile.json<{ message: string }>().message).toContain('url');
    // The lookahead is not evaluated: a value it forbids passes, as the warning said.
    expect((await h.sim(sim, 'POST', '/links', { json: { url: 'example.com', tag: 'aws:x' } })).status).toBe(201);
  });

  it('routes operations that share a path by the #name=value fragment of their templates, before a read-only check', async () => {
    const { h } = await simulationHarness();
    const simulator = await h.buildSimulator(TARGETS);
    const sim = await h.createSimulation(simulator.id);
    const call = (target: string | null, body: unknown, headers: Record<string, string> = {}) =>
      h.sim(sim, 'POST', '/', { json: body, headers: { ...headers, ...(target === null ? {} : { 'x-amz-target': `AmazonSQS.${target}` }) } });
    const created = await call('CreateQueue', { QueueName: 'jobs' });
    expect(created.status).toBe(200);
    expect(Object.keys(created.json<object>())).toEqual(['QueueUrl']);
    const listed = await call('ListQueues', {});
    expect(listed.status).toBe(200);
    expect(Object.keys(listed.json<object>())).toEqual(['QueueUrls']);
    expect((await call('DeleteQueue', {})).status).toBe(404);
    expect((await call(null, {})).status).toBe(404);
    // The read-only check finds the operation the header names.
    const refused = await call('CreateQueue', { QueueName: 'jobs' }, { 'service-read-only': 'true' });
    expectProblem(refused, 403, 'simulation_read_only');
  });

  it('simulates a document whose schemas form one large connected graph, answering bodies that fit it', async () => {
    // Checking a component used to compile every component it reaches, recursively: here that
    // overflowed the stack and left the validators broken, so the create answered 500.
    const spec = generateConnectedDocument({ components: 800, resources: 12 });
    const { h } = await simulationHarness();
    const simulator = await h.buildSimulator(spec);
    const compiled = await compileDocument({ spec: Buffer.from(spec), specKind: null, filter: [], overlays: [] });
    if (!compiled.ok) throw new Error(compiled.detail);
    const checker = new ResponseChecker(readArtifact(compiled.artifact));
    const sim = await h.createSimulation(simulator.id, { sample_records: 2 });
    for (const r of [0, 5, 11]) {
      const listed = await h.sim(sim, 'GET', `/things${r}`);
      expect(listed.status).toBe(200);
      const data = listed.json<{ data: Array<{ id: string; object: string }> }>().data;
      expect(data.map((thing) => thing.object)).toEqual([`object_${r}`, `object_${r}`]);
      expect(checker.problem({ status: 200, headers: listed.headers, text: listed.text(), json: listed.json(), operation: `list${r}` })).toBeNull();
      const read = await h.sim(sim, 'GET', `/things${r}/${data[1]!.id}`);
      expect(read.json()).toEqual(data[1]);
      const created = await h.sim(sim, 'POST', `/things${r}`, { json: { description: 'new' } });
      expect(created.status).toBe(200);
      expect(checker.problem({ status: 200, headers: created.headers, text: created.text(), json: created.json(), operation: `create${r}` })).toBeNull();
    }
  });

  it('pages steps in ascending order', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    for (let i = 0; i < 5; i += 1) await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH });
    const first = (await h.request('GET', `/v1/simulations/${sim.id}/steps?limit=2`)).json<{ steps: Array<{ step: number }>; next_cursor: string }>();
    expect(first.steps.map((s) => s.step)).toEqual([1, 2]);
    const rest = (await h.request('GET', `/v1/simulations/${sim.id}/steps?limit=10&cursor=${first.next_cursor}`)).json<{ steps: Array<{ step: number }>; next_cursor: null }>();
    expect(rest.steps.map((s) => s.step)).toEqual([3, 4, 5]);
    expect(rest.next_cursor).toBeNull();
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps?cursor=bad`), 400, 'bad_request');
  });

  it('starts a step list at a recorded at_step, and refuses any other with 422', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    type StepPage = { steps: Array<{ step: number }>; next_cursor: string | null };
    const steps = async (query: string) => (await h.request('GET', `/v1/simulations/${sim.id}/steps?${query}`)).json<StepPage>();
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps?at_step=1`), 422, 'validation');
    for (let i = 0; i < 5; i += 1) await h.sim(sim, 'POST', '/pets', { json: { name: `p${i}` }, headers: PETSTORE_AUTH });
    const first = await steps('at_step=2&limit=2');
    expect(first.steps.map((s) => s.step)).toEqual([2, 3]);
    // The cursor continues from where the page ended, with at_step kept in the query or not.
    expect((await steps(`at_step=2&limit=2&cursor=${first.next_cursor}`)).steps.map((s) => s.step)).toEqual([4, 5]);
    expect((await steps('at_step=5')).steps.map((s) => s.step)).toEqual([5]);
    for (const bad of ['0', '6', '-1', 'two', '2.5', '']) expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps?at_step=${bad}`), 422, 'validation');
    expectProblem(await h.request('GET', `/v1/simulations/${sim.id}/steps?at_step=2&at_step=3`), 422, 'validation');
    // A fork's list starts after its fork point: the parent's steps are not its own.
    const fork = (await h.request('POST', `/v1/simulations/${sim.id}/fork`, { json: { at_step: 3 } })).json<{ id: string }>();
    expectProblem(await h.request('GET', `/v1/simulations/${fork.id}/steps?at_step=3`), 422, 'validation');
  });

  it('keeps bodies in step detail cut at 64 KiB', async () => {
    const { h } = await simulationHarness();
    await h.buildSimulator(NOTES, { references: ['notes:v1'] });
    const sim = await h.createSimulation('notes:v1');
    const created = await h.sim(sim, 'POST', '/notes', { json: { text: 'x'.repeat(70_000) } });
    expect(created.status, created.text().slice(0, 300)).toBe(201);
    const detail = (await h.request('GET', `/v1/simulations/${sim.id}/steps/1`)).json<{ request: { body: string; body_truncated: boolean; body_bytes: number } }>();
    expect(detail.request.body_truncated).toBe(true);
    expect(Buffer.byteLength(detail.request.body)).toBe(64 * 1024);
    expect(detail.request.body_bytes).toBeGreaterThan(70_000);
  });

  it('authenticates with Simulation-Token', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    expectProblem(await h.sim(sim, 'GET', '/pets', { token: null, headers: PETSTORE_AUTH }), 401, 'auth_invalid');
    expectProblem(await h.sim(sim, 'GET', '/pets', { token: 'sit_wrong', headers: PETSTORE_AUTH }), 401, 'auth_invalid');
    const other = await h.createSimulation('pets:v1');
    expectProblem(await h.sim({ id: sim.id, token: other.token }, 'GET', '/pets', { headers: PETSTORE_AUTH }), 401, 'auth_invalid');
    // An API key is not a Simulation token.
    expectProblem(await h.request('GET', `/sim/${sim.id}/pets`, { headers: PETSTORE_AUTH }), 401, 'auth_invalid');
  });

  it('lets a web page call a Simulation across origins: preflights answered, CORS headers when an Origin is sent', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const origin = 'http://app.test:5173';
    // A preflight carries no token: the platform answers it, for any Simulation path.
    const preflight = await h.request('OPTIONS', `/sim/${sim.id}/pets`, {
      apiKey: null,
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'simulation-token, content-type, x-api-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers).toMatchObject({
      'access-control-allow-origin': origin,
      'access-control-allow-credentials': 'true',
      'access-control-allow-methods': 'POST',
      'access-control-allow-headers': 'simulation-token, content-type, x-api-key',
      'access-control-max-age': '600',
      vary: 'origin, access-control-request-method, access-control-request-headers',
    });
    expect(preflight.body.byteLength).toBe(0);
    expect((await h.request('OPTIONS', '/sim/sim_01J00000000000000000000000/pets', { apiKey: null, headers: { origin, 'access-control-request-method': 'GET' } })).status).toBe(204);
    // The answers themselves, the simulated API's and the platform's refusals alike.
    const created = await h.sim(sim, 'POST', '/pets', { json: { name: 'Rex' }, headers: { ...PETSTORE_AUTH, origin } });
    expect(created.status).toBe(201);
    expect(created.headers).toMatchObject({ 'access-control-allow-origin': origin, 'access-control-allow-credentials': 'true', vary: 'origin' });
    expect(created.headers['access-control-expose-headers']!.split(', ')).toEqual(expect.arrayContaining(['content-type', 'request-id']));
    const refused = await h.sim(sim, 'GET', '/pets', { token: null, headers: { ...PETSTORE_AUTH, origin } });
    expect(refused.status).toBe(401);
    expect(refused.headers['access-control-allow-origin']).toBe(origin);
    // An OPTIONS that is not a preflight is the simulated API's; no Origin, no CORS headers.
    const options = await h.sim(sim, 'OPTIONS', '/pets', { headers: { ...PETSTORE_AUTH, origin } });
    expect(options.status).toBe(405);
    expect(options.headers['access-control-allow-origin']).toBe(origin);
    const plain = await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
    expect(Object.keys(plain.headers).filter((name) => name.startsWith('access-control-') || name === 'vary')).toEqual([]);
    // The control plane answers no cross-origin requests.
    const control = await h.request('GET', `/v1/simulations/${sim.id}`, { headers: { origin } });
    expect(control.status).toBe(200);
    expect(control.headers['access-control-allow-origin']).toBeUndefined();
    expect((await h.request('OPTIONS', '/v1/simulations', { apiKey: null, headers: { origin, 'access-control-request-method': 'POST' } })).headers['access-control-allow-origin']).toBeUndefined();
  });

  it('answers simulation_not_found for unknown Simulations and anything under _sim', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    expectProblem(await h.sim({ id: 'sim_01J00000000000000000000000', token: sim.token }, 'GET', '/pets'), 404, 'simulation_not_found');
    expectProblem(await h.sim({ id: 'garbage', token: sim.token }, 'GET', '/pets'), 404, 'simulation_not_found');
    expectProblem(await h.sim(sim, 'GET', '/_sim'), 404, 'simulation_not_found');
    expectProblem(await h.sim(sim, 'GET', '/_sim/health'), 404, 'simulation_not_found');
    expectProblem(await h.sim(sim, 'POST', '/_sim/anything', { json: {} }), 404, 'simulation_not_found');
    // Percent-encoding does not get round the reservation.
    expectProblem(await h.sim(sim, 'GET', '/%5Fsim/health'), 404, 'simulation_not_found');
    expectProblem(await h.sim(sim, 'GET', '/_%73im'), 404, 'simulation_not_found');
    expectProblem(await h.request('GET', '/sim/', { apiKey: null }), 404, 'simulation_not_found');
  });

  it('checks Service-Read-Only and refuses writes on read-only requests and tokens', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    for (const bad of ['TRUE', 'yes', 'true, false', '', ' 1']) {
      expectProblem(await h.sim(sim, 'GET', '/pets', { headers: { ...PETSTORE_AUTH, 'service-read-only': bad } }), 400, 'invalid_read_only_header');
    }
    expect((await h.sim(sim, 'GET', '/pets', { headers: { ...PETSTORE_AUTH, 'service-read-only': 'true' } })).status).toBe(200);
    expect((await h.sim(sim, 'POST', '/pets', { json: { name: 'ok' }, headers: { ...PETSTORE_AUTH, 'service-read-only': 'false' } })).status).toBe(201);
    expectProblem(await h.sim(sim, 'POST', '/pets', { json: { name: 'no' }, headers: { ...PETSTORE_AUTH, 'service-read-only': 'true' } }), 403, 'simulation_read_only');
    const issued = (await h.request('POST', `/v1/simulations/${sim.id}/tokens`, { json: { ttl_seconds: 600, read_only: true } })).json<{ token: string }>();
    const reader = { id: sim.id, token: issued.token };
    expect((await h.sim(reader, 'GET', '/pets', { headers: PETSTORE_AUTH })).status).toBe(200);
    expectProblem(await h.sim(reader, 'POST', '/pets', { json: { name: 'no' }, headers: PETSTORE_AUTH }), 403, 'simulation_read_only');
    expectProblem(await h.sim(reader, 'POST', '/pets', { json: { name: 'no' }, headers: { ...PETSTORE_AUTH, 'service-read-only': 'false' } }), 403, 'simulation_read_only');
    // Nothing ran: only the one allowed write is a step.
    expect((await h.request('GET', `/v1/simulations/${sim.id}`)).json()).toMatchObject({ step: 1 });
  });

  it('enforces the body limits by media type', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const big = (bytes: number) => new Uint8Array(bytes);
    expectProblem(await h.sim(sim, 'POST', '/pets', { body: big(10 * MiB + 1), headers: { ...PETSTORE_AUTH, 'content-type': 'application/json' } }), 413, 'payload_too_large');
    expectProblem(await h.sim(sim, 'POST', '/pets', { body: big(10), headers: { ...PETSTORE_AUTH, 'content-type': 'application/json', 'content-length': String(10 * MiB + 1) } }), 413, 'payload_too_large');
    expectProblem(await h.sim(sim, 'POST', '/pets', { body: big(1), headers: { ...PETSTORE_AUTH, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(201 * MiB + 1) } }), 413, 'payload_too_large');
    expectProblem(await h.sim(sim, 'POST', '/pets', { body: big(1), headers: { ...PETSTORE_AUTH, 'content-type': 'text/xml', 'content-length': String(268 * MiB + 1) } }), 413, 'payload_too_large');
    // Within the multipart and XML caps, a body past the ordinary cap is read.
    const multipart = await h.sim(sim, 'POST', '/pets', { body: big(10 * MiB + 1), headers: { ...PETSTORE_AUTH, 'content-type': 'multipart/form-data; boundary=x' } });
    expect(multipart.status).not.toBe(413);
    const broken = (async function* () {
      yield new Uint8Array(4);
      throw new Error('client went away');
    })();
    expectProblem(await h.sim(sim, 'POST', '/pets', { body: broken, headers: { ...PETSTORE_AUTH, 'content-type': 'application/json' } }), 400, 'bad_request');
  });

  it('runs one Simulation\'s requests one at a time, so concurrent writes get consecutive steps', async () => {
    const { h } = await simulationHarness();
    const sim = await h.createSimulation('pets:v1');
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => h.sim(sim, 'POST', '/pets', { json: { name: `n${i}` }, headers: PETSTORE_AUTH })));
    expect(replies.every((r) => r.status === 201)).toBe(true);
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ step: number }> }>();
    expect(steps.steps.map((s) => s.step)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('runs requests in arrival order even while an earlier one\'s body is still arriving, and a failed body fails only its own', async () => {
    const { h } = await simulationHarness({ config: { log_level: 'silent' } });
    const sim = await h.createSimulation('pets:v1', { sample_records: 0 });
    const headers = { 'simulation-token': sim.token, ...PETSTORE_AUTH, 'content-type': 'application/json' };
    /** A body that arrives in two pieces, the second after the event loop has turned. */
    async function* slowly(text: string): AsyncIterable<Uint8Array> {
      yield Buffer.from(text.slice(0, 5));
      await new Promise((resolve) => setTimeout(resolve, 20));
      yield Buffer.from(text.slice(5));
    }
    async function* tooLong(): AsyncIterable<Uint8Array> {
      for (let i = 0; i < 11; i += 1) yield Buffer.alloc(1024 * 1024, 0x20);
    }
    const first = h.plane.handle({ method: 'POST', url: `/sim/${sim.id}/pets`, headers, body: slowly('{"name":"first"}') });
    const refused = h.plane.handle({ method: 'POST', url: `/sim/${sim.id}/pets`, headers, body: tooLong() });
    const read = h.plane.handle({ method: 'GET', url: `/sim/${sim.id}/pets`, headers, body: null });
    const second = h.plane.handle({ method: 'POST', url: `/sim/${sim.id}/pets`, headers, body: Buffer.from('{"name":"second"}') });
    expect((await first).status).toBe(201);
    expect((await refused).status).toBe(413);
    const listed = JSON.parse(Buffer.from((await read).body as Uint8Array).toString('utf8')) as Array<{ name: string }>;
    expect(listed.map((pet) => pet.name)).toEqual(['first']);
    expect((await second).status).toBe(201);
    const steps = (await h.request('GET', `/v1/simulations/${sim.id}/steps`)).json<{ steps: Array<{ step: number }> }>();
    expect(steps.steps.map((s) => s.step)).toEqual([1, 2]);
  });

  it('gives byte-identical answers to two Simulations with one seed and the same 200 requests', async () => {
    const { h } = await simulationHarness();
    const a = await h.createSimulation('pets:v1', { seed: 'same-seed' });
    const b = await h.createSimulation('pets:v1', { seed: 'same-seed' });
    const run = async (sim: { id: string; token: string }) => {
      const bodies: Buffer[] = [];
      let lastId = '';
      for (let i = 0; i < 200; i += 1) {
        const kind = i % 4;
        const reply =
          kind === 0
            ? await h.sim(sim, 'POST', '/pets', { json: { name: `pet-${i}` }, headers: PETSTORE_AUTH })
            : kind === 1
              ? await h.sim(sim, 'GET', `/pets/${lastId}`, { headers: PETSTORE_AUTH })
              : kind === 2
                ? await h.sim(sim, 'PATCH', `/pets/${lastId}`, { json: { name: `renamed-${i}` }, headers: PETSTORE_AUTH })
                : await h.sim(sim, 'GET', '/pets', { headers: PETSTORE_AUTH });
        if (kind === 0) lastId = reply.json<{ id: string }>().id;
        bodies.push(Buffer.concat([Buffer.from(`${reply.status} ${reply.headers['content-type'] ?? ''}\n`), reply.body]));
      }
      return Buffer.concat(bodies);
    };
    const first = await run(a);
    const second = await run(b);
    expect(first.equals(second)).toBe(true);
    expect(first.length).toBeGreaterThan(1000);
    const c = await h.createSimulation('pets:v1', { seed: 'other-seed' });
    expect((await run(c)).equals(first)).toBe(false);
  });
});
