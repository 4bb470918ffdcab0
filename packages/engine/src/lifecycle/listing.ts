import type { Artifact, LifecycleRule } from '../artifact/artifact.js';
import type { Json } from '../json.js';

/** One lifecycle rule as a user reads it beside the operations: what time will do to a resource's records. */
export interface LifecycleEntry {
  resource: string;
  name: string;
  source: LifecycleRule['source'];
  type: LifecycleRule['type'];
  trigger: { at: string } | { after: string; from: string };
  effect: { set: Record<string, Json> } | { delete: true };
  when: Record<string, Json[]> | null;
  /** The rule in a sentence: `status becomes "expired" at expires_at, when status is "active" or "trialing"`. */
  description: string;
}

/** Every rule of the artifact, declared or inferred, by resource (in the artifact's order) and then rule order. */
export function lifecycleListing(artifact: Artifact): LifecycleEntry[] {
  return artifact.resources.flatMap((resource) => (resource.lifecycle ?? []).map((rule) => entryOf(resource.name, rule)));
}

function entryOf(resource: string, rule: LifecycleRule): LifecycleEntry {
  const trigger = rule.at !== null ? { at: rule.at } : { after: rule.after ?? '', from: rule.from ?? '' };
  const effect: LifecycleEntry['effect'] = rule.delete ? { delete: true } : { set: rule.set ?? {} };
  const when = rule.when === null ? '' : `, when ${Object.entries(rule.when).map(([field, values]) => `${field} is ${values.map((v) => JSON.stringify(v)).join(' or ')}`).join(' and ')}`;
  const does = rule.delete ? 'the record is deleted' : Object.entries(rule.set ?? {}).map(([field, value]) => `${field} becomes ${JSON.stringify(value)}`).join(' and ');
  const time = 'at' in trigger ? `at ${trigger.at}` : `${trigger.after} after ${trigger.from}`;
  return { resource, name: rule.name, source: rule.source, type: rule.type, trigger, effect, when: rule.when, description: `${does} ${time}${when}` };
}
