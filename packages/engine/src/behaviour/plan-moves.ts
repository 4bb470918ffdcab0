import type { ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { singular, squash, stateForms, words } from '../infer/naming.js';
import type { RuntimeModel } from '../runtime/model.js';
import { targetFor } from '../runtime/relations/inherit.js';
import { parentOf } from '../runtime/relations/parent-count.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';

/**
 * What a record of a resource called `one` does to another's amount, squashed, in the forms a
 * verb's state takes (stateForms, as an action's flag is found): `refunded` for a refund,
 * `captured` for a capture, `reversed` for a reversal (a noun in `-al` is its verb's).
 */
function doneForms(one: string): Set<string> {
  const verb = one.endsWith('al') ? one.slice(0, -2) : one;
  return new Set([...stateForms(verb)].filter((form) => form !== verb && !form.endsWith('ing')));
}

function typed(model: RuntimeModel, properties: Record<string, JsonSchema>, name: string, ...types: string[]): boolean {
  return (schemaTypes(model.registry, properties[name]) ?? []).some((type) => types.includes(type));
}

/**
 * How a resource's records move amounts of others (a refund of a charge adds to its
 * `amount_refunded` and, once all of it is refunded, sets `refunded`): the parent a nested
 * create names or the records its fields name, whose totals are named for what the record
 * does. None where its records have no `amount`. `model` is the artifact with its references planned.
 */
export function planMoves(model: RuntimeModel, resource: ArtifactResource): RecordPlan['moves'] {
  const own = objectView(model.registry, resource.itemSchema).properties;
  if (!typed(model, own, 'amount', 'integer', 'number')) return [];
  const done = doneForms(singular(words(resource.name.split('.').at(-1) ?? '').at(-1) ?? ''));
  const candidates: Array<{ target: ArtifactResource; via: RecordPlan['moves'][number]['via'] }> = [];
  const parent = parentOf(model, resource);
  const parentResource = parent === null ? undefined : model.resources.get(parent.name);
  if (parent !== null && parentResource !== undefined && parentResource.kind === 'collection') candidates.push({ target: parentResource, via: { parameter: parent.parameter } });
  for (const field of Object.keys(own)) {
    const target = targetFor(model, resource, field);
    if (target !== null && target !== parentResource && target.kind === 'collection') candidates.push({ target, via: { field } });
  }
  return candidates.flatMap(({ target, via }) => {
    const theirs = objectView(model.registry, target.itemSchema).properties;
    const named = (name: string, forms: (form: string) => string[]) => [...done].some((form) => forms(form).includes(squash(name)));
    const total = Object.keys(theirs).find((name) => named(name, (form) => [`amount${form}`, `${form}amount`]) && typed(model, theirs, name, 'integer', 'number'));
    if (total === undefined) return [];
    const flag = Object.keys(theirs).find((name) => named(name, (form) => [form, `is${form}`]) && typed(model, theirs, name, 'boolean')) ?? null;
    return [{ target: target.name, via, total, flag }];
  });
}
