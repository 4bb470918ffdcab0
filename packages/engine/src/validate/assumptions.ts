import type { ErrorObject } from 'ajv';
import { isObject, type Json } from '../json.js';
import { SWAGGER_SCHEMA_KEYS } from '../normalise/parameters.js';

/** JSON Schema 2020-12 keywords an OpenAPI 3.0 or 2.0 schema does not define, which the compiler still honours. */
const JSON_SCHEMA_KEYWORDS = new Set(['const', 'examples', '$defs', 'if', 'then', 'else', 'prefixItems', 'contains', 'minContains', 'maxContains', 'dependentRequired', 'dependentSchemas', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'patternProperties', 'contentMediaType', 'contentEncoding']);
const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const EMPTY_ANSWER = 'The operation answers as its behaviour implies, unchecked: a create 201 with the record, a read, list or update 200 with what it holds, anything else 200 with no body.';
const NO_OPERATIONS = 'The document is read as declaring no operations.';

/** A place in the document: its keys (indices as numbers) and the value at each step, root first. */
interface Place {
  path: (string | number)[];
  nodes: (Json | undefined)[];
}

function placeOf(root: Json, keys: readonly string[]): Place {
  const place: Place = { path: [], nodes: [root] };
  let node: Json | undefined = root;
  for (const key of keys) {
    const index: boolean = Array.isArray(node) && /^\d+$/.test(key);
    place.path.push(index ? Number(key) : key);
    node = Array.isArray(node) ? (index ? node[Number(key)] : undefined) : isObject(node) && Object.hasOwn(node, key) ? node[key] : undefined;
    place.nodes.push(node);
  }
  return place;
}

/** The key `up` steps above the place's own (0: its own key). */
const keyAt = (place: Place, up: number) => place.path[place.path.length - 1 - up];

/**
 * The place is a Parameter Object (`up` 0) or a field of one (`up` 1): an item of a
 * `parameters` list, or one of `components.parameters` (2.0: the top-level `parameters`).
 */
function inParameter(place: Place, up: 0 | 1): boolean {
  const depth = place.path.length - up;
  const [first, second] = place.path;
  if (depth === 3 && first === 'components' && second === 'parameters') return true;
  if (depth === 2 && first === 'parameters') return true;
  return typeof keyAt(place, up) === 'number' && keyAt(place, up + 1) === 'parameters';
}

/** How a parameter without a usable schema is read: by the OpenAPI 2.0-style fields it has (`type: integer`), else as a string. */
function schemaless(parameter: Json | undefined): string {
  if (isObject(parameter) && SWAGGER_SCHEMA_KEYS.some((key) => Object.hasOwn(parameter, key))) {
    return 'The parameter is read by the OpenAPI 2.0 fields it has (`type`, `format`, `enum` and the like), as if they were its schema.';
  }
  return 'The parameter is read as a string.';
}

/** The place is a security scheme (`components.securitySchemes.<name>` or 2.0's `securityDefinitions.<name>`). */
function isSecurityScheme({ path }: Place): boolean {
  return (path.length === 3 && path[0] === 'components' && path[1] === 'securitySchemes') || (path.length === 2 && path[0] === 'securityDefinitions');
}

/** The place is an operation's `responses`. */
function isResponses({ path }: Place): boolean {
  return path.length === 4 && path[0] === 'paths' && path[3] === 'responses';
}

/** Fields without which a security scheme cannot be checked; the others (oauth2 `flows`...) do not change what is checked. */
const SCHEME_FIELDS = new Set(['type', 'in', 'name', 'scheme']);

function forMissing(field: string, place: Place): string {
  if (isSecurityScheme(place)) return SCHEME_FIELDS.has(field) ? 'The scheme is not checked.' : 'The build goes on without it.';
  if (place.path.length === 0) return field === 'info' ? 'The Simulator is built with an empty title and version.' : field === 'paths' ? NO_OPERATIONS : 'The build goes on without it.';
  if (field === 'responses') return EMPTY_ANSWER;
  if (field === 'title' || field === 'version' || field === 'description') return 'It is taken as empty.';
  if (inParameter(place, 0)) {
    const parameter = place.nodes[place.nodes.length - 1];
    if (field === 'name' || field === 'in') return 'The parameter is ignored.';
    if (field === 'required') return 'A path parameter is always required, so it is read as required.';
    if (isObject(parameter) && parameter['in'] === 'body') return 'The body is taken to accept any JSON value.';
    return schemaless(parameter);
  }
  return 'The build goes on without it.';
}

function forWrongValue(place: Place): string {
  const { path } = place;
  const own = keyAt(place, 0);
  if (path.length === 1 && own === 'paths') return NO_OPERATIONS;
  if (path.length === 2 && path[0] === 'paths') return 'The path is skipped.';
  if (path.length === 3 && path[0] === 'paths' && METHODS.has(String(own))) return 'The operation is skipped.';
  if (isResponses(place)) return EMPTY_ANSWER;
  if (isSecurityScheme(place)) return 'The scheme is not checked.';
  if (inParameter(place, 0) || (own === 'in' && inParameter(place, 1)) || (own === 'name' && inParameter(place, 1))) return 'The parameter is ignored.';
  if (own === 'style' && inParameter(place, 1)) return 'The parameter is read with the default style of its location.';
  if ((own === 'schema' || own === 'content') && inParameter(place, 1)) return schemaless(place.nodes[place.nodes.length - 2]);
  return 'The value is ignored.';
}

/** The place is a Schema Object or inside one. */
function insideSchema(place: Place): boolean {
  const [first, second] = place.path;
  return (first === 'components' && second === 'schemas') || first === 'definitions' || place.path.includes('schema');
}

/**
 * What the compiler does in place of what a structural slip leaves out or gets wrong, said in
 * the warning so that a user knows what the Simulator assumed: a parameter without a schema is
 * a string, an operation without responses answers as its behaviour implies, an unknown field or a
 * value of the wrong type is ignored.
 */
export function assumptionFor(error: ErrorObject, keys: readonly string[], root: Json): string {
  const place = placeOf(root, keys);
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'required':
      return forMissing(String(params['missingProperty']), place);
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      if (insideSchema(place) && JSON_SCHEMA_KEYWORDS.has(extra)) return 'It is read as JSON Schema 2020-12 defines it.';
      return 'It is ignored.';
    }
    case 'minProperties':
      return isResponses(place) ? EMPTY_ANSWER : 'The value is ignored.';
    default:
      return forWrongValue(place);
  }
}
