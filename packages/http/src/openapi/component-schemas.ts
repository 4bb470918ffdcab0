import { z } from 'zod';

type JsonObject = Record<string, unknown>;

const TO_JSON_SCHEMA = { target: 'draft-2020-12', io: 'input', unrepresentable: 'any' } as const;

/**
 * Recursive schemas, by the name they take in `components/schemas`. zod cannot inline a cycle,
 * so it writes one into the converted schema's own `$defs` and points at it with `#/$defs/...`,
 * which inside an OpenAPI document resolves against the document, not the schema. Each such
 * definition is moved into the components under the name given here; one not listed is an error,
 * so that a new recursive shape gets a name a reader can follow.
 */
const RECURSIVE_SCHEMAS: ReadonlyArray<{ name: string; schema: z.ZodType; description: string }> = [
  { name: 'JsonValue', schema: z.json(), description: 'Any JSON value.' },
];

/**
 * JSON Schemas for the document: named zod schemas become `components/schemas` entries that
 * others reference, and the `$defs` zod emits for cycles are hoisted beside them.
 */
export class ComponentSchemas {
  private readonly schemas: Record<string, JsonObject> = {};
  private readonly recursiveByShape: ReadonlyMap<string, { name: string; description: string }>;

  constructor(private readonly named: ReadonlyMap<z.ZodType, string>) {
    // An id-less recursive root refers to itself as `#`: that is the shape its hoisted copy takes
    // once its references to itself are written the same way.
    this.recursiveByShape = new Map(RECURSIVE_SCHEMAS.map(({ schema, ...named }) => [JSON.stringify(convert(schema)), named]));
    for (const [schema, name] of named) this.add(name, this.resolve(schema, name));
  }

  /** A reference to a named schema, or the schema written inline with its cycles hoisted. */
  schemaOf(schema: z.ZodType | JsonObject): JsonObject {
    if (!(schema instanceof z.ZodType)) return schema;
    const name = this.named.get(schema);
    return name === undefined ? this.resolve(schema, undefined) : { $ref: componentRef(name) };
  }

  /** Every component schema collected so far, named ones first. */
  all(): JsonObject {
    return { ...this.schemas };
  }

  private resolve(schema: z.ZodType, name: string | undefined): JsonObject {
    const { $defs, ...root } = convert(schema);
    const defs = Object.entries(($defs ?? {}) as Record<string, JsonObject>).map(([id, def]) => {
      const shape = JSON.stringify(rewriteRefs(def, (ref) => (ref === defRef(id) ? '#' : ref)));
      const hoisted = this.recursiveByShape.get(shape);
      if (hoisted === undefined) {
        throw new Error(`The OpenAPI document cannot place the recursive schema ${shape}: name it in RECURSIVE_SCHEMAS.`);
      }
      return { ref: defRef(id), name: hoisted.name, def: { description: hoisted.description, ...def } };
    });
    const rewrite = (ref: string): string => {
      if (ref === '#') {
        if (name === undefined) throw new Error('A recursive schema written inline cannot refer to itself; name it among the component schemas.');
        return componentRef(name);
      }
      const hoisted = defs.find((d) => d.ref === ref);
      return hoisted === undefined ? ref : componentRef(hoisted.name);
    };
    for (const d of defs) this.add(d.name, rewriteRefs(d.def, rewrite) as JsonObject);
    return rewriteRefs(root, rewrite) as JsonObject;
  }

  private add(name: string, schema: JsonObject): void {
    const existing = this.schemas[name];
    if (existing !== undefined && JSON.stringify(existing) !== JSON.stringify(schema)) {
      throw new Error(`Two different schemas are named ${name} in the OpenAPI document.`);
    }
    this.schemas[name] = schema;
  }
}

function convert(schema: z.ZodType): JsonObject {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, TO_JSON_SCHEMA) as JsonObject;
  return rest;
}

const componentRef = (name: string): string => `#/components/schemas/${name}`;
const defRef = (id: string): string => `#/$defs/${id}`;

/** A copy of `value` with every `$ref` string passed through `map`. */
function rewriteRefs(value: unknown, map: (ref: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => rewriteRefs(item, map));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, key === '$ref' && typeof item === 'string' ? map(item) : rewriteRefs(item, map)]));
}
