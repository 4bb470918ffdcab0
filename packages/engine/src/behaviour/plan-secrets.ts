import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import type { RecordPlan } from '../artifact/behaviour.js';
import { squash } from '../infer/naming.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import { SECRET_FIELDS } from '../vocabulary/records.js';
import { exampleRecords } from './plan-derived.js';

/** A run of letters and digits long enough to be a secret's random part. */
const RANDOM_RUN = /[A-Za-z0-9]{8,}/g;
const HAS_RANDOM_RUN = /[A-Za-z0-9]{8,}/;

/**
 * The secrets and tokens a server makes for a new record (a payment intent's `client_secret`,
 * a webhook's `secret`, an app's `access_token`): text fields named as one, each with the form
 * the document's examples give it, the example record's id written `{id}` and each long random
 * run `{random}` (`{id}_secret_{random}` for Stripe's client secrets, `xoxb-{random}`); a field
 * no example shows is `{random}`.
 */
export function planSecrets(registry: SchemaRegistry, resource: ArtifactResource, operations: ReadonlyMap<string, ArtifactOperation>): RecordPlan['secrets'] {
  const properties = objectView(registry, resource.itemSchema).properties;
  const named = Object.keys(properties).filter((name) => SECRET_FIELDS.includes(squash(name)) && (schemaTypes(registry, properties[name]) ?? []).includes('string'));
  if (named.length === 0) return [];
  const examples = exampleRecords(registry, resource, operations);
  return named.map((field) => {
    const shown = examples.find((record) => typeof record[field] === 'string' && HAS_RANDOM_RUN.test(String(record[field])));
    if (shown === undefined) return { field, template: '{random}' };
    const id = resource.idField === null ? undefined : shown[resource.idField];
    let text = String(shown[field]);
    if (typeof id === 'string' && id.length >= 4 && text.includes(id)) text = text.split(id).join('\u0000');
    text = text.replace(RANDOM_RUN, '\u0001').replace(/[{}]/g, '');
    return { field, template: text.replaceAll('\u0000', '{id}').replaceAll('\u0001', '{random}') };
  });
}
