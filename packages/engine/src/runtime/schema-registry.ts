import type { ErrorObject, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { remembered } from '@simplane/core';
import type { Artifact, JsonSchema } from '../artifact/artifact.js';
import { isObject, type Json, type JsonObject } from '../json.js';
import { ajvPatternEngine } from '../safe-pattern.js';

const ROOT_ID = 'urn:simplane:artifact';

/**
 * The schemas a value has passed (validateUnchanging): the number of the one schema it passed,
 * a small integer stored on the value itself, so a stored record carries no object for it; an
 * array of them in the rare case of several. Numbers are unique across registries.
 */
const PASSES = Symbol('simplane.passes');
let nextPassNumber = 1;

const PASSED: Verdict = Object.freeze({ ok: true, problem: null, field: null });
const REF_PREFIX = '#/schemas/';

export interface Verdict {
  ok: boolean;
  /** The first problem, as `/path: message`, when not ok. */
  problem: string | null;
  /** The instance path of the first problem, with the property ajv named for `required`. */
  field: string | null;
}

/**
 * One Simulator's schemas: the artifact's component schemas are added to ajv once, and every
 * other schema (parameters, bodies, responses) is compiled lazily on first use and cached by
 * identity, so all Simulations of the Simulator share compiled validators.
 */
export class SchemaRegistry {
  readonly #ajv: Ajv2020.default;
  readonly #cache = new WeakMap<object, ValidateFunction>();
  /** Pass numbers by schema (or bare `$ref`), for validateUnchanging. */
  readonly #passNumbers = new Map<unknown, number>();

  constructor(readonly artifact: Artifact) {
    this.#ajv = new Ajv2020.default({ strict: false, allErrors: false, validateFormats: true, logger: false, code: { regExp: ajvPatternEngine } });
    (addFormats.default as unknown as (ajv: unknown) => void)(this.#ajv);
    for (const format of ['int32', 'int64', 'float', 'double', 'byte', 'binary', 'password']) this.#ajv.addFormat(format, true);
    for (const format of ['date-time', 'date', 'time']) rememberFormat(this.#ajv, format);
    this.#ajv.addSchema({ $id: ROOT_ID, schemas: prepare(artifact.schemas as Json, false) } as object);
  }

  /** Follows `$ref`s into the artifact's schemas (a bounded number of hops). */
  resolve(schema: JsonSchema | null | undefined): JsonSchema | null {
    let current = schema ?? null;
    for (let hops = 0; hops < 32 && isObject(current); hops += 1) {
      const ref = current.$ref;
      if (typeof ref !== 'string' || !ref.startsWith(REF_PREFIX)) return current;
      const name = decodePointer(ref.slice(REF_PREFIX.length));
      current = Object.hasOwn(this.artifact.schemas, name) ? (this.artifact.schemas[name] as JsonSchema) : true;
    }
    return current;
  }

  validate(schema: JsonSchema | null | undefined, value: unknown): Verdict {
    if (schema === null || schema === undefined || schema === true) return { ok: true, problem: null, field: null };
    if (schema === false) return { ok: false, problem: 'no value is allowed', field: '' };
    const validator = this.#validator(schema);
    if (validator(value)) return { ok: true, problem: null, field: null };
    return describe(validator.errors ?? []);
  }

  /**
   * `validate` for values the runtime never changes once made (records in a Simulation's
   * state: StateAccess values are not mutated). A pass is remembered on the value itself, under
   * a symbol JSON and copies never see, so reading a record again does not validate it again.
   * (A table beside the values, a WeakMap, costs the garbage collector on every record kept.)
   */
  validateUnchanging(schema: JsonSchema | null | undefined, value: unknown): Verdict {
    if (!isObject(schema) || typeof value !== 'object' || value === null) return this.validate(schema, value);
    // A bare `$ref` is known by its target: the item schema and a response naming the same
    // component are distinct objects but one schema.
    const key = Object.keys(schema).length === 1 && typeof schema.$ref === 'string' ? schema.$ref : schema;
    let number = this.#passNumbers.get(key);
    if (number === undefined) {
      number = nextPassNumber++;
      this.#passNumbers.set(key, number);
    }
    const passes = (value as { [PASSES]?: number | number[] })[PASSES];
    if (passes === number || (Array.isArray(passes) && passes.includes(number))) return PASSED;
    const verdict = this.validate(schema, value);
    if (verdict.ok) {
      const next = passes === undefined ? number : Array.isArray(passes) ? [...passes, number] : [passes, number];
      Object.defineProperty(value, PASSES, { value: next, writable: true, enumerable: false, configurable: true });
    }
    return verdict;
  }

  #validator(schema: JsonObject): ValidateFunction {
    let validator = this.#cache.get(schema);
    if (!validator) {
      try {
        validator = this.#ajv.compile(prepare(schema, true) as object);
      } catch {
        // A schema ajv cannot compile (an odd pattern, say) constrains nothing we can check.
        validator = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;
      }
      this.#cache.set(schema, validator);
    }
    return validator;
  }
}

/**
 * Wraps a format's check (ajv-formats' calendar-aware `date-time`, `date` and `time`) so that
 * recently checked texts are answered from memory. The same instants come again and again: a
 * Simulation's virtual clock stands still between advances, so every record created meanwhile
 * carries the same `created_at`, and checking it was a tenth of a create. Checks are pure.
 */
function rememberFormat(ajv: Ajv2020.default, name: string): void {
  const format = ajv.formats[name];
  if (typeof format !== 'object' || format === null || format instanceof RegExp || typeof format.validate !== 'function') return;
  const validate = remembered(format.validate as (text: string) => boolean, 256, 64);
  ajv.addFormat(name, { ...format, validate } as Parameters<Ajv2020.default['addFormat']>[1]);
}

function decodePointer(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Readies a schema for ajv. Outside the root, `#/schemas/X` (relative to the artifact root)
 * becomes an absolute reference to the added root. A `oneOf` with an OpenAPI `discriminator`
 * is checked as `anyOf`: the tag picks the branch, so branches that overlap (a Cat that is
 * also a valid Dog) are not a failure, which ajv's plain `oneOf` would make them.
 */
function prepare(value: Json, absolute: boolean): Json {
  if (Array.isArray(value)) return value.map((v) => prepare(v, absolute));
  if (!isObject(value)) return value;
  const out: JsonObject = {};
  const discriminated = isObject(value.discriminator) && Array.isArray(value.oneOf);
  for (const [key, child] of Object.entries(value)) {
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) out[key] = absolute ? `${ROOT_ID}${child}` : child;
    else if (key === '$id') continue;
    else Object.defineProperty(out, discriminated && key === 'oneOf' ? 'anyOf' : key, { value: prepare(child, absolute), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

function describe(errors: readonly ErrorObject[]): Verdict {
  const error = errors[0];
  if (!error) return { ok: false, problem: 'is not valid', field: '' };
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const extra = (error.params as { additionalProperty?: string }).additionalProperty;
  const path = error.instancePath + (missing ? `/${missing}` : extra ? `/${extra}` : '');
  const field = path.split('/').filter((p) => p !== '').join('.');
  const message = missing ? 'is required' : extra ? 'is not allowed' : (error.message ?? 'is not valid');
  return { ok: false, problem: `${field === '' ? 'the value' : field} ${message}`, field };
}
