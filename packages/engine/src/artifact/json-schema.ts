import type { JsonObject } from '../json.js';

/** JSON Schema 2020-12. Component schemas live in `Artifact.schemas`, referenced as `#/schemas/<Name>`. */
export type JsonSchema = JsonObject | boolean;

/**
 * JSON Schema's keywords whose value holds schemas by names of the document's own (a property
 * may well be called `x-id` or `$ref`), 2019's `definitions` among them.
 */
export const SCHEMA_MAPS: ReadonlySet<string> = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);

/**
 * JSON Schema's keywords by which an object schema admits more than the properties it lists:
 * composition, properties beyond the listed ones, and a reference to another schema.
 */
export const SCHEMA_EXTENDERS: readonly string[] = ['allOf', 'anyOf', 'oneOf', 'additionalProperties', 'patternProperties', '$ref'];

/** JSON Schema's keywords whose value is data, never a schema: copied as they are. */
export const SCHEMA_DATA: ReadonlySet<string> = new Set(['enum', 'const', 'default', 'examples', 'example', 'required', 'type', 'format', 'pattern', 'title', 'description']);

/**
 * OpenAPI's formats that only describe a value (its size, its encoding), which the artifact's
 * schemas keep and no check enforces: the document format's own words, one list for the
 * compiler (formats it knows) and the runtime's validators (formats they accept as given).
 */
export const ANNOTATION_FORMATS: readonly string[] = ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password'];
