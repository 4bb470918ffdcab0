import type { ArtifactOperation, ArtifactResource, JsonSchema } from '../artifact/artifact.js';
import type { WritePlan } from '../artifact/behaviour.js';
import { isObject } from '../json.js';
import { singular, squash, words } from '../infer/naming.js';
import { chooseMedia } from '../runtime/answers/conform.js';
import { declaredSuccess } from '../runtime/answers/respond.js';
import type { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import { objectView, schemaTypes } from '../runtime/schemas/schema-view.js';
import { CREATING_PUT, DEFAULTS_TO_TRUE, REFERENCE_FIELDS, WITHHELD_ENDINGS, WITHHELD_FIELDS } from '../vocabulary/records.js';
import { UPLOAD_MEDIA_TYPE_FIELDS, UPLOAD_NAME_FIELDS, UPLOAD_SIZE_FIELDS } from '../vocabulary/uploads.js';

/** Which rules decide: those of the engine that built an artifact of that version. */
export type Era = 3 | 4;

/** What a create, replace or update does with its body; null for any other operation. */
export function planWrite(registry: SchemaRegistry, op: ArtifactOperation, resource: ArtifactResource | undefined, era: Era, describedPartial: boolean): WritePlan | null {
  if (resource === undefined || !['create', 'replace', 'update'].includes(op.behaviour)) return null;
  const upload = era >= 4 && op.behaviour === 'create' ? uploadPlan(registry, op, resource) : null;
  const reference = op.behaviour === 'create' ? referenceField(registry, op, resource) : null;
  return {
    ...(reference === null ? {} : { reference }),
    ...(era >= 4 && op.behaviour === 'update' && ['merge-patch', 'media-type', 'content-type'].includes(patchMode(registry, op)) ? { patchNulls: true as const } : {}),
    put: era >= 4 && op.behaviour === 'replace' && (describedPartial || partialUpdate(registry, op, resource)) ? 'merge' : 'replace',
    patch: era >= 4 ? patchMode(registry, op) : 'media-type',
    createsMissing: op.behaviour === 'replace' && (Object.hasOwn(op.responses, '201') || (op.operationId !== null && CREATING_PUT.test(op.operationId))),
    actsByDefault: op.behaviour === 'create' ? actionsByDefault(registry, op) : [],
    ...(upload === null ? {} : { upload }),
    withheld: { names: [...WITHHELD_FIELDS], endings: [...WITHHELD_ENDINGS] },
  };
}

/**
 * The field a create's answer names the new record by, where the answer is a reference holding
 * none of the record's fields (Autotask's `{"itemId": 13}`): an answer of one to three fields,
 * one of them `id`, `itemId`, `newId` or `<record>Id`. Null for any other answer, or a record
 * that declares no fields to tell a reference from.
 */
function referenceField(registry: SchemaRegistry, op: ArtifactOperation, resource: ArtifactResource): string | null {
  const schema = chooseMedia(declaredSuccess(op, 201).response)?.[1].schema ?? null;
  if (schema === null || resource.idField === null) return null;
  const answered = Object.keys(objectView(registry, schema).properties);
  const recordFields = objectView(registry, resource.itemSchema).properties;
  if (Object.keys(recordFields).length === 0 || answered.length === 0 || answered.length > 3 || answered.some((name) => Object.hasOwn(recordFields, name))) return null;
  const one = squash(singular(words(resource.name).at(-1) ?? ''));
  const references = answered.filter((name) => [...REFERENCE_FIELDS, `${one}id`].includes(squash(name)));
  return references.length === 1 ? references[0]! : null;
}

/**
 * Which fields of a record made from a multipart upload take the file's size, name and media
 * type: the body's first file part (`format: binary`, a `contentMediaType`, or Swagger 2.0's
 * `type: file`, converted to binary) and, of the item's fields, the first of each vocabulary
 * list that can hold it (a number of bytes; a name or media type as free text, not an enum
 * such as Box's `type: file`). Null where the body has no file part or the record no such field.
 */
function uploadPlan(registry: SchemaRegistry, op: ArtifactOperation, resource: ArtifactResource): NonNullable<WritePlan['upload']> | null {
  const multipart = Object.entries(op.requestBody?.content ?? {}).find(([type]) => type.toLowerCase().startsWith('multipart/form-data'))?.[1];
  if (multipart === undefined) return null;
  const part = Object.entries(objectView(registry, multipart.schema ?? null).properties).find(([, schema]) => isFilePart(registry, schema as JsonSchema))?.[0];
  if (part === undefined) return null;
  const fields = Object.entries(objectView(registry, resource.itemSchema).properties).filter(([name]) => name !== resource.idField && name !== part);
  const pick = (words: readonly string[], fits: (schema: JsonSchema) => boolean): string | undefined => {
    for (const word of words) {
      const found = fields.find(([name, schema]) => squash(name) === word && fits(schema as JsonSchema));
      if (found !== undefined) return found[0];
    }
    return undefined;
  };
  const size = pick(UPLOAD_SIZE_FIELDS, (schema) => (schemaTypes(registry, schema) ?? []).some((type) => type === 'integer' || type === 'number'));
  const name = pick(UPLOAD_NAME_FIELDS, (schema) => freeText(registry, schema));
  const mediaType = pick(UPLOAD_MEDIA_TYPE_FIELDS, (schema) => freeText(registry, schema));
  if (size === undefined && name === undefined && mediaType === undefined) return null;
  return { part, ...(size === undefined ? {} : { size }), ...(name === undefined ? {} : { name }), ...(mediaType === undefined ? {} : { mediaType }) };
}

/** A form part that carries a file's bytes rather than a value. */
function isFilePart(registry: SchemaRegistry, schema: JsonSchema): boolean {
  const resolved = registry.resolve(schema);
  return isObject(resolved) && (resolved.format === 'binary' || typeof resolved.contentMediaType === 'string');
}

/** A string field that may hold any text: no enum, constant or format that a file's name or media type could break. */
function freeText(registry: SchemaRegistry, schema: JsonSchema): boolean {
  const resolved = registry.resolve(schema);
  if (!isObject(resolved) || !(schemaTypes(registry, schema) ?? []).includes('string')) return false;
  return resolved.enum === undefined && resolved.const === undefined && resolved.format === undefined;
}

/**
 * How an update applies its body: an RFC 7396 merge patch where that is all its body is
 * declared as, its media type's say where it is one of several, else its fields set on the record.
 */
function patchMode(registry: SchemaRegistry, op: ArtifactOperation): WritePlan['patch'] {
  const media = Object.keys(op.requestBody?.content ?? {}).map((type) => type.toLowerCase());
  const patching = media.filter((type) => type.includes('json-patch'));
  if (patching.length > 0) return patching.length === media.length ? 'json-patch' : 'content-type';
  // A body that is a list of `{op, path}` operations is a JSON Patch whatever it is called (.NET's JsonPatchDocument as application/json).
  if (media.length > 0 && Object.values(op.requestBody?.content ?? {}).every((entry) => listsOperations(registry, entry.schema))) return 'json-patch';
  const merging = media.filter((type) => type.includes('merge-patch'));
  if (merging.length === 0) return 'merge';
  return merging.length === media.length ? 'merge-patch' : 'media-type';
}

/** Whether a body schema is a list of JSON Patch operations: items with `op` and `path`. */
function listsOperations(registry: SchemaRegistry, schema: JsonSchema | null): boolean {
  if (schema === null || schemaTypes(registry, schema)?.includes('array') !== true) return false;
  const resolved = registry.resolve(schema);
  const items = isObject(resolved) ? (resolved.items as JsonSchema | undefined) : undefined;
  const fields = items === undefined ? {} : objectView(registry, items).properties;
  return Object.hasOwn(fields, 'op') && Object.hasOwn(fields, 'path');
}

/**
 * Whether a PUT's body says it changes only what it is given (besides its description, read
 * when the document is normalised): it requires none of the fields the record requires that
 * it can hold (a record whose client must give its name on create does not lose it to a PUT
 * that leaves it out).
 */
function partialUpdate(registry: SchemaRegistry, op: ArtifactOperation, resource: ArtifactResource): boolean {
  const media = Object.values(op.requestBody?.content ?? {})[0];
  if (media === undefined || media.schema === null) return false;
  const item = objectView(registry, resource.itemSchema);
  const body = objectView(registry, media.schema);
  const recordRequires = item.required.filter((name) => name !== resource.idField && Object.hasOwn(body.properties, name));
  return recordRequires.length > 0 && !body.required.some((name) => recordRequires.includes(name));
}

/** A create's body booleans named as an action whose default is true (Stripe's charge is captured at once unless `capture=false`). */
function actionsByDefault(registry: SchemaRegistry, op: ArtifactOperation): string[] {
  const names: string[] = [];
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    for (const [name, schema] of Object.entries(objectView(registry, media.schema ?? null).properties)) {
      const resolved = registry.resolve(schema as JsonSchema);
      if (!isObject(resolved) || !(schemaTypes(registry, schema) ?? []).includes('boolean')) continue;
      const description = [isObject(schema) ? schema.description : undefined, resolved.description].filter((d) => typeof d === 'string').join(' ');
      if (resolved.default === true || (isObject(schema) && schema.default === true) || DEFAULTS_TO_TRUE.test(description)) names.push(squash(name));
    }
  }
  return names;
}
