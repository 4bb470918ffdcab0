import type { ArtifactResponse, JsonSchema, MediaTypeEntry } from '../../artifact/artifact.js';
import { copyOwn, isObject, setOwn, type Json, type JsonObject } from '../../json.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';
import { acceptedMedia } from './accept.js';
import { objectView, schemaTypes } from '../schemas/schema-view.js';
import { generateProperty, generateValue, type GenerateContext } from '../values/generate-value.js';

/**
 * The media type to answer with: JSON first, then the first declared; with the request's
 * `Accept`, the one it prefers most (accept.ts), that order breaking ties.
 */
export function chooseMedia(response: ArtifactResponse | null, accept?: string): [string, MediaTypeEntry] | null {
  if (response === null) return null;
  const entries = Object.entries(response.content);
  // A JSON entry with a schema before one with only examples, as inference reads them (schema-lookup.ts).
  const usual = entries.find(([m, e]) => isJsonMedia(m) && e.schema !== undefined && e.schema !== null) ?? entries.find(([m]) => isJsonMedia(m)) ?? entries[0] ?? null;
  if (accept === undefined || usual === null || entries.length < 2) return usual;
  const ordered = [usual, ...entries.filter((entry) => entry !== usual)];
  const best = acceptedMedia(ordered.map(([m]) => m), accept)[0];
  return ordered.find(([m]) => m === best) ?? usual;
}

/**
 * Makes a value fit a schema: kept when it validates; otherwise an object keeps its valid
 * properties, has its object-valued ones made to fit the same way, and gets generated ones for
 * what is missing or wrong; anything else is generated.
 */
export function conform(value: Json, schema: JsonSchema | null, ctx: GenerateContext, answering = false): Json {
  // An answer's value comes from state or is made for the answer; neither changes afterwards,
  // so a pass is remembered (a record read again is not validated again).
  if (schema === null || (answering ? ctx.registry.validateUnchanging(schema, value) : ctx.registry.validate(schema, value)).ok) return value;
  if (isObject(value)) {
    const branch = closestBranch(value, schema, ctx);
    if (branch !== null) {
      const fitted = conform(value, branch, ctx);
      if (ctx.registry.validate(schema, fitted).ok) return fitted;
    }
    const view = objectView(ctx.registry, schema);
    const fixed: JsonObject = {};
    for (const [name, sub] of Object.entries(value)) {
      const propSchema = Object.hasOwn(view.properties, name) ? view.properties[name] : undefined;
      if (propSchema === undefined || ctx.registry.validate(propSchema, sub).ok) setOwn(fixed, name, sub);
      // A nested object keeps what it holds that fits (an error envelope's `{"error": {...}}`).
      else if (isObject(sub)) setOwn(fixed, name, conform(sub, propSchema, ctx));
      else {
        // The same value in the type this answer writes it in: Jira's record has the id 10000
        // where its create answers `{"id": "10000"}`.
        const retyped = retype(sub);
        if (retyped !== undefined && ctx.registry.validate(propSchema, retyped).ok) setOwn(fixed, name, retyped);
      }
    }
    for (const name of view.required) {
      if (!Object.hasOwn(fixed, name)) setOwn(fixed, name, generateProperty(view.properties[name] ?? true, ctx, fixed, view.properties));
    }
    if (ctx.registry.validate(schema, fixed).ok) return fixed;
    const generated = generateValue(schema, ctx);
    if (isObject(generated)) {
      const merged: JsonObject = copyOwn(generated);
      for (const [name, sub] of Object.entries(fixed)) {
        setOwn(merged, name, sub);
        if (ctx.registry.validate(schema, merged).ok) continue;
        // Back to the generated value, or to no field where none was generated (a field the
        // answer does not allow), so one misfit does not fail every field after it.
        if (Object.hasOwn(generated, name)) setOwn(merged, name, generated[name] as Json);
        else delete merged[name];
      }
      if (ctx.registry.validate(schema, merged).ok) return merged;
    }
    return generated;
  }
  return generateValue(schema, ctx);
}

/**
 * For an object and a choice of schemas (`oneOf`, `anyOf`), the object branch naming most of
 * the object's fields: GitHub's contents are a directory (an array), a file, a symlink or a
 * submodule, and a file written is made to fit the file, not the first branch. Null for a
 * schema without a choice, or when no object branch names any of the fields.
 */
function closestBranch(value: JsonObject, schema: JsonSchema, ctx: GenerateContext): JsonSchema | null {
  const resolved = ctx.registry.resolve(schema);
  if (!isObject(resolved)) return null;
  const branches = Array.isArray(resolved.oneOf) ? resolved.oneOf : Array.isArray(resolved.anyOf) ? resolved.anyOf : null;
  if (branches === null) return null;
  const fields = Object.keys(value);
  let best: JsonSchema | null = null;
  let bestShared = 0;
  for (const branch of branches as JsonSchema[]) {
    const types = schemaTypes(ctx.registry, branch);
    if (types !== null && !types.includes('object')) continue;
    const properties = objectView(ctx.registry, branch).properties;
    const shared = fields.filter((field) => Object.hasOwn(properties, field)).length;
    if (shared > bestShared) {
      best = branch;
      bestShared = shared;
    }
  }
  return best;
}

/** A number as its text, or a text that is a plain decimal number as the number; otherwise undefined. */
function retype(value: Json): Json | undefined {
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string' && /^-?(0|[1-9][0-9]{0,14})(\.[0-9]{1,15})?$/.test(value)) return Number(value);
  return undefined;
}
