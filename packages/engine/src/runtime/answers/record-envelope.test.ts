import { describe, expect, it } from 'vitest';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

const json = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', content: { 'application/json': { schema } } } });
const body = (schema: unknown) => ({ required: true, content: { 'application/json': { schema } } });
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });

/** DigitalOcean's manner: the list answers bare droplets in `droplets`, every single answer wraps one in `droplet`. */
const droplets = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Droplets', version: '2' },
  components: {
    schemas: {
      droplet: {
        type: 'object',
        required: ['id', 'name', 'status'],
        properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string', enum: ['new', 'active', 'off', 'archive'] }, created_at: { type: 'string', format: 'date-time' } },
      },
      links: { type: 'object', properties: { actions: { type: 'array', items: { type: 'object', properties: { id: { type: 'integer' } } } } } },
    },
  },
  paths: {
    '/v2/droplets': {
      get: { operationId: 'droplets_list', responses: json({ type: 'object', required: ['droplets'], properties: { droplets: { type: 'array', items: { $ref: '#/components/schemas/droplet' } }, meta: { type: 'object', properties: { total: { type: 'integer' } } } } }) },
      post: {
        operationId: 'droplets_create',
        requestBody: body({ type: 'object', required: ['name'], properties: { name: { type: 'string' }, region: { type: 'string' } } }),
        // One droplet or several, as DigitalOcean's create answers.
        responses: json(
          {
            oneOf: [
              { type: 'object', required: ['droplet', 'links'], properties: { droplet: { $ref: '#/components/schemas/droplet' }, links: { $ref: '#/components/schemas/links' } } },
              { type: 'object', required: ['droplets', 'links'], properties: { droplets: { type: 'array', items: { $ref: '#/components/schemas/droplet' } }, links: { $ref: '#/components/schemas/links' } } },
            ],
          },
          '202',
        ),
      },
    },
    '/v2/droplets/{droplet_id}': {
      get: { operationId: 'droplets_get', parameters: [param('droplet_id')], responses: json({ type: 'object', required: ['droplet'], properties: { droplet: { $ref: '#/components/schemas/droplet' } } }) },
      delete: { operationId: 'droplets_destroy', parameters: [param('droplet_id')], responses: { '204': { description: 'gone' } } },
    },
  },
});

/** Asana's manner: `{"data": ...}` around everything, requests included. */
const task = { type: 'object', properties: { gid: { type: 'string' }, name: { type: 'string' }, completed: { type: 'boolean' } } };
const tasks = JSON.stringify({
  openapi: '3.0.3',
  info: { title: 'Tasks', version: '1' },
  components: { schemas: { Task: task } },
  paths: {
    '/tasks': {
      get: { operationId: 'getTasks', responses: json({ type: 'object', properties: { data: { type: 'array', items: { $ref: '#/components/schemas/Task' } } } }) },
      post: { operationId: 'createTask', requestBody: body({ type: 'object', properties: { data: { $ref: '#/components/schemas/Task' } } }), responses: json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Task' } } }, '201') },
    },
    '/tasks/{task_gid}': {
      get: { operationId: 'getTask', parameters: [param('task_gid')], responses: json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Task' } } }) },
      put: { operationId: 'updateTask', parameters: [param('task_gid')], requestBody: body({ type: 'object', properties: { data: { $ref: '#/components/schemas/Task' } } }), responses: json({ type: 'object', properties: { data: { $ref: '#/components/schemas/Task' } } }) },
    },
  },
});

async function open(document: string) {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 1 });
  const checker = new ResponseChecker(artifact);
  const send = (c: SimCall) => {
    const answer = client.call({ ...c, headers: { 'content-type': 'application/json', ...c.headers } });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { artifact, send };
}

describe('records a single answer wraps', () => {
  it('keep the record the list answers bare, and wrap it in every single answer', async () => {
    const { artifact, send } = await open(droplets);
    expect(artifact.resources.find((r) => r.name === 'droplets')).toMatchObject({ recordField: 'droplet', itemSchema: { $ref: '#/schemas/droplet' } });
    const created = send({ method: 'POST', path: '/v2/droplets', body: JSON.stringify({ name: 'web-1', region: 'ams3' }) });
    expect(created.status).toBe(202);
    const droplet = (created.json as { droplet: { id: number; name: string; status: string } }).droplet;
    // A new droplet is ready at once (`active`, not `new`): nothing moves a Simulation's records on their own.
    expect(droplet).toMatchObject({ name: 'web-1', status: 'active' });
    expect(send({ method: 'GET', path: `/v2/droplets/${droplet.id}` }).json).toEqual({ droplet: { ...droplet } });
    const listed = (send({ method: 'GET', path: '/v2/droplets' }).json as { droplets: Array<{ id: number; name: string }> }).droplets;
    expect(listed).toContainEqual(droplet);
    // The sample record is a droplet too, not a wrapper stored as one.
    expect(listed.every((d) => typeof d.id === 'number' && typeof d.name === 'string')).toBe(true);
    expect(send({ method: 'DELETE', path: `/v2/droplets/${droplet.id}` }).status).toBe(204);
    expect(send({ method: 'GET', path: `/v2/droplets/${droplet.id}` }).status).toBe(404);
  });

  it('take a write wrapped the same way as the record inside', async () => {
    const { artifact, send } = await open(tasks);
    expect(artifact.resources.find((r) => r.name === 'tasks')).toMatchObject({ recordField: 'data' });
    const created = send({ method: 'POST', path: '/tasks', body: JSON.stringify({ data: { name: 'Write the docs' } }) });
    const record = (created.json as { data: { gid: string; name: string } }).data;
    expect(record.name).toBe('Write the docs');
    const updated = send({ method: 'PUT', path: `/tasks/${record.gid}`, body: JSON.stringify({ data: { name: 'Write the docs', completed: true } }) });
    expect(updated.json).toEqual({ data: { ...record, completed: true } });
    expect(send({ method: 'GET', path: `/tasks/${record.gid}` }).json).toEqual(updated.json);
    expect((send({ method: 'GET', path: '/tasks' }).json as { data: unknown[] }).data).toContainEqual({ ...record, completed: true });
  });

  it("answer a reference to the record where the create answers one, and nothing of it where the field holds something else", async () => {
    const customer = { type: 'object', properties: { id: { type: 'string' }, name: { type: 'string' } } };
    const document = (createData: unknown) =>
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Unified', version: '1' },
        paths: {
          '/customers': {
            get: { operationId: 'customersAll', responses: json({ type: 'object', properties: { data: { type: 'array', items: customer } } }) },
            post: { operationId: 'customersAdd', requestBody: body(customer), responses: json({ type: 'object', required: ['status', 'data'], properties: { status: { type: 'string' }, data: createData } }, '201') },
          },
          '/customers/{id}': { get: { operationId: 'customersOne', parameters: [param('id')], responses: json({ type: 'object', properties: { data: customer } }) } },
        },
      });
    // Apideck's create answers `{data: {id}}`: the new record's id.
    const reference = await open(document({ type: 'object', required: ['id'], properties: { id: { type: 'string' } } }));
    const created = reference.send({ method: 'POST', path: '/customers', body: JSON.stringify({ name: 'Ada' }) }).json as { data: { id: string } };
    expect(reference.send({ method: 'GET', path: `/customers/${created.data.id}` }).json).toMatchObject({ data: { id: created.data.id, name: 'Ada' } });
    // A purchase answering `{data: {customer, invoice}}` does not hold the record in `data`.
    const other = await open(document({ type: 'object', required: ['invoice'], properties: { customer, invoice: { type: 'object', properties: { total: { type: 'integer' } } } } }));
    const answered = other.send({ method: 'POST', path: '/customers', body: JSON.stringify({ name: 'Ada' }) }).json as { data: Record<string, unknown> };
    expect(answered.data).toHaveProperty('invoice');
    expect(answered.data).not.toHaveProperty('name');
  });

  it("keep the read's full record where the list answers compact ones in the same field, as Asana does", async () => {
    const compact = { type: 'object', properties: { gid: { type: 'string' }, name: { type: 'string' } } };
    const full = { type: 'object', properties: { gid: { type: 'string' }, name: { type: 'string' }, notes: { type: 'string' }, archived: { type: 'boolean' } } };
    const data = (schema: unknown) => ({ type: 'object', properties: { data: schema } });
    const asana = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Asana', version: '1' },
      paths: {
        '/projects': {
          get: { operationId: 'getProjects', responses: json({ type: 'object', properties: { data: { type: 'array', items: compact }, next_page: { type: 'string', nullable: true } } }) },
          post: { operationId: 'createProject', requestBody: body(data(full)), responses: json(data(full), '201') },
        },
        '/projects/{project_gid}': { get: { operationId: 'getProject', parameters: [param('project_gid')], responses: json(data(full)) } },
        // Teams are listed under an organization; the read and the create answer alike.
        '/teams': { post: { operationId: 'createTeam', requestBody: body(data(compact)), responses: json(data(full), '201') } },
        '/teams/{team_gid}': { get: { operationId: 'getTeam', parameters: [param('team_gid')], responses: json(data(full)) } },
      },
    });
    const { artifact, send } = await open(asana);
    expect(artifact.resources.find((r) => r.name === 'projects')).toMatchObject({ recordField: 'data', itemSchema: full });
    expect(artifact.resources.find((r) => r.name === 'teams')).toMatchObject({ recordField: 'data', itemSchema: full });
    const project = (send({ method: 'POST', path: '/projects', body: JSON.stringify({ data: { name: 'Launch', notes: 'Q3' } }) }).json as { data: { gid: string } }).data;
    expect(project).toMatchObject({ name: 'Launch', notes: 'Q3' });
    expect(send({ method: 'GET', path: `/projects/${project.gid}` }).json).toEqual({ data: project });
    expect((send({ method: 'GET', path: '/projects' }).json as { data: Array<{ gid: string }> }).data.map((p) => p.gid)).toContain(project.gid);
    const team = (send({ method: 'POST', path: '/teams', body: JSON.stringify({ data: { name: 'Platform' } }) }).json as { data: { gid: string } }).data;
    expect(send({ method: 'GET', path: `/teams/${team.gid}` }).json).toEqual({ data: team });
  });

  it("are read in a wrapper named as one where the create answers only a reference, as Autotask's are", async () => {
    const actionType = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' }, isActive: { type: 'boolean' } } };
    const autotask = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Autotask', version: '1' },
      paths: {
        '/V1.0/ActionTypes': { post: { operationId: 'ActionTypes_CreateEntity', requestBody: body(actionType), responses: json({ type: 'object', properties: { itemId: { type: 'integer' } } }) } },
        '/V1.0/ActionTypes/{id}': { get: { operationId: 'ActionTypes_QueryItem', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: json({ type: 'object', properties: { item: actionType } }) } },
      },
    });
    const { artifact, send } = await open(autotask);
    expect(artifact.resources.find((r) => r.name === 'ActionTypes')).toMatchObject({ recordField: 'item', itemSchema: actionType });
    // The build decided where the create's answer names the new record (WritePlan.reference).
    expect(artifact.operations.find((op) => op.id === 'ActionTypes_CreateEntity')?.write?.reference).toBe('itemId');
    const created = send({ method: 'POST', path: '/V1.0/ActionTypes', body: JSON.stringify({ name: 'Call', isActive: true }) }).json as { itemId: number };
    expect(Object.keys(created)).toEqual(['itemId']);
    expect(send({ method: 'GET', path: `/V1.0/ActionTypes/${created.itemId}` }).json).toEqual({ item: { id: created.itemId, name: 'Call', isActive: true } });
  });

  it('take a write wrapped where the answers are not, as Magento writes every entity', async () => {
    const wrapping = { type: 'object', properties: { wrapping_id: { type: 'integer' }, design: { type: 'string' }, status: { type: 'integer' } } };
    const magento = JSON.stringify({
      openapi: '3.0.3',
      info: { title: 'Magento', version: '2.2' },
      components: { schemas: { 'gift-wrapping-data-wrapping-interface': wrapping } },
      paths: {
        '/V1/gift-wrappings': {
          get: { operationId: 'giftWrappingGetList', responses: json({ type: 'object', properties: { items: { type: 'array', items: { $ref: '#/components/schemas/gift-wrapping-data-wrapping-interface' } } } }) },
          post: {
            operationId: 'giftWrappingSavePost',
            requestBody: body({ type: 'object', required: ['data'], properties: { data: { $ref: '#/components/schemas/gift-wrapping-data-wrapping-interface' }, storeId: { type: 'integer' } } }),
            responses: json({ $ref: '#/components/schemas/gift-wrapping-data-wrapping-interface' }),
          },
        },
        '/V1/gift-wrappings/{id}': { get: { operationId: 'giftWrappingGet', parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }], responses: json({ $ref: '#/components/schemas/gift-wrapping-data-wrapping-interface' }) } },
      },
    });
    const { artifact, send } = await open(magento);
    // The compound word names the id field by its last word.
    expect(artifact.resources.find((r) => r.name === 'gift-wrappings')).toMatchObject({ bodyField: 'data', idField: 'wrapping_id' });
    const created = send({ method: 'POST', path: '/V1/gift-wrappings', body: JSON.stringify({ data: { design: 'Stars', status: 1 }, storeId: 1 }) }).json as { wrapping_id: number; design: string };
    expect(created).toMatchObject({ design: 'Stars', status: 1 });
    expect(created).not.toHaveProperty('data');
    expect(send({ method: 'GET', path: `/V1/gift-wrappings/${created.wrapping_id}` }).json).toEqual(created);
  });

  it('answer the new id where the create answers an id and nothing else', async () => {
    const catalog = { type: 'object', properties: { id: { type: 'integer' }, name: { type: 'string' } } };
    const { send } = await open(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Catalogs', version: '1' },
        paths: {
          '/V1/sharedCatalog': { post: { operationId: 'sharedCatalogSave', requestBody: body({ type: 'object', properties: { sharedCatalog: catalog } }), responses: json({ type: 'integer' }) } },
          '/V1/sharedCatalog/{sharedCatalogId}': { get: { operationId: 'sharedCatalogGet', parameters: [{ name: 'sharedCatalogId', in: 'path', required: true, schema: { type: 'integer' } }], responses: json(catalog) } },
        },
      }),
    );
    const first = send({ method: 'POST', path: '/V1/sharedCatalog', body: JSON.stringify({ sharedCatalog: { name: 'Wholesale' } }) }).json;
    const second = send({ method: 'POST', path: '/V1/sharedCatalog', body: JSON.stringify({ sharedCatalog: { name: 'Retail' } }) }).json;
    expect([typeof first, second]).toEqual(['number', (first as number) + 1]);
    expect(send({ method: 'GET', path: `/V1/sharedCatalog/${String(second)}` }).json).toEqual({ id: second, name: 'Retail' });
  });

  it("are read in the field the read and the create both answer, whatever else the create answers, as Hetzner's servers and load balancers are", async () => {
    // Each operation writes its own copy of the record's schema, as Hetzner's document does: the list's item and the read's record differ in their descriptions.
    const record = (description: string) => ({ type: 'object', description, properties: { id: { type: 'integer' }, name: { type: 'string' }, status: { type: 'string', enum: ['initializing', 'running', 'off'] } } });
    const action = { type: 'object', properties: { id: { type: 'integer' }, command: { type: 'string' } } };
    const paths = (plural: string, single: string) => ({
      [`/${plural}`]: {
        get: { operationId: `list_${plural}`, responses: json({ type: 'object', properties: { [plural]: { type: 'array', items: record('listed') }, meta: { type: 'object', properties: { total: { type: 'integer' } } } } }) },
        post: {
          operationId: `create_${single}`,
          requestBody: body({ type: 'object', required: ['name'], properties: { name: { type: 'string' } } }),
          responses: json({ type: 'object', properties: { [single]: record('created'), action, next_actions: { type: 'array', items: action }, root_password: { type: 'string' } } }, '201'),
        },
      },
      [`/${plural}/{id}`]: { get: { operationId: `get_${single}`, parameters: [param('id')], responses: json({ type: 'object', properties: { [single]: record('read') } }) } },
    });
    const { artifact } = await compileArtifact(JSON.stringify({ openapi: '3.0.3', info: { title: 'Cloud', version: '1' }, paths: { ...paths('servers', 'server'), ...paths('load_balancers', 'load_balancer') } }));
    for (const [plural, single] of [['servers', 'server'], ['load_balancers', 'load_balancer']] as const) {
      expect(artifact.resources.find((r) => r.name === plural)).toMatchObject({ recordField: single, idField: 'id' });
      const client = await SimClient.open(artifact, { sampleRecords: 0 });
      const made = client.call({ method: 'POST', path: `/${plural}`, body: { name: 'web' } });
      expect(made.status).toBe(201);
      const created = (made.json as Record<string, { id: number; name: string }>)[single]!;
      expect(created.name).toBe('web');
      expect((client.call({ method: 'GET', path: `/${plural}/${created.id}` }).json as Record<string, unknown>)[single]).toEqual(created);
    }
  });

  it('are the answer itself where the read answers what the list does', async () => {
    const plain = await compileArtifact(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Plain', version: '1' },
        paths: {
          '/pets': { get: { operationId: 'listPets', responses: json({ type: 'array', items: task }) } },
          '/pets/{id}': { get: { operationId: 'getPet', parameters: [param('id')], responses: json(task) } },
        },
      }),
    );
    expect(plain.artifact.resources.find((r) => r.name === 'pets')).toMatchObject({ itemSchema: task });
    expect(plain.artifact.resources.find((r) => r.name === 'pets')).not.toHaveProperty('recordField');
  });
});
