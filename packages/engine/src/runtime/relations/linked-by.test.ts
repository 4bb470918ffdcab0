import { describe, expect, it } from 'vitest';
import { fixture } from '../../testing/fixtures.js';
import { checkedClient } from './test-checked-client.js';

const open = checkedClient;

describe('a record created at the top level naming its parent in a field', () => {
  it("is listed under each project its `projects` names, and under no other (Asana's tasks)", async () => {
    const { call } = await open(fixture('records/tasks-projects-3.0.yaml'));
    const project = () => (call({ method: 'POST', path: '/projects', body: { data: { name: 'p' } } }).json as { data: { gid: string } }).data.gid;
    const [one, two, three] = [project(), project(), project()];
    const made = call({ method: 'POST', path: '/tasks', body: { data: { name: 'Ship', projects: [one, two] } } });
    expect(made.status).toBe(201);
    call({ method: 'POST', path: '/tasks', body: { data: { name: 'Plan', projects: [two] } } });
    const names = (gid: string) => (call({ method: 'GET', path: `/projects/${gid}/tasks` }).json as { data: Array<{ name: string }> }).data.map((t) => t.name);
    expect(names(one!)).toEqual(['Ship']);
    expect(names(two!)).toEqual(['Ship', 'Plan']);
    expect(names(three!)).toEqual([]);
    // The parent a nested list names must exist.
    expect(call({ method: 'GET', path: '/projects/404/tasks' }).status).toBe(404);
  });

  it("is listed under the project its `project_id` names, nested or filtered (Todoist's tasks)", async () => {
    const { call } = await open(fixture('records/tasks-project-id-3.0.yaml'));
    const [inbox, work] = ['Inbox', 'Work'].map((name) => (call({ method: 'POST', path: '/projects', body: { name } }).json as { id: string }).id);
    call({ method: 'POST', path: '/tasks', body: { content: 'Buy milk', project_id: inbox } });
    call({ method: 'POST', path: '/tasks', body: { content: 'Send invoice', project_id: work } });
    const contents = (path: string, query?: string) => (call({ method: 'GET', path, ...(query === undefined ? {} : { query }) }).json as Array<{ content: string }>).map((t) => t.content);
    expect(contents(`/projects/${inbox}/tasks`)).toEqual(['Buy milk']);
    expect(contents(`/projects/${work}/tasks`)).toEqual(['Send invoice']);
    expect(contents(`/tasks`, `project_id=${work}`)).toEqual(['Send invoice']);
  });

  it("is listed under the post its `postId` names (JSONPlaceholder's comments)", async () => {
    const { call } = await open(fixture('records/posts-comments-3.0.yaml'));
    const [first, second] = ['a', 'b'].map((title) => (call({ method: 'POST', path: '/posts', body: { title } }).json as { id: number }).id);
    call({ method: 'POST', path: '/comments', body: { postId: second, body: 'on the second' } });
    const bodies = (id: number) => (call({ method: 'GET', path: `/posts/${id}/comments` }).json as Array<{ body: string }>).map((c) => c.body);
    expect(bodies(second!)).toEqual(['on the second']);
    expect(bodies(first!)).toEqual([]);
  });

  it('is listed under the parent one of its objects names by its id field, and a list without such a field is not merged', async () => {
    const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
    const ok = (schema: unknown, status = '200') => ({ [status]: { description: 'ok', ...json(schema) } });
    const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
    const team = { type: 'object', properties: { gid: { type: 'string', readOnly: true }, name: { type: 'string' } } };
    const goal = { type: 'object', properties: { gid: { type: 'string', readOnly: true }, name: { type: 'string' }, teams: { type: 'array', items: { type: 'object', properties: { gid: { type: 'string' }, name: { type: 'string' } } } } } };
    const note = { type: 'object', properties: { gid: { type: 'string', readOnly: true }, text: { type: 'string' } } };
    const { artifact, call } = await open(
      JSON.stringify({
        openapi: '3.0.3',
        info: { title: 'Goals', version: '1' },
        paths: {
          '/teams': { post: { operationId: 'createTeam', requestBody: json(team), responses: ok(team, '201') } },
          '/teams/{team_gid}': { get: { operationId: 'getTeam', parameters: [param('team_gid')], responses: ok(team) } },
          '/teams/{team_gid}/goals': { get: { operationId: 'getTeamGoals', parameters: [param('team_gid')], responses: ok({ type: 'array', items: goal }) } },
          '/teams/{team_gid}/notes': { get: { operationId: 'getTeamNotes', parameters: [param('team_gid')], responses: ok({ type: 'array', items: note }) } },
          '/goals': { post: { operationId: 'createGoal', requestBody: json(goal), responses: ok(goal, '201') } },
          '/goals/{goal_gid}': { get: { operationId: 'getGoal', parameters: [param('goal_gid')], responses: ok(goal) } },
          '/notes': { post: { operationId: 'createNote', requestBody: json(note), responses: ok(note, '201') } },
          '/notes/{note_gid}': { get: { operationId: 'getNote', parameters: [param('note_gid')], responses: ok(note) } },
        },
      }),
    );
    expect(artifact.operations.find((op) => op.id === 'getTeamGoals')).toMatchObject({ resource: 'goals', links: ['team_gid'], linkedBy: [{ parameter: 'team_gid', field: 'teams', many: true, key: 'gid' }] });
    // A note names no team: its nested list stays a collection of its own.
    expect(artifact.operations.find((op) => op.id === 'getTeamNotes')).toMatchObject({ resource: 'teams.notes' });
    const [red, blue] = ['red', 'blue'].map((name) => (call({ method: 'POST', path: '/teams', body: { name } }).json as { gid: string }).gid);
    call({ method: 'POST', path: '/goals', body: { name: 'Grow', teams: [{ gid: blue, name: 'blue' }] } });
    const goals = (gid: string) => (call({ method: 'GET', path: `/teams/${gid}/goals` }).json as Array<{ name: string }>).map((g) => g.name);
    expect(goals(blue!)).toEqual(['Grow']);
    expect(goals(red!)).toEqual([]);
  });
});
