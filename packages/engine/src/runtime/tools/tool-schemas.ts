/**
 * JSON Schemas an agent's client can read on their own: the artifact's schemas refer to each
 * other as `#/schemas/<Name>`; a tool's schema carries the ones it reaches as `$defs`, and
 * leaves out the artifact's own annotations (`x-xml`, `x-simplane-*`), which say nothing to a
 * client.
 */
import type { JsonSchema } from '../../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../../json.js';

const ARTIFACT_REF = '#/schemas/';
const DEFS_REF = '#/$defs/';
/** Keywords whose values are data, not schemas. */
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required', 'type', 'format', 'pattern', 'title', 'description']);
/** Keywords holding schemas by a name of the document's (a property may well be called `x-id`). */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Builds one tool schema at a time, gathering the definitions its parts refer to. */
export class StandaloneSchemaWriter {
  readonly #schemas: Record<string, JsonSchema>;
  readonly #defs = new Map<string, Json>();
  readonly #pending: string[] = [];

  constructor(schemas: Record<string, JsonSchema>) {
    this.#schemas = schemas;
  }

  /** A copy of `schema` whose references point at this schema's `$defs`. */
  part(schema: JsonSchema | null): Json {
    if (schema === null) return {};
    return this.#copy(schema);
  }

  /** `root` with every definition its parts reached. */
  finish(root: JsonObject): JsonObject {
    while (this.#pending.length > 0) {
      const name = this.#pending.pop()!;
      const target = Object.hasOwn(this.#schemas, name) ? this.#schemas[name] : undefined;
      this.#defs.set(name, target === undefined ? {} : this.#copy(target));
    }
    if (this.#defs.size === 0) return root;
    const defs: JsonObject = {};
    for (const name of [...this.#defs.keys()].sort()) defs[name] = this.#defs.get(name)!;
    return { ...root, $defs: defs };
  }

  /** A schema's copy: its keywords, less the annotations; the values of `enum`, `const`, `default` and examples as they are. */
  #copy(value: Json): Json {
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('x-')) continue;
      if (key === '$ref' && typeof item === 'string' && item.startsWith(ARTIFACT_REF)) out[key] = this.#refer(item.slice(ARTIFACT_REF.length));
      else if (VALUE_KEYWORDS.has(key)) out[key] = item;
      else if (MAP_KEYWORDS.has(key) && isObject(item)) out[key] = Object.fromEntries(Object.entries(item).map(([name, sub]) => [name, this.#copy(sub)]));
      else if (Array.isArray(item)) out[key] = item.map((sub) => this.#copy(sub));
      else out[key] = this.#copy(item);
    }
    return out;
  }

  #refer(name: string): string {
    if (!this.#defs.has(name)) {
      this.#defs.set(name, {});
      this.#pending.push(name);
    }
    return `${DEFS_REF}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
  }
}
