import type { JsonSchema } from '../artifact/artifact.js';
import { isAnnotation } from '../annotations.js';
import { isObject, type Json } from '../json.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';

/** Keywords this check reads; a schema holding any other that constrains it is left to the full validator. */
const READ = new Set(['$ref', 'type', 'const', 'enum', 'allOf', 'anyOf', 'oneOf', 'not', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'minItems', 'maxItems', 'uniqueItems', 'items', 'prefixItems', 'format', 'properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'propertyNames', 'minLength', 'maxLength', 'pattern', 'nullable', 'discriminator', '$schema', '$id', '$anchor', '$defs']);

/**
 * Whether a schema accepts one of the plain values a new record starts with (`0`, `false`,
 * `[]`, `null`), as the full validator would say, without compiling one: a build asks this of
 * every required field of every resource, and compiling a validator for each doubled the build
 * of a document of a thousand operations. A schema of keywords it does not read goes to `registry`.
 */
export function accepts(registry: SchemaRegistry, schema: JsonSchema | null | undefined, value: null | 0 | false | []): boolean {
  const verdict = check(registry, schema, value, 0);
  return verdict ?? registry.validate(schema, value).ok;
}

/** True or false where the keywords read decide, undefined where they do not. */
function check(registry: SchemaRegistry, schema: JsonSchema | null | undefined, value: Json, depth: number): boolean | undefined {
  if (depth > 16) return undefined;
  if (schema === null || schema === undefined || schema === true) return true;
  if (schema === false) return false;
  const node = registry.resolve(schema);
  if (!isObject(node)) return node !== false;
  if (Object.keys(node).some((key) => !READ.has(key) && !isAnnotation(key))) return undefined;
  if (typeof node.$ref === 'string' && !node.$ref.startsWith('#/schemas/')) return undefined;
  const kind = value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value === 'number' ? 'integer' : 'boolean';
  const types = typeof node.type === 'string' ? [node.type] : Array.isArray(node.type) ? node.type : null;
  if (types !== null && !types.includes(kind) && !(kind === 'integer' && types.includes('number'))) return false;
  if (Object.hasOwn(node, 'const') && !same(node.const as Json, value)) return false;
  if (Array.isArray(node.enum) && !node.enum.some((member) => same(member as Json, value))) return false;
  if (typeof value === 'number') {
    const number = (key: string) => (typeof node[key] === 'number' ? (node[key] as number) : undefined);
    if ((number('minimum') ?? -Infinity) > 0 || (number('maximum') ?? Infinity) < 0) return false;
    if ((number('exclusiveMinimum') ?? -Infinity) >= 0 || (number('exclusiveMaximum') ?? Infinity) <= 0) return false;
  }
  if (Array.isArray(value) && typeof node.minItems === 'number' && node.minItems > 0) return false;
  const parts = (key: string) => (Array.isArray(node[key]) ? (node[key] as JsonSchema[]) : null);
  const verdicts = (members: JsonSchema[]) => members.map((member) => check(registry, member, value, depth + 1));
  const all = parts('allOf');
  if (all !== null) {
    const found = verdicts(all);
    if (found.includes(false)) return false;
    if (found.includes(undefined)) return undefined;
  }
  const any = parts('anyOf');
  if (any !== null) {
    const found = verdicts(any);
    if (!found.includes(true)) return found.includes(undefined) ? undefined : false;
  }
  const one = parts('oneOf');
  if (one !== null) {
    const found = verdicts(one);
    if (found.includes(undefined)) return undefined;
    if (found.filter(Boolean).length !== 1) return false;
  }
  if (Object.hasOwn(node, 'not')) {
    const negated = check(registry, node.not as JsonSchema, value, depth + 1);
    if (negated === undefined) return undefined;
    if (negated) return false;
  }
  return true;
}

/** Equality of a schema's `const` or `enum` member with one of the plain values. */
function same(member: Json, value: Json): boolean {
  if (Array.isArray(value)) return Array.isArray(member) && member.length === 0;
  return member === value;
}
