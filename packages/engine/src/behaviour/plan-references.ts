import type { ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { isObject } from '../json.js';
import { singular, squash, words } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView } from '../runtime/schemas/schema-view.js';
import { RECORD_OWN_WORDS } from '../vocabulary/records.js';

/** The top-level collections a document's records may name, with their item schemas' text, found once per build. */
export class Collections {
  readonly #all: ArtifactResource[];
  readonly #texts = new Map<ArtifactResource, string>();
  /** Each collection's last name word in the singular, and its whole name squashed in the singular, read once. */
  readonly #names: Array<{ resource: ArtifactResource; last: string; squashedLast: string; whole: string }>;

  constructor(
    private readonly registry: SchemaRegistry,
    resources: readonly ArtifactResource[],
  ) {
    this.#all = resources.filter((r) => r.kind === 'collection' && r.scopeParameters.length === 0 && r.itemSchema !== null);
    this.#names = this.#all.map((resource) => {
      const last = singular(words(resource.name).at(-1) ?? '');
      return { resource, last, squashedLast: squash(last), whole: squash(singular(resource.name)) };
    });
  }

  /** The collection whose item schema is one of `members` (as text), else the one named as `field`. */
  find(field: string, members: ReadonlySet<string>): ArtifactResource | null {
    const bySchema = this.#all.find((r) => members.has(this.#text(r)));
    if (bySchema !== undefined) return bySchema;
    const word = singular(field.toLowerCase());
    const whole = squash(word);
    return this.#names.find((n) => n.last === word || n.whole === whole)?.resource ?? null;
  }

  /** The collection a field named `<record>_id` names (`customer_id`, `customerId` name `customers`), other than `resource`. */
  namedById(resource: ArtifactResource, field: string): ArtifactResource | null {
    const named = words(field);
    if (named.length < 2 || named.at(-1) !== 'id') return null;
    const word = singular(named.slice(0, -1).join(''));
    return this.#names.find((n) => n.resource !== resource && n.squashedLast === word)?.resource ?? null;
  }

  #text(resource: ArtifactResource): string {
    let text = this.#texts.get(resource);
    if (text === undefined) this.#texts.set(resource, (text = JSON.stringify(this.registry.resolve(resource.itemSchema))));
    return text;
  }
}

/**
 * The collections the item's fields name by id, where the field's schema offers the record as
 * a choice (Stripe's expandable `customer: anyOf [id, customer]`): what `?expand[]=customer`
 * answers in place of the id, and what a new record inherits from.
 */
export function planReferences(registry: SchemaRegistry, resource: ArtifactResource, collections: Collections): RecordPlan['references'] {
  const references: Record<string, string> = {};
  for (const [field, schema] of Object.entries(objectView(registry, resource.itemSchema).properties)) {
    const choices = choicesOf(registry, schema, 0);
    if (choices.length === 0) continue;
    const target = collections.find(field, new Set(choices.map((choice) => JSON.stringify(choice))));
    if (target !== null) references[field] = target.name;
  }
  return references;
}

/**
 * What a new record takes from the records its fields name, where its create leaves them out:
 * for each field naming another collection's record (by reference, or named `<record>_id`), the
 * required fields of the new record that the other's schema has too, other than its own (its
 * id, kind, state, times, links, description, metadata). A refund of a payment intent is for
 * its `amount` and in its `currency`, as the real one is.
 */
export function planInherits(registry: SchemaRegistry, resource: ArtifactResource, named: Record<string, string>, kept: readonly string[], byName: ReadonlyMap<string, ArtifactResource>): RecordPlan['inherits'] {
  const view = objectView(registry, resource.itemSchema);
  const own = (name: string) => name === resource.idField || kept.includes(name) || RECORD_OWN_WORDS.has(words(name).at(-1) ?? '');
  const out: RecordPlan['inherits'] = [];
  for (const field of Object.keys(view.properties)) {
    const target = Object.hasOwn(named, field) ? byName.get(named[field]!) : undefined;
    if (target === undefined) continue;
    const theirs = objectView(registry, target.itemSchema).properties;
    const fields = view.required.filter((name) => name !== field && !own(name) && Object.hasOwn(theirs, name));
    if (fields.length > 0) out.push({ field, from: target.name, fields });
  }
  return out;
}

/** The collections fields not offering a record as a choice name by being called after its id (`customer_id`). */
export function planNamedIds(registry: SchemaRegistry, resource: ArtifactResource, references: RecordPlan['references'], collections: Collections): RecordPlan['namedIds'] {
  const named: Record<string, string> = {};
  for (const field of Object.keys(objectView(registry, resource.itemSchema).properties)) {
    if (Object.hasOwn(references, field)) continue;
    const target = collections.namedById(resource, field);
    if (target !== null) named[field] = target.name;
  }
  return named;
}

/**
 * The resolved choices of an `anyOf`/`oneOf`, through the one a nullable field is wrapped in
 * (OpenAPI 3.0's `nullable` on Stripe's `payment_intent: anyOf [id, payment_intent]` becomes
 * `anyOf [anyOf [id, payment_intent], null]`).
 */
function choicesOf(registry: SchemaRegistry, schema: JsonSchema | undefined, depth: number): JsonSchema[] {
  const resolved = registry.resolve(schema);
  const choices = isObject(resolved) ? ((resolved.anyOf ?? resolved.oneOf) as JsonSchema[] | undefined) : undefined;
  if (!Array.isArray(choices)) return [];
  return choices.flatMap((choice) => {
    const inner = depth < 2 ? choicesOf(registry, choice, depth + 1) : [];
    return inner.length > 0 ? inner : [registry.resolve(choice) as JsonSchema];
  });
}
