/**
 * `xsi:type` naming a complex type (SoapModel.types): an element declared with a type may hold
 * a type derived from it, read and written by the derived type's schema, so that the derived
 * type's own fields are kept. Where an older artifact has no table, nothing here applies.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import type { SoapType, XmlQName } from '../../../artifact/soap.js';
import { isObject, type Json } from '../../../json.js';
import { shapeOf, type Schemas } from './xml-schema.js';

export type TypeTable = Record<string, SoapType>;

const PREFIX = '#/schemas/';
const MAX_STEPS = 64;

/** The component a property's schema refers to (through a nillable value's `anyOf`), or null. */
export function componentOf(schema: JsonSchema): string | null {
  if (!isObject(schema)) return null;
  if (typeof schema.$ref === 'string') return schema.$ref.startsWith(PREFIX) ? schema.$ref.slice(PREFIX.length) : null;
  const branches = Array.isArray(schema.anyOf) ? schema.anyOf : [];
  for (const branch of branches) {
    const found = componentOf(branch as JsonSchema);
    if (found !== null) return found;
  }
  return null;
}

const clarkOf = (name: XmlQName): string => (name.ns === '' ? name.local : `{${name.ns}}${name.local}`);

/** Per table: each type by its component, and the types derived from each (directly). */
interface Index {
  byComponent: Map<string, string>;
  derived: Map<string, string[]>;
}
const indexes = new WeakMap<TypeTable, Index>();

function indexOf(types: TypeTable): Index {
  let index = indexes.get(types);
  if (index !== undefined) return index;
  index = { byComponent: new Map(), derived: new Map() };
  for (const [name, type] of Object.entries(types)) {
    if (!index.byComponent.has(type.schema)) index.byComponent.set(type.schema, name);
    if (type.base !== undefined) index.derived.set(type.base, [...(index.derived.get(type.base) ?? []), name]);
  }
  indexes.set(types, index);
  return index;
}

/** Whether `name` is `ancestor` or derives from it, through the table's bases. */
function derivesFrom(types: TypeTable, name: string, ancestor: string): boolean {
  let at: string | undefined = name;
  for (let steps = 0; at !== undefined && steps < MAX_STEPS; steps += 1) {
    if (at === ancestor) return true;
    at = Object.hasOwn(types, at) ? types[at]!.base : undefined;
  }
  return false;
}

/**
 * The schema an element whose `xsi:type` names a type other than a built-in one is read by:
 * the named complex type's where it is the declared type or derives from it (or where the
 * declaration allows anything); the declared schema for a simple value; else, where a complex
 * type is declared, a problem naming the type.
 */
export function schemaOfXsiType(types: TypeTable, written: string, type: XmlQName, declared: JsonSchema, anything: boolean): { schema: JsonSchema } | { problem: string } {
  const name = clarkOf(type);
  const found = Object.hasOwn(types, name) ? types[name]! : undefined;
  const component = componentOf(declared);
  // A simple value's type (a declared enumeration), or one an `anyType` accessor does not know, reads as declared.
  if (found === undefined && (anything || component === null)) return { schema: declared };
  if (found === undefined) return { problem: `xsi:type="${written}" names ${name}, a type the service's schema does not declare` };
  if (anything) return { schema: { $ref: `${PREFIX}${found.schema}` } };
  const declaredName = component === null ? undefined : indexOf(types).byComponent.get(component);
  if (declaredName === undefined || !derivesFrom(types, name, declaredName)) {
    return { problem: `xsi:type="${written}" names ${name}, which is not ${declaredName === undefined ? 'the type declared here' : `${declaredName} or a type derived from it`}` };
  }
  return { schema: found.schema === component ? declared : { $ref: `${PREFIX}${found.schema}` } };
}

/**
 * The derived type a value is written as, where it holds fields its declared type does not
 * name: the first derived type (nearest first) whose schema names every field of the value.
 * Null where the declared type's own schema names them all, or no derived type does.
 */
export function derivedTypeFor(types: TypeTable, schema: JsonSchema, value: Json, schemas: Schemas): { type: XmlQName; schema: JsonSchema } | null {
  if (!isObject(value)) return null;
  const component = componentOf(schema);
  const index = indexOf(types);
  const declared = component === null ? undefined : index.byComponent.get(component);
  if (declared === undefined || !index.derived.has(declared)) return null;
  const names = (s: JsonSchema) => new Set(shapeOf(s, schemas).places.map((p) => p.key));
  const fits = (s: JsonSchema) => {
    const known = names(s);
    return Object.keys(value).every((key) => known.has(key));
  };
  if (fits(schema)) return null;
  const queue = [...index.derived.get(declared)!];
  for (let i = 0; i < queue.length && i < MAX_STEPS * 16; i += 1) {
    const name = queue[i]!;
    const candidate: JsonSchema = { $ref: `${PREFIX}${types[name]!.schema}` };
    if (fits(candidate)) {
      const match = /^\{([^}]*)\}(.*)$/.exec(name);
      return { type: match === null ? { ns: '', local: name } : { ns: match[1]!, local: match[2]! }, schema: candidate };
    }
    queue.push(...(index.derived.get(name) ?? []));
  }
  return null;
}
