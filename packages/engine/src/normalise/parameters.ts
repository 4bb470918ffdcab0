import type { ArtifactParameter, ParameterLocation } from '../artifact/artifact.js';
import { arrayField, entries, isObject, type Json, type JsonObject, setOwn, stringField } from '../json.js';
import { DESCRIBED_IDS } from '../vocabulary/identifiers.js';
import type { NormaliseContext } from './context.js';
import type { RawOperation } from './operations.js';
import { type ResolveContext, resolveObject } from './resolve-ref.js';

const LOCATIONS = new Set<string>(['path', 'query', 'header', 'cookie']);
/** The styles OpenAPI 3.x allows at each location; another is read as the location's default. */
const STYLES: Record<string, readonly string[]> = {
  path: ['simple', 'label', 'matrix'],
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  header: ['simple'],
  cookie: ['form'],
};
/** 2.0 parameter fields that describe the value, i.e. its schema. */
export const SWAGGER_SCHEMA_KEYS = ['type', 'format', 'items', 'default', 'maximum', 'exclusiveMaximum', 'minimum', 'exclusiveMinimum', 'maxLength', 'minLength', 'pattern', 'maxItems', 'minItems', 'uniqueItems', 'enum', 'multipleOf'];

/** Path-item parameters overridden by the operation's own, keyed by location and name. */
export function declaredParameters(raw: RawOperation, context: ResolveContext): Map<string, { parameter: JsonObject; location: string }> {
  const out = new Map<string, { parameter: JsonObject; location: string }>();
  const sources = [
    { list: arrayField(raw.pathItem, 'parameters'), location: raw.location.replace(/\.[a-z]+$/, '.parameters') },
    { list: arrayField(raw.operation, 'parameters'), location: `${raw.location}.parameters` },
  ];
  for (const { list, location } of sources) {
    (list ?? []).forEach((item, i) => {
      const parameter = resolveObject(item, `${location}[${i}]`, { ...context, operation: raw.id });
      const name = stringField(parameter, 'name');
      const where = stringField(parameter, 'in');
      if (!parameter || name === undefined || where === undefined) return;
      out.set(`${where}:${where === 'header' ? name.toLowerCase() : name}`, { parameter, location: `${location}[${i}]` });
    });
  }
  return out;
}

function swaggerStyle(parameter: JsonObject, where: string, context: NormaliseContext, operation: string, location: string): { style: string; explode: boolean } {
  const format = stringField(parameter, 'collectionFormat') ?? 'csv';
  const plain = where === 'query' || where === 'cookie' ? 'form' : 'simple';
  if (format === 'multi') return { style: 'form', explode: true };
  if (format === 'ssv') return { style: 'spaceDelimited', explode: false };
  if (format === 'pipes') return { style: 'pipeDelimited', explode: false };
  if (format === 'tsv') context.diagnostics.warn('parameter_style_unsupported', { operation, location }, 'collectionFormat tsv is not supported.');
  return { style: plain, explode: false };
}

/**
 * A parameter's schema from its OpenAPI 2.0 fields (`type`, `format`, `enum`...). Where nothing
 * says what the value is (a slip the build warns of), it is a string: what a request carries.
 */
function fieldsSchema(parameter: JsonObject): JsonObject {
  const schema: JsonObject = Object.fromEntries(SWAGGER_SCHEMA_KEYS.filter((k) => Object.hasOwn(parameter, k)).map((k) => [k, parameter[k] as Json]));
  if (schema['type'] === undefined && schema['enum'] === undefined && schema['items'] === undefined) schema['type'] = 'string';
  return schema;
}

/**
 * 3.x: `schema`, else the schema of the first `content` entry; without either (or with one
 * that is not an object), the 2.0-style fields or a string.
 */
function schemaSource(parameter: JsonObject): Json {
  const schema = parameter['schema'];
  if (isObject(schema) || typeof schema === 'boolean') return schema;
  if (!isObject(parameter['content'])) return fieldsSchema(parameter);
  const content = entries(parameter['content'])[0]?.[1];
  return (isObject(content) ? content['schema'] : undefined) ?? {};
}

/**
 * Template parameters no `in: path` parameter declares (a slip the build warns of): each is a
 * required string, as the template shows it.
 */
function undeclaredPathParameters(raw: RawOperation, declared: ArtifactParameter[]): ArtifactParameter[] {
  const names = new Set(declared.filter((p) => p.in === 'path').map((p) => p.name));
  return templateNames(raw.path)
    .filter((name) => !names.has(name))
    .map((name) => ({ name, in: 'path', required: true, schema: { type: 'string' }, style: 'simple', explode: false }));
}

/** The `{name}`s of a path template, each once. */
export function templateNames(path: string): string[] {
  return [...new Set([...path.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1] as string))];
}

/** The operation's path, query, header and cookie parameters with schemas and serialisation. */
export function normaliseParameters(raw: RawOperation, context: NormaliseContext): ArtifactParameter[] {
  const out: ArtifactParameter[] = [];
  for (const { parameter, location } of declaredParameters(raw, context).values()) {
    const name = stringField(parameter, 'name') as string;
    const declared = stringField(parameter, 'in') as string;
    if (!LOCATIONS.has(declared)) continue;
    const required = declared === 'path' || parameter['required'] === true;
    // `/search?q={q}` with `q` declared `in: path`: the request carries it in its query.
    const where = declared === 'path' && raw.queryNames.includes(name) ? 'query' : declared;
    if (context.family === '2.0') {
      const { style, explode } = swaggerStyle(parameter, where, context, raw.id, location);
      out.push({ name, in: where as ParameterLocation, required, schema: context.schemas.convert(fieldsSchema(parameter), location), style, explode });
      continue;
    }
    const written = stringField(parameter, 'style');
    const style = written !== undefined && STYLES[declared]?.includes(written) ? written : where === 'query' || where === 'cookie' ? 'form' : 'simple';
    const explode = typeof parameter['explode'] === 'boolean' ? parameter['explode'] : style === 'form';
    out.push({ name, in: where as ParameterLocation, required, schema: context.schemas.convert(schemaSource(parameter), `${location}.schema`), style, explode });
  }
  out.push(...undeclaredPathParameters(raw, out));
  return out;
}

/**
 * Ids the operation's path parameters' descriptions name as always there (vocabulary
 * DESCRIBED_IDS: Box's root folder `0`, Google's `me`), by parameter; null where none does.
 */
export function describedIds(raw: RawOperation, context: ResolveContext): Record<string, string[]> | null {
  let out: Record<string, string[]> | null = null;
  for (const { parameter } of declaredParameters(raw, context).values()) {
    const name = stringField(parameter, 'name') as string;
    const description = stringField(parameter, 'description');
    if (stringField(parameter, 'in') !== 'path' || description === undefined) continue;
    const text = description.slice(0, 4000);
    const ids = [...new Set(DESCRIBED_IDS.flatMap((pattern) => pattern.exec(text)?.[1] ?? []))];
    if (ids.length > 0) setOwn((out ??= {}), name, ids);
  }
  return out;
}
