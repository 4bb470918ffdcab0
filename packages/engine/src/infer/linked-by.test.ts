import { describe, expect, it } from 'vitest';
import type { ArtifactResource } from '../artifact/artifact.js';
import type { JsonObject } from '../json.js';
import { linkedFields } from './linked-by.js';
import { SchemaLookup } from './schema-lookup.js';

const lookup = new SchemaLookup({});
const resource = (name: string, properties: JsonObject, idField: string | null = 'id'): ArtifactResource => ({
  name,
  kind: 'collection',
  collectionPath: `/${name}`,
  itemPath: `/${name}/{id}`,
  idParameter: 'id',
  idField,
  parent: null,
  parentParameter: null,
  scopeParameters: [],
  itemSchema: { type: 'object', properties },
  operations: {},
  actions: [],
  lifecycle: [],
  entity: null,
});
const projects = resource('projects', { gid: { type: 'string' } }, 'gid');
const text = { type: 'string' };

describe('the field a nested list finds its records by', () => {
  it('is the field named as the parameter, one id compared as text (JSONPlaceholder, Todoist)', () => {
    expect(linkedFields(['postId'], null, resource('comments', { postId: { type: 'integer' }, body: text }), lookup)).toEqual([{ parameter: 'postId', field: 'postId', many: false }]);
    expect(linkedFields(['project_id'], projects, resource('tasks', { projectId: text }), lookup)).toEqual([{ parameter: 'project_id', field: 'projectId', many: false }]);
  });

  it('is a field named after the parent, holding an object matched by the parent id field', () => {
    const tasks = resource('tasks', { project: { type: 'object', properties: { gid: text, name: text } } }, 'gid');
    expect(linkedFields(['project_gid'], projects, tasks, lookup)).toEqual([{ parameter: 'project_gid', field: 'project', many: false, key: 'gid' }]);
  });

  it("is a list named after the parent, of ids or of objects by their id (Asana's task `projects`)", () => {
    expect(linkedFields(['project_gid'], projects, resource('tasks', { projects: { type: 'array', items: text } }, 'gid'), lookup)).toEqual([{ parameter: 'project_gid', field: 'projects', many: true }]);
    const compact = { type: 'array', items: { type: 'object', properties: { id: text, name: text } } };
    expect(linkedFields(['project_gid'], projects, resource('tasks', { projects: compact }, 'gid'), lookup)).toEqual([{ parameter: 'project_gid', field: 'projects', many: true, key: 'id' }]);
    expect(linkedFields(['label_id'], null, resource('tasks', { label_ids: { type: 'array', items: { type: 'integer' } } }), lookup)).toEqual([{ parameter: 'label_id', field: 'label_ids', many: true }]);
  });

  it('is the parent word for a parameter named `id`, and never the record own id', () => {
    expect(linkedFields(['id'], projects, resource('hooks', { id: { type: 'integer' }, url: text }), lookup)).toEqual([]);
    expect(linkedFields(['id'], projects, resource('hooks', { id: { type: 'integer' }, project_id: { type: 'integer' } }), lookup)).toEqual([{ parameter: 'id', field: 'project_id', many: false }]);
  });

  it('is none where no field names the parent or the field holds no id', () => {
    expect(linkedFields(['project_gid'], projects, resource('tasks', { name: text, projects_count: { type: 'integer' } }), lookup)).toEqual([]);
    const flags = { type: 'array', items: { type: 'object', properties: { enabled: { type: 'boolean' } } } };
    expect(linkedFields(['project_gid'], projects, resource('tasks', { projects: flags }), lookup)).toEqual([]);
  });
});
