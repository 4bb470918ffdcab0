/**
 * A declared fault's detail as a service writes it: about the request it refuses. The detail
 * is generated from its schema, then each simple field the request also sent under the same
 * name (any case, at any depth of the input) takes the request's value, so a
 * `CustomerNotFound` names the `customerId` that was asked for, not an invented one.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import { generateValue, type GenerateContext } from '../../values/generate-value.js';

/** Deeper than any input worth echoing; the walk stops there. */
const MAX_DEPTH = 16;

type Simple = string | number | boolean;

export function faultDetail(schema: JsonSchema, ctx: GenerateContext): Json {
  const generated = generateValue(schema, ctx);
  if (ctx.input === undefined) return generated;
  const sent = simpleValues(ctx.input);
  return sent.size === 0 ? generated : echo(generated, sent, 0);
}

/** The request's simple values by lower-cased field name, the shallowest first (breadth first). */
function simpleValues(input: Json): Map<string, Simple> {
  const found = new Map<string, Simple>();
  let level: Json[] = [input];
  for (let depth = 0; depth < MAX_DEPTH && level.length > 0; depth += 1) {
    const next: Json[] = [];
    for (const value of level) {
      if (Array.isArray(value)) next.push(...value);
      else if (isObject(value)) {
        for (const [key, inner] of Object.entries(value)) {
          if (isSimple(inner)) {
            if (!found.has(key.toLowerCase())) found.set(key.toLowerCase(), inner);
          } else if (inner !== null) next.push(inner as Json);
        }
      }
    }
    level = next;
  }
  return found;
}

/** The generated value with each simple field the request sent replaced by the request's value, kept to the generated value's type. */
function echo(value: Json, sent: Map<string, Simple>, depth: number): Json {
  if (depth > MAX_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => echo(item, sent, depth + 1));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, inner] of Object.entries(value)) {
    const asked = sent.get(key.toLowerCase());
    setOwn(out, key, asked !== undefined && isSimple(inner) ? asType(asked, inner) : echo(inner as Json, sent, depth + 1));
  }
  return out;
}

function isSimple(value: unknown): value is Simple {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

/** The request's value where it has the generated value's type, or is text the detail can hold; the generated value otherwise. */
function asType(asked: Simple, generated: Simple): Simple {
  if (typeof asked === typeof generated) return asked;
  return typeof generated === 'string' ? String(asked) : generated;
}
