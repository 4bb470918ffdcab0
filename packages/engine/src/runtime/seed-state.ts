import type { StateAccess } from '@simplane/core';
import type { ArtifactResource } from '../artifact/artifact.js';
import { isObject, setOwn, type JsonObject } from '../json.js';
import { collectionName, SINGLETON_KEY } from './collections.js';
import { fillServerFields, type Exchange } from './exchange.js';
import { generateValue, type GenerateContext } from './generate-value.js';
import { idSchemaFor, mintId } from './ids.js';
import type { RuntimeModel } from './model.js';
import { randomFor } from './random.js';
import { conform } from './respond.js';

export interface SeedOptions {
  seed: string;
  sampleRecords: number;
  now: Date;
}

/**
 * Seeds a fresh state. Every top-level collection gets `sampleRecords` generated records (ids
 * minted at step 0, so they never collide with a later step's). A nested collection gets
 * `sampleRecords` records under the first seeded record of its parent only, so a document with
 * deep nesting does not multiply its seed data. Singletons get one record, top-level ones and
 * those under every seeded parent record.
 */
export function seedState(model: RuntimeModel, state: StateAccess, options: SeedOptions): void {
  for (const resource of model.artifact.resources) {
    if (resource.parent !== null) continue;
    seedResource(model, state, options, resource, {});
  }
}

function seedResource(model: RuntimeModel, state: StateAccess, options: SeedOptions, resource: ArtifactResource, scope: Record<string, string>): void {
  const collection = collectionName(resource, scope);
  if (resource.kind === 'singleton') {
    state.put(collection, SINGLETON_KEY, sampleRecord(model, state, options, resource, collection, 0));
    return;
  }
  const keys: string[] = [];
  for (let i = 0; i < options.sampleRecords; i += 1) {
    const record = sampleRecord(model, state, options, resource, collection, i);
    // Without an id field the key is still what the item path's parameter must accept.
    const idSchema = idSchemaFor(model.registry, resource, model.operations.values());
    const id = mintId(model.registry, resource, idSchema, state, collection, { seed: options.seed, step: 0, counter: i });
    if (resource.idField !== null) setOwn(record, resource.idField, id);
    const key = String(id);
    state.put(collection, key, conform(record, resource.itemSchema, generator(model, options, collection, i)));
    keys.push(key);
  }
  for (const child of model.artifact.resources) {
    if (child.parent !== resource.name || child.parentParameter === null) continue;
    const parents = child.kind === 'singleton' ? keys : keys.slice(0, 1);
    for (const key of parents) seedResource(model, state, options, child, { ...scope, [child.parentParameter]: key });
  }
}

function generator(model: RuntimeModel, options: SeedOptions, collection: string, index: number): GenerateContext {
  return { registry: model.registry, random: randomFor(options.seed, 'seed', collection, index), now: options.now };
}

function sampleRecord(model: RuntimeModel, state: StateAccess, options: SeedOptions, resource: ArtifactResource, collection: string, index: number): JsonObject {
  const gen = generator(model, options, collection, index);
  const value = generateValue(resource.itemSchema ?? { type: 'object' }, gen);
  const record: JsonObject = isObject(value) ? value : {};
  const ex = { model, state, gen, context: { seed: options.seed, step: 0, now: options.now } } as unknown as Exchange;
  return fillServerFields(ex, record, resource.itemSchema, 'create');
}
