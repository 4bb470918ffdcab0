import type { ArtifactOperation, ArtifactResponse, ErrorExample, ErrorFormat, JsonSchema, MediaTypeEntry } from '../artifact/artifact.js';
import { stableStringify } from '../artifact/serialise.js';
import { isObject, setOwn, type Json, type JsonObject } from '../json.js';
import { isOptional, leavesOf, planExample, textPaths, type ExamplePath } from './error-example-plan.js';
import type { SchemaLookup } from './schema-lookup.js';

/**
 * The document's own examples of its errors, kept with each error format so a refusal answers
 * with the example's codes, types, links and constant fields (docs/data-plane.md, *Refusals
 * take the document's examples*). For each status (range, `default`): the example most of the
 * operations answering in that format give, else the schema's own example. A field the
 * operations' examples give differently is the operation's, not the API's: a value most of
 * them agree on is kept, else the field is left out where the schema allows it, and a message
 * is the refusal's own. An operation whose own example differs keeps it for its own refusals.
 */
export function withErrorExamples(formats: Record<string, ErrorFormat>, operations: ArtifactOperation[], lookup: SchemaLookup): Record<string, ErrorFormat> {
  const out: Record<string, ErrorFormat> = {};
  for (const [key, format] of Object.entries(formats)) setOwn(out, key, exampled(key, format, operations, lookup));
  return out;
}

/** Each operation's distinct examples of an error, planned, one list per operation. */
type Given = ErrorExample[];

function exampled(key: string, format: ErrorFormat, operations: ArtifactOperation[], lookup: SchemaLookup): ErrorFormat {
  const formatText = `${format.mediaType} ${stableStringify(format.schema)}`;
  const shared: Given[] = [];
  const own: [string, ErrorExample][] = [];
  for (const op of operations) {
    // A `default` is the error answer of an operation that declares its success apart; else it may be the success itself.
    if (key === 'default' && !Object.keys(op.responses).some((status) => status.startsWith('2'))) continue;
    const entry = errorEntry(op.responses[key]);
    if (entry === null) continue;
    const examples = distinct(entry[1].examples.flatMap((e) => planExample(e.value, key, entry[1].schema, lookup) ?? []));
    if (examples.length === 0) continue;
    own.push([op.id, preferred(examples)]);
    if (`${entry[0]} ${stableStringify(entry[1].schema)}` === formatText) shared.push(examples);
  }
  const chosen = shared.length > 0 ? apiExample(key, format.schema, shared, lookup) : schemaExample(key, format, lookup);
  const overrides: Record<string, ErrorExample> = {};
  const chosenText = chosen === null ? null : answerText(chosen);
  for (const [id, example] of own) if (answerText(example) !== chosenText) setOwn(overrides, id, example);
  return {
    ...format,
    ...(chosen === null ? {} : { example: chosen }),
    ...(Object.keys(overrides).length === 0 ? {} : { operationExamples: overrides }),
  };
}

/** The JSON entry an error response is answered with, as errorFormats reads it: the first with a schema. */
function errorEntry(response: ArtifactResponse | undefined): [string, MediaTypeEntry] | null {
  const first = Object.entries(response?.content ?? {}).find(([, entry]) => entry.schema !== null);
  return first !== undefined && isJson(first[0]) ? first : null;
}

/** `application/json` and its `+json` kinds (`application/problem+json`), parameters aside. */
const isJson = (mediaType: string): boolean => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(mediaType.trim());

/** What an example answers, as text: its value with the fields a refusal writes blanked, and the status it answers. */
function answerText(example: ErrorExample): string {
  const value = structuredClone(example.value);
  for (const fill of example.fills) writeAt(value, fill.path, null);
  return `${String(example.status)} ${stableStringify(value)} ${stableStringify(example.fills)}`;
}

function distinct(examples: ErrorExample[]): ErrorExample[] {
  const seen = new Set<string>();
  return examples.filter((example) => {
    const text = stableStringify(example.value);
    if (seen.has(text)) return false;
    seen.add(text);
    return true;
  });
}

/** Of several examples, the first whose messages all stand as they are (it fits any refusal), else the first. */
function preferred(examples: ErrorExample[]): ErrorExample {
  return examples.find((example) => !example.fills.some((fill) => fill.with === 'message')) ?? examples[0]!;
}

/**
 * The example the most operations give (ties: one whose messages stand, then the first in the
 * document), with each field the operations disagree on settled: the value most of them give
 * where one does, else the field is left out where the schema allows it and a message becomes
 * the refusal's own.
 */
function apiExample(key: string, schema: JsonSchema | null, shared: Given[], lookup: SchemaLookup): ErrorExample {
  const counts = new Map<string, { example: ErrorExample; count: number }>();
  for (const given of shared) {
    for (const example of given) {
      const text = stableStringify(example.value);
      const seen = counts.get(text) ?? { example, count: 0 };
      seen.count += 1;
      counts.set(text, seen);
    }
  }
  const most = Math.max(...[...counts.values()].map((c) => c.count));
  const base = preferred([...counts.values()].filter((c) => c.count === most).map((c) => c.example));
  const value = structuredClone(base.value) as JsonObject;
  const theirs: ExamplePath[] = [];
  for (const { path } of leavesOf(value)) {
    const agreed = agreedValue(path, shared);
    if (agreed === undefined) theirs.push(path);
    else writeAt(value, path, agreed);
  }
  const settled = planExample(value, key, schema, lookup)!;
  const messages = textPaths(settled);
  for (const path of theirs) {
    if (settled.fills.some((fill) => samePath(fill.path, path))) continue;
    if (messages.some((p) => samePath(p, path))) settled.fills.push({ path, with: 'message' });
    else if (isOptional(schema, path, lookup)) removeAt(value, path);
  }
  return settled;
}

/**
 * The value most of the operations give at `path` (an operation counts once per value), where
 * more give it than any other and more than one does (or only one operation gives examples);
 * undefined where they split evenly or one operation alone gives it: it is then that operation's.
 */
function agreedValue(path: ExamplePath, shared: Given[]): Json | undefined {
  const counts = new Map<string, { value: Json; count: number }>();
  for (const given of shared) {
    const values = new Map<string, Json>();
    for (const example of given) {
      const value = readAt(example.value, path);
      if (value !== undefined) values.set(stableStringify(value), value);
    }
    for (const [text, value] of values) {
      const seen = counts.get(text) ?? { value, count: 0 };
      seen.count += 1;
      counts.set(text, seen);
    }
  }
  const [first, second] = [...counts.values()].sort((a, b) => b.count - a.count);
  if (first === undefined || (second !== undefined && second.count === first.count)) return undefined;
  return first.count >= 2 || shared.length === 1 ? first.value : undefined;
}

/** The error schema's own example, where no operation gives one: the first that is an object, preferring one whose messages stand. */
function schemaExample(key: string, format: ErrorFormat, lookup: SchemaLookup): ErrorExample | null {
  if (!isJson(format.mediaType)) return null;
  const examples = lookup.deref(format.schema)?.['examples'];
  if (!Array.isArray(examples)) return null;
  const planned = examples.flatMap((value) => planExample(value, key, format.schema, lookup) ?? []);
  return planned.length === 0 ? null : preferred(planned);
}

function samePath(a: ExamplePath, b: ExamplePath): boolean {
  return a.length === b.length && a.every((step, i) => step === b[i]);
}

function readAt(value: Json, path: ExamplePath): Json | undefined {
  let node: Json | undefined = value;
  for (const step of path) {
    if (typeof step === 'number') node = Array.isArray(node) ? node[step] : undefined;
    else node = isObject(node) && Object.hasOwn(node, step) ? node[step] : undefined;
    if (node === undefined) return undefined;
  }
  return node;
}

function writeAt(value: Json, path: ExamplePath, leaf: Json): void {
  const parent = readAt(value, path.slice(0, -1));
  const last = path[path.length - 1]!;
  if (typeof last === 'number' && Array.isArray(parent)) parent[last] = leaf;
  else if (typeof last === 'string' && isObject(parent)) setOwn(parent, last, leaf);
}

function removeAt(value: Json, path: ExamplePath): void {
  const parent = readAt(value, path.slice(0, -1));
  const last = path[path.length - 1];
  if (typeof last === 'string' && isObject(parent)) delete parent[last];
}
