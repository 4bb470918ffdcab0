import type { ErrorExample, JsonSchema } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json } from '../../../json.js';
import type { Refusal } from '../../answers/refusal-reason.js';
import { conform } from '../../answers/conform.js';
import type { GenerateContext } from '../../values/generate-value.js';

/**
 * A refusal answered from the document's example of the error: the example as given, with the
 * fields the build marked (ErrorExample.fills) written from the refusal, made to fit the schema.
 * Which field is which was decided when the artifact was built; nothing here reads a name.
 */
export function exampleBody(example: ErrorExample, schema: JsonSchema | null, refusal: Refusal, ctx: GenerateContext): Json {
  const body = structuredClone(example.value);
  for (const fill of example.fills) {
    const at = parentOf(body, fill.path);
    if (at === null) continue;
    const [parent, last] = at;
    if (fill.with === 'message') write(parent, last, refusal.message);
    else if (fill.with === 'status') write(parent, last, typeof read(parent, last) === 'string' ? String(refusal.status) : refusal.status);
    else if (refusal.field) write(parent, last, refusal.field);
    else if (fill.optional === true && isObject(parent) && typeof last === 'string') delete parent[last];
  }
  return conform(body, schema, ctx);
}

type Container = Json[] | { [key: string]: Json };

function parentOf(value: Json, path: (string | number)[]): [Container, string | number] | null {
  let node: Json | undefined = value;
  for (const step of path.slice(0, -1)) {
    node = read(node, step);
    if (node === undefined) return null;
  }
  const last = path[path.length - 1];
  return last !== undefined && (isObject(node) || Array.isArray(node)) ? [node, last] : null;
}

function read(node: Json | undefined, step: string | number): Json | undefined {
  if (typeof step === 'number') return Array.isArray(node) ? node[step] : undefined;
  return isObject(node) && Object.hasOwn(node, step) ? node[step] : undefined;
}

function write(parent: Container, step: string | number, value: Json): void {
  if (typeof step === 'number' && Array.isArray(parent)) parent[step] = value;
  else if (typeof step === 'string' && isObject(parent)) setOwn(parent, step, value);
}
