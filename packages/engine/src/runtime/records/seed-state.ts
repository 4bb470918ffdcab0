import type { Seeder, SeedOptions, StateAccess } from '@simplane/core';
import type { ArtifactResource } from '../../artifact/artifact.js';
import { isObject, setOwn, type JsonObject } from '../../json.js';
import { collectionName, recordKey, SINGLETON_KEY } from './collections.js';
import { fillServerFields, recordPlan } from './fill-fields.js';
import { generateValue, type GenerateContext } from '../values/generate-value.js';
import { ID_COUNTERS, idSchemaFor, mintId } from './ids.js';
import type { RuntimeModel } from '../model.js';
import { randomFor } from '../values/random.js';
import { conform } from '../answers/conform.js';
import { objectView } from '../schemas/schema-view.js';

/**
 * Seeds a Simulation's sample records a part at a time: a part is a top-level resource with
 * everything nested under it. Every top-level collection gets `sampleRecords` generated records
 * (ids minted at step 0, so they never collide with a later step's). A nested collection gets
 * `sampleRecords` records under the first seeded record of its parent only, so a document with
 * deep nesting does not multiply its seed data. Singletons get one record, top-level ones and
 * those under every seeded parent record. A record's values come from randomness drawn for its
 * collection and position, so a part seeds the same records whenever it is seeded; a shared
 * entity's (ArtifactResource.entity) for its schema and position, so every Simulator holding
 * that schema seeds the same records from one seed.
 */
export class ResourceSeeder implements Seeder {
  private readonly plan: SeedPlan;

  constructor(
    private readonly model: RuntimeModel,
    private readonly options: SeedOptions,
  ) {
    this.plan = planFor(model);
  }

  get parts(): readonly string[] {
    return this.plan.parts;
  }

  partsFor(collection: string, key?: string): readonly string[] {
    if (collection === ID_COUNTERS) return key === undefined ? this.parts : this.partsFor(key);
    return this.partsOfCollection(collection) ?? NONE;
  }

  seed(part: string, state: StateAccess): void {
    const resource = this.plan.roots.get(part);
    if (resource !== undefined) seedResource(this.model, state, this.options, resource, {});
  }

  /**
   * The part (as a list of one) of the resource a collection holds records of. A nested collection is its
   * resource's name, `:` and the scope's values percent-encoded (collections.ts), so its
   * resource's name is what comes before the last `:`.
   */
  private partsOfCollection(collection: string): readonly string[] | undefined {
    const colon = collection.lastIndexOf(':');
    return this.plan.partOf.get(collection) ?? (colon === -1 ? undefined : this.plan.partOf.get(collection.slice(0, colon)));
  }
}

/** A Simulator's parts: its top-level resources, and the part of each resource (as a list of one). */
interface SeedPlan {
  parts: string[];
  roots: Map<string, ArtifactResource>;
  partOf: Map<string, readonly string[]>;
}

const NONE: readonly string[] = [];

/** Made once per Simulator, shared by its Simulations' seeders. */
const PLANS = new WeakMap<RuntimeModel, SeedPlan>();

function planFor(model: RuntimeModel): SeedPlan {
  let plan = PLANS.get(model);
  if (plan === undefined) {
    const roots = new Map(model.artifact.resources.filter((r) => r.parent === null).map((r) => [r.name, r]));
    const partOf = new Map<string, readonly string[]>();
    for (const resource of model.artifact.resources) {
      let root = resource;
      while (root.parent !== null && model.resources.has(root.parent)) root = model.resources.get(root.parent)!;
      partOf.set(resource.name, [root.name]);
    }
    plan = { parts: [...roots.keys()], roots, partOf };
    PLANS.set(model, plan);
  }
  return plan;
}

function seedResource(model: RuntimeModel, state: StateAccess, options: SeedOptions, resource: ArtifactResource, scope: Record<string, string>): void {
  const collection = collectionName(resource, scope);
  const learned = recordPlan(resource).learned?.records ?? [];
  if (resource.kind === 'singleton') {
    state.put(collection, SINGLETON_KEY, learned.length > 0 ? structuredClone(learned[0]!) : sampleRecord(model, state, options, resource, collection, 0));
    return;
  }
  const keys: string[] = [];
  const stream = streamOf(resource, collection);
  // The real system's records, where a credential-backed build read them, in place of generated ones.
  for (let i = 0; i < Math.min(learned.length, options.sampleRecords); i += 1) {
    const record = structuredClone(learned[i]!);
    const own = resource.idField === null ? null : recordKey(record[resource.idField]);
    const key = own ?? String(mintId(model.registry, resource, idSchemaFor(model.registry, resource, model.operations.values()), state, collection, { seed: options.seed, step: 0, counter: i }));
    state.put(collection, key, record);
    keys.push(key);
  }
  for (let i = 0; learned.length === 0 && i < options.sampleRecords; i += 1) {
    const record = sampleRecord(model, state, options, resource, stream, i);
    // Without an id field the key is still what the item path's parameter must accept.
    const idSchema = idSchemaFor(model.registry, resource, model.operations.values());
    const id = mintId(model.registry, resource, idSchema, state, collection, { seed: options.seed, step: 0, counter: i, ...(resource.entity === null ? {} : { stream, prefix: resource.entity.schema }) });
    if (resource.idField !== null) setOwn(record, resource.idField, id);
    const key = String(id);
    state.put(collection, key, conform(record, resource.itemSchema, generator(model, options, stream, i)));
    keys.push(key);
  }
  for (const child of model.artifact.resources) {
    if (child.parent !== resource.name || child.parentParameter === null) continue;
    const parents = child.kind === 'singleton' ? keys : keys.slice(0, 1);
    for (const key of parents) seedResource(model, state, options, child, { ...scope, [child.parentParameter]: key });
  }
}

/**
 * What names a resource's randomness: its collection, or for a shared entity its schema's name,
 * id field and digest, so nothing of the Simulator (its paths, names or other resources) enters.
 */
function streamOf(resource: ArtifactResource, collection: string): string {
  const entity = resource.entity ?? null;
  return entity === null ? collection : `entity\0${entity.schema}\0${entity.idField}\0${entity.digest}`;
}

function generator(model: RuntimeModel, options: SeedOptions, stream: string, index: number): GenerateContext {
  return { registry: model.registry, random: randomFor(options.seed, 'seed', stream, index), now: options.now };
}

function sampleRecord(model: RuntimeModel, state: StateAccess, options: SeedOptions, resource: ArtifactResource, stream: string, index: number): JsonObject {
  const gen = generator(model, options, stream, index);
  const value = generateValue(resource.itemSchema ?? { type: 'object' }, gen);
  const record: JsonObject = isObject(value) ? value : {};
  if (index > 0) numberNames(model, resource, record, index);
  return fillServerFields({ gen, now: options.now }, resource, record, 'create');
}

/**
 * Numbers a sample record's names after the first: a name the document gives one example for
 * (`name: {example: Rex}`) is that example in every generated record, and a list of three pets
 * all called Rex tells them apart by id only. The second record is `Rex 2`, the third `Rex 3`,
 * where the field still validates (a pattern or an enum keeps the example as it is).
 */
function numberNames(model: RuntimeModel, resource: ArtifactResource, record: JsonObject, index: number): void {
  const properties = objectView(model.registry, resource.itemSchema).properties;
  for (const field of recordPlan(resource).naming) {
    const schema = properties[field] ?? true;
    const value = Object.hasOwn(record, field) ? record[field] : undefined;
    if (typeof value !== 'string') continue;
    const resolved = model.registry.resolve(schema);
    const examples = isObject(resolved) && Array.isArray(resolved.examples) ? resolved.examples : [];
    if (examples.length !== 1 || examples[0] !== value) continue;
    const numbered = `${value} ${index + 1}`;
    if (model.registry.validate(schema, numbered).ok) setOwn(record, field, numbered);
  }
}
