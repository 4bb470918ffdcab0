/**
 * JSON Schemas an agent's client can read on their own: the artifact's schemas refer to each
 * other as `#/schemas/<Name>`; a tool's schema carries the ones it reaches as `$defs`, and
 * leaves out the artifact's own annotations (`x-xml`, `x-simplane-*`), which say nothing to a
 * client. The definitions are copied once per Simulator, when its tools are first listed
 * (ToolDefinitions); each tool names those it carries.
 */
import { SCHEMA_DATA, SCHEMA_MAPS, type JsonSchema } from '../artifact/json-schema.js';
import type { ToolDefinitions, ToolSchema } from '../artifact/tool.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { withoutLeftOut } from '../runtime/tools/tool-schema.js';

const ARTIFACT_REF = '#/schemas/';
const DEFS_REF = '#/$defs/';
/** How much of a tool's schema its definitions may take, in characters of JSON (about 32 KiB). */
const DEFS_BUDGET = 32 * 1024;

/** A definition's copy, the definitions it refers to in the order first reached, and its size. */
interface Definition {
  copy: Json;
  refs: string[];
  size: number;
}

/** The copies of the artifact's schemas every tool of a build shares. */
export class ToolDefinitionCopies {
  readonly #schemas: Record<string, JsonSchema>;
  readonly #copies = new Map<string, Definition>();
  /** Every definition some tool carries: what the artifact keeps. */
  readonly used: ToolDefinitions = {};

  constructor(schemas: Record<string, JsonSchema>) {
    this.#schemas = schemas;
  }

  definition(name: string): Definition {
    let found = this.#copies.get(name);
    if (found === undefined) {
      const refs: string[] = [];
      const target = Object.hasOwn(this.#schemas, name) ? this.#schemas[name] : undefined;
      const copy = target === undefined ? {} : copySchema(target, refs);
      found = { copy, refs, size: JSON.stringify(copy).length };
      this.#copies.set(name, found);
    }
    return found;
  }

  keep(name: string): void {
    if (!Object.hasOwn(this.used, name)) Object.defineProperty(this.used, name, { value: this.definition(name).copy, enumerable: true, writable: true, configurable: true });
  }
}

/** Builds one tool schema at a time, gathering the definitions its parts refer to. */
export class ToolSchemaWriter {
  readonly #definitions: ToolDefinitionCopies;
  /** Every definition its parts refer to, in the order first reached. */
  readonly #reached: string[] = [];

  constructor(definitions: ToolDefinitionCopies) {
    this.#definitions = definitions;
  }

  /** A copy of `schema` whose references point at this schema's `$defs`. */
  part(schema: JsonSchema | null): Json {
    if (schema === null) return {};
    const refs: string[] = [];
    const copy = copySchema(schema, refs);
    for (const name of refs) if (!this.#reached.includes(name)) this.#reached.push(name);
    return copy;
  }

  /**
   * `root` with the definitions its parts reach, nearest first, up to a budget: an API whose
   * schemas all refer to each other (GitHub's, Stripe's) would otherwise give every tool all of
   * them. A definition past the budget is left out, and what referred to it accepts any value,
   * saying which schema it was.
   */
  finish(root: JsonObject): ToolSchema {
    const pending = [...this.#reached];
    const seen = new Set(pending);
    const kept = new Set<string>();
    let spent = 0;
    for (let next = 0; next < pending.length; next += 1) {
      if (spent > DEFS_BUDGET) break;
      const name = pending[next]!;
      const definition = this.#definitions.definition(name);
      spent += definition.size;
      kept.add(name);
      for (const ref of definition.refs) {
        if (!seen.has(ref)) {
          seen.add(ref);
          pending.push(ref);
        }
      }
    }
    for (const name of kept) this.#definitions.keep(name);
    const trimmed = kept.size < pending.length;
    return { root: trimmed ? (withoutLeftOut(root, kept) as JsonObject) : root, defs: [...kept].sort(), ...(trimmed ? { trimmed: true as const } : {}) };
  }
}

/** A schema's copy: its keywords, less the annotations; the values of `enum`, `const`, `default` and examples as they are. Names referred to are added to `refs`, first reached first. */
function copySchema(value: Json, refs: string[]): Json {
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, item] of Object.entries(value)) {
    if (key.startsWith('x-')) continue;
    let copy: Json;
    if (key === '$ref' && typeof item === 'string' && item.startsWith(ARTIFACT_REF)) copy = refer(item.slice(ARTIFACT_REF.length), refs);
    else if (SCHEMA_DATA.has(key)) copy = item;
    else if (SCHEMA_MAPS.has(key) && isObject(item)) copy = Object.fromEntries(Object.entries(item).map(([name, sub]) => [name, copySchema(sub, refs)]));
    else if (Array.isArray(item)) copy = item.map((sub) => copySchema(sub, refs));
    else copy = copySchema(item, refs);
    Object.defineProperty(out, key, { value: copy, enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function refer(name: string, refs: string[]): string {
  if (!refs.includes(name)) refs.push(name);
  return `${DEFS_REF}${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;
}
