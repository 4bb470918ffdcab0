import type { Artifact, ArtifactResource, LifecycleHint, LifecycleRule } from '../artifact/artifact.js';
import { stateFields } from '../infer/item-fields.js';
import { SchemaLookup } from '../infer/schema-lookup.js';
import { squash } from '../infer/naming.js';
import { inferredName } from './inferred-rules.js';
import { NOT_STARTED_STATES, TERMINAL_STATES } from '../vocabulary/states.js';

/**
 * A version 1 artifact as version 2 reads it: its lifecycle hints (`expires_at` beside
 * `expired`) become the inferred rules a version 2 build would hold for them, firing from the
 * state values that are still live. Nothing else changed between the versions.
 */
export function upgradeV1(artifact: Omit<Artifact, 'version'> & { version: 1 }): Omit<Artifact, 'version'> & { version: 2 } {
  const lookup = new SchemaLookup(artifact.schemas ?? {});
  const resources = (artifact.resources ?? []).map((resource): ArtifactResource => {
    const hints = (resource as { lifecycle?: unknown }).lifecycle;
    const rules = Array.isArray(hints) ? (hints as LifecycleHint[]).map((hint) => fromHint(hint, resource, lookup)) : [];
    return { ...resource, lifecycle: rules };
  });
  return { ...artifact, version: 2, resources };
}

function fromHint(hint: LifecycleHint, resource: ArtifactResource, lookup: SchemaLookup): LifecycleRule {
  const values = stateFields(resource.itemSchema, lookup).find(([field]) => field === hint.stateField)?.[1] ?? [];
  const live = values.filter((v) => v !== hint.value && !TERMINAL_STATES.includes(squash(v)) && !NOT_STARTED_STATES.includes(squash(v)));
  return {
    name: inferredName(hint.value, hint.timeField),
    source: 'inferred',
    type: 'expiry',
    at: hint.timeField,
    after: null,
    from: null,
    set: { [hint.stateField]: hint.value },
    delete: false,
    when: live.length === 0 ? null : { [hint.stateField]: live },
  };
}
