/**
 * A typed openapi-fetch client on the harness's fetch, against an Asana-like document
 * (`packages/engine/test-fixtures/records/tasks-projects-3.0.yaml`): a task created at `/tasks`
 * naming its projects in `projects` is listed under each of them at
 * `/projects/{project_gid}/tasks`, and under no other. The types are what openapi-typescript
 * makes of the document (`generated/work-tasks.ts`), kept in step here.
 */
import { readFileSync } from 'node:fs';
import createClient, { type Client } from 'openapi-fetch';
import openapiTS, { astToString, COMMENT_HEADER } from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';
import type { paths } from './generated/work-tasks.js';

const documentUrl = new URL('../../packages/engine/test-fixtures/records/tasks-projects-3.0.yaml', import.meta.url);

let harness: Harness;
let client: Client<paths>;

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  const api = await harness.simulate(readFileSync(documentUrl), { build: { references: ['work:v1'] }, seed: 'linked-tasks' });
  client = createClient<paths>({ baseUrl: api.baseUrl, fetch: api.fetch });
}, 120_000);

afterAll(async () => {
  await harness.close();
});

describe('a task created at the top level naming its projects, through openapi-fetch', () => {
  it('is listed under each project it names and not under another', async () => {
    const project = async (name: string) => (await client.POST('/projects', { body: { data: { name } } })).data!.data!.gid!;
    const [web, mobile, ops] = [await project('Web'), await project('Mobile'), await project('Ops')];
    const created = await client.POST('/tasks', { body: { data: { name: 'Ship login', projects: [web, mobile] } } });
    expect(created.response.status).toBe(201);
    const names = async (project_gid: string) => {
      const listed = await client.GET('/projects/{project_gid}/tasks', { params: { path: { project_gid } } });
      expect(listed.response.status).toBe(200);
      return listed.data!.data!.map((task) => task.name);
    };
    expect(await names(web)).toEqual(['Ship login']);
    expect(await names(mobile)).toEqual(['Ship login']);
    expect(await names(ops)).toEqual([]);
  });

  it('uses types that are exactly what openapi-typescript makes of the document', async () => {
    // Regenerate with: npx openapi-typescript packages/engine/test-fixtures/records/tasks-projects-3.0.yaml -o tests/clients/generated/work-tasks.ts
    expect(readFileSync(new URL('./generated/work-tasks.ts', import.meta.url), 'utf8')).toBe(COMMENT_HEADER + astToString(await openapiTS(documentUrl)));
  });
});
