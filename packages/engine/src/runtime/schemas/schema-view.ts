import { isAnnotation } from '../../annotations.js';
import type { JsonSchema } from '../../artifact/artifact.js';
import { isObject, setOwn, type JsonObject } from '../../json.js';
import type { SchemaRegistry } from './schema-registry.js';

/** An object schema's properties and required names, with `$ref`s and `allOf` merged. */
export interface ObjectView {
  properties: Record<string, JsonSchema>;
  required: string[];
}

/** Views by schema object: schemas belong to one artifact and never change. Callers only read views. */
const views = new WeakMap<object, ObjectView>();

export function objectView(registry: SchemaRegistry, schema: JsonSchema | null | undefined, depth = 0): ObjectView {
  if (depth === 0 && isObject(schema)) {
    let view = views.get(schema);
    if (view === undefined) {
      view = buildView(registry, schema, 0);
      views.set(schema, view);
    }
    return view;
  }
  return buildView(registry, schema, depth);
}

function buildView(registry: SchemaRegistry, schema: JsonSchema | null | undefined, depth: number): ObjectView {
  const view: ObjectView = { properties: {}, required: [] };
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || depth > 8) return view;
  const props = resolved.properties;
  if (isObject(props)) for (const [name, sub] of Object.entries(props)) setOwn(view.properties, name, sub as JsonSchema);
  if (Array.isArray(resolved.required)) for (const name of resolved.required) if (typeof name === 'string') view.required.push(name);
  if (Array.isArray(resolved.allOf)) {
    for (const part of resolved.allOf) {
      const inner = objectView(registry, part as JsonSchema, depth + 1);
      // A property two parts define must meet both (a problem `type` any string in one part and
      // an enum in another): its schema is their allOf.
      for (const [name, sub] of Object.entries(inner.properties)) {
        const known = Object.hasOwn(view.properties, name) ? view.properties[name] : undefined;
        setOwn(view.properties, name, known === undefined || known === sub ? sub : { allOf: [known, sub] });
      }
      view.required.push(...inner.required.filter((n) => !view.required.includes(n)));
    }
  }
  if (Object.keys(view.properties).length === 0) unionView(registry, resolved, view, depth);
  return view;
}

/**
 * The view of a schema that is only alternatives (`anyOf`/`oneOf` of object shapes, as Slack's
 * conversation and user are): every field a branch declares, the first branch's schema for a
 * field several declare, and required what every object branch requires. A record is kept and
 * read by those fields; its answer fits the branch that names most of them (respond.ts).
 */
function unionView(registry: SchemaRegistry, resolved: JsonObject, view: ObjectView, depth: number): void {
  const branches = Array.isArray(resolved.anyOf) ? resolved.anyOf : Array.isArray(resolved.oneOf) ? resolved.oneOf : null;
  if (branches === null) return;
  let required: string[] | null = null;
  for (const branch of branches) {
    const inner = objectView(registry, branch as JsonSchema, depth + 1);
    if (Object.keys(inner.properties).length === 0) continue;
    for (const [name, sub] of Object.entries(inner.properties)) if (!Object.hasOwn(view.properties, name)) setOwn(view.properties, name, sub);
    required = required === null ? [...inner.required] : required.filter((name) => inner.required.includes(name));
  }
  view.required.push(...(required ?? []).filter((n) => !view.required.includes(n)));
}

/** The JSON types a schema allows (after `$ref`), or null when it does not say. */
export function schemaTypes(registry: SchemaRegistry, schema: JsonSchema | null | undefined): string[] | null {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved)) return null;
  if (typeof resolved.type === 'string') return [resolved.type];
  if (Array.isArray(resolved.type)) return resolved.type.filter((t): t is string => typeof t === 'string');
  if (Array.isArray(resolved.allOf)) for (const part of resolved.allOf) {
    const inner = schemaTypes(registry, part as JsonSchema);
    if (inner) return inner;
  }
  if (isObject(resolved.properties)) return ['object'];
  if (resolved.items !== undefined) return ['array'];
  if (Array.isArray(resolved.enum) && resolved.enum.length > 0) return [jsonType(resolved.enum[0])];
  return null;
}

export function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (Number.isInteger(value)) return 'integer';
  return typeof value;
}

/** The schema of an array's items, or null. */
export function itemsOf(registry: SchemaRegistry, schema: JsonSchema | null | undefined): JsonSchema | null {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved)) return null;
  if (resolved.items !== undefined) return resolved.items as JsonSchema;
  if (Array.isArray(resolved.allOf)) for (const part of resolved.allOf) {
    const inner = itemsOf(registry, part as JsonSchema);
    if (inner !== null) return inner;
  }
  return null;
}

export function asObject(value: unknown): JsonObject | null {
  return isObject(value) ? value : null;
}

/**
 * The schema a value is drawn for, through `$ref`s and one-part `allOf` wrappers; null when it
 * chooses its values itself (a const, an enum, examples). The compiler decides value hints by
 * it (behaviour/plan-values.ts) and the generator draws by it (values/hinted-values.ts).
 */
export function drawnSchema(registry: SchemaRegistry, schema: JsonSchema): JsonObject | null {
  let current: JsonSchema | null = schema;
  for (let hops = 0; hops < 8 && isObject(current); hops += 1) {
    if (typeof current.$ref === 'string') {
      current = registry.resolve(current);
      continue;
    }
    if (Array.isArray(current.allOf) && Object.keys(current).every((key) => key === 'allOf' || isAnnotation(key))) {
      const parts = (current.allOf as JsonSchema[]).filter((part) => !(isObject(part) && Object.keys(part).every(isAnnotation)));
      if (parts.length !== 1) return null;
      current = parts[0] as JsonSchema;
      continue;
    }
    const constrained = Object.hasOwn(current, 'const') || Array.isArray(current.enum) || Array.isArray(current.examples);
    return constrained ? null : current;
  }
  return null;
}

/** Whether a schema's own `type` is `type` or lists it. */
export function declaresType(schema: JsonObject, type: string): boolean {
  return schema.type === type || (Array.isArray(schema.type) && schema.type.includes(type));
}
