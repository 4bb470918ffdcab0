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
/** How much of a tool's schema its definitions may take, in characters of JSON (about 32 KiB). */
const DEFS_BUDGET = 32 * 1024;
/** Keywords whose values are data, not schemas. */
const VALUE_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required', 'type', 'format', 'pattern', 'title', 'description']);
/** Keywords holding schemas by a name of the document's (a property may well be called `x-id`). */
const MAP_KEYWORDS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/** Builds one tool schema at a time, gathering the definitions its parts refer to. */
export class StandaloneSchemaWriter {
  readonly #schemas: Record<string, JsonSchema>;
  readonly #defs = new Map<string, Json>();
  /** Every definition referred to, in the order first reached: the nearest first. */
  readonly #pending: string[] = [];
  /** Definition names by the reference that names them. */
  readonly #names = new Map<string, string>();

  constructor(schemas: Record<string, JsonSchema>) {
    this.#schemas = schemas;
  }

  /** A copy of `schema` whose references point at this schema's `$defs`. */
  part(schema: JsonSchema | null): Json {
    if (schema === null) return {};
    return this.#copy(schema);
  }

  /**
   * `root` with the definitions its parts reach, nearest first, up to a budget: an API whose
   * schemas all refer to each other (GitHub's, Stripe's) would otherwise give every tool all of
   * them. A definition past the budget is left out, and what referred to it accepts any value,
   * saying which schema it was.
   */
  finish(root: JsonObject): JsonObject {
    let spent = 0;
    const kept = new Set<string>();
    for (let next = 0; next < this.#pending.length; next += 1) {
      const name = this.#pending[next]!;
      if (spent > DEFS_BUDGET) break;
      const target = Object.hasOwn(this.#schemas, name) ? this.#schemas[name] : undefined;
      const copy = target === undefined ? {} : this.#copy(target);
      spent += JSON.stringify(copy).length;
      this.#defs.set(name, copy);
      kept.add(name);
    }
    if (kept.size === 0) return root;
    const trimmed = kept.size < this.#pending.length;
    const defs: JsonObject = {};
    for (const name of [...kept].sort()) defs[name] = trimmed ? this.#without(this.#defs.get(name)!, kept) : this.#defs.get(name)!;
    return { ...(trimmed ? (this.#without(root, kept) as JsonObject) : root), $defs: defs };
  }

  /** `value` with every reference to a definition not kept turned into a schema that accepts anything. */
  #without(value: Json, kept: ReadonlySet<string>): Json {
    if (Array.isArray(value)) return value.map((item) => this.#without(item, kept));
    if (!isObject(value)) return value;
    const ref = value['$ref'];
    const name = typeof ref === 'string' ? this.#names.get(ref) : undefined;
    if (name !== undefined && !kept.has(name)) {
      const { $ref: _dropped, ...rest } = value;
      return { ...rest, description: `A ${name} of the API's document (its schema is left out here for size).` };
    }
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, this.#without(item, kept)]));
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
    const ref = `${DEFS_REF}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (!this.#names.has(ref)) {
      this.#names.set(ref, name);
      this.#pending.push(name);
    }
    return ref;
  }
}
