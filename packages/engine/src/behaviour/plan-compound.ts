import type { OperationBehaviour } from '@simplane/core';
import type { Artifact, ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { squash, words } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { declaredSuccess } from '../runtime/answers/respond.js';
import { COMPOUND_KEY_FIELDS } from '../vocabulary/records.js';

/** A route read by two keys after a noun: `/repos/{owner}/{repo}`, `/v2/repositories/{namespace}/{repository}`. */
const COMPOUND_ROUTE = /^((?:\/[^/{}]+)*)\/([^/{}]+)\/\{([^}]+)\}\/\{([^}]+)\}$/;
const BEHAVIOURS: Readonly<Record<string, OperationBehaviour>> = { GET: 'read', PATCH: 'update', PUT: 'replace', DELETE: 'delete' };

/**
 * Records addressed by a compound key: an owner and a name (GitHub's and Gitea's
 * `/repos/{owner}/{repo}`, a registry's `/v2/repositories/{namespace}/{repository}`), where the
 * records are created and listed under their owner elsewhere (`/orgs/{org}/repos`). The
 * compound route becomes the item path of that collection: its first key stands for the
 * collection's scope (`owner` for `org`), its last names a record by a field (`name`), so a
 * record created under `/orgs/octo-org/repos` reads, updates and deletes at
 * `/repos/octo-org/<name>`. Operations of the route the compiler left without a resource take
 * the collection and the behaviour their method says. Answers the resources and operations
 * with that done, and each such collection's key (RecordPlan.compoundKey) by name.
 */
export function withCompoundKeys(registry: SchemaRegistry, artifact: Artifact): { resources: ArtifactResource[]; operations: ArtifactOperation[]; keys: Map<string, NonNullable<RecordPlan['compoundKey']>> } {
  const keys = new Map<string, NonNullable<RecordPlan['compoundKey']>>();
  const routes = new Map<string, { resource: ArtifactResource; owner: string; name: string; field: string }>();
  for (const op of artifact.operations) {
    if (op.resource !== null || BEHAVIOURS[op.method] === undefined || routes.has(op.path)) continue;
    const found = COMPOUND_ROUTE.exec(op.path);
    if (found === null) continue;
    const [, , noun, owner, name] = found as unknown as [string, string, string, string, string];
    const target = ownedCollection(artifact, noun, op.path);
    const field = target === undefined ? undefined : keyField(registry, target, name);
    if (target === undefined || field === undefined || keys.has(target.name) || !answersRecord(registry, op, field)) continue;
    routes.set(op.path, { resource: target, owner, name, field });
    keys.set(target.name, { field, scope: { [owner]: target.scopeParameters[0]! } });
  }
  if (routes.size === 0) return { resources: artifact.resources, operations: artifact.operations, keys };
  const byResource = new Map([...routes].map(([path, route]) => [route.resource.name, { path, ...route }]));
  const resources = artifact.resources.map((resource) => {
    const route = byResource.get(resource.name);
    return route === undefined ? resource : { ...resource, itemPath: route.path, idParameter: route.name };
  });
  const operations = artifact.operations.map((op) => {
    const route = op.resource === null ? routes.get(op.path) : undefined;
    if (route === undefined || BEHAVIOURS[op.method] === undefined) return op;
    const behaviour = BEHAVIOURS[op.method]!;
    return { ...op, resource: route.resource.name, behaviour, readOnly: behaviour === 'read', action: null };
  });
  return { resources, operations, keys };
}

/**
 * The collection created under one owner whose records the route reads: kept per one scope
 * parameter, without an item path of its own, created by a POST to a path ending in the same
 * noun (`/orgs/{org}/repos` for `/repos/{owner}/{repo}`). The first in the document's order.
 */
function ownedCollection(artifact: Artifact, noun: string, path: string): ArtifactResource | undefined {
  const creators = new Set(artifact.operations.filter((op) => op.behaviour === 'create' && op.resource !== null && op.path !== path && op.path.endsWith(`/${noun}`)).map((op) => op.resource!));
  return artifact.resources.find((resource) => resource.kind === 'collection' && resource.itemPath === null && resource.scopeParameters.length === 1 && creators.has(resource.name));
}

/**
 * The item field the route's last key names a record by: the field named as the key or as its
 * last word (`repo_slug`: `slug`), else the first naming field the record has (`name`); a text.
 */
function keyField(registry: SchemaRegistry, resource: ArtifactResource, parameter: string): string | undefined {
  const properties = objectView(registry, resource.itemSchema).properties;
  const texts = Object.keys(properties).filter((field) => schemaTypes(registry, properties[field])?.includes('string') === true);
  const named = texts.find((field) => squash(field) === squash(parameter) || squash(field) === words(parameter).at(-1));
  return named ?? COMPOUND_KEY_FIELDS.find((field) => texts.includes(field));
}

/** Whether the route's read answers a record holding the key field; a route that only writes says nothing against it. */
function answersRecord(registry: SchemaRegistry, op: ArtifactOperation, field: string): boolean {
  if (op.method !== 'GET') return true;
  const schema = chooseMedia(declaredSuccess(op, 200).response)?.[1].schema ?? null;
  return schema !== null && Object.hasOwn(objectView(registry, schema).properties, field);
}
