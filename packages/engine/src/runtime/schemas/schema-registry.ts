import type { ErrorObject, FuncKeywordDefinition, ValidateFunction } from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { acceptXsdDates } from './xsd-date-formats.js';
import { remembered } from '@simplane/core';
import type { Artifact, JsonSchema } from '../../artifact/artifact.js';
import { ANNOTATION_FORMATS } from '../../artifact/json-schema.js';
import { isObject, type Json, type JsonObject } from '../../json.js';
import { pointerSegment, refPath, resolvePointer } from '../../normalise/pointer.js';
import { ajvPatternEngine } from '../../safe-pattern.js';

/**
 * Which side of the wire a value travels on. OpenAPI's `readOnly` properties are sent in
 * answers only and `writeOnly` ones in requests only (OAS 3.0 section 4.7.25, 3.1's JSON
 * Schema annotations), so a property of either kind that a schema lists in `required` is
 * required on its own side alone: validators are compiled once per side with the other
 * side's properties left out of `required`.
 */
export type Direction = 'answer' | 'request';

/** ajv's id of the artifact's component schema number n (its place in `Artifact.schemas`), as checked on one side. */
const componentId = (n: number, side: Direction): string => (side === 'answer' ? `urn:simplane:schema:${n}` : `urn:simplane:request:${n}`);

/**
 * The schemas a value has passed (validateUnchanging): the number of the one schema it passed,
 * a small integer stored on the value itself, so a stored record carries no object for it; an
 * array of them in the rare case of several. Numbers are unique across registries.
 */
const PASSES = Symbol('simplane.passes');
let nextPassNumber = 1;

const PASSED: Verdict = Object.freeze({ ok: true, problem: null, field: null });
/** The keyword a `$ref` into the artifact's schemas becomes (SchemaRegistry), per side. */
const REF_KEYWORD = 'x-simplane-ref';
const REQUEST_REF_KEYWORD = 'x-simplane-request-ref';
const refKeyword = (side: Direction): string => (side === 'answer' ? REF_KEYWORD : REQUEST_REF_KEYWORD);
/** The annotation that keeps a property out of the other side's `required`. */
const OTHER_SIDE: Record<Direction, 'writeOnly' | 'readOnly'> = { answer: 'writeOnly', request: 'readOnly' };
type KeywordCheck = NonNullable<FuncKeywordDefinition['validate']> & { errors?: Partial<ErrorObject>[] };
const PASS_ALL = Object.assign(() => true, { errors: null }) as unknown as ValidateFunction;

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
 *
 * A reference to a component is checked by a keyword of ours (REF_KEYWORD) that calls the
 * component's own validator, compiled on the first value that reaches it; ajv's `$ref` would
 * compile every component a schema can reach, at once and recursively. In a large connected
 * graph, as Stripe's expandable fields make one, that took seconds on a Simulator's first
 * Simulation and, past a few hundred components in a chain, overflowed the stack and left ajv
 * with half-compiled validators (a 500 on every later create). Only a schema that counts the
 * properties or items its references checked (`unevaluatedProperties`, `unevaluatedItems`)
 * keeps ajv's `$ref`, to each component's id.
 */
export class SchemaRegistry {
  readonly #ajv: Ajv2020.default;
  readonly #cache: Record<Direction, WeakMap<object, ValidateFunction>> = { answer: new WeakMap(), request: new WeakMap() };
  /**
   * Validators by the schema's JSON text: documents repeat one schema in many places (Stripe's
   * `anyOf: [id string, $ref]` for every expandable field), and each copy compiled alone cost
   * what the first did.
   */
  readonly #byText = new Map<string, ValidateFunction>();
  /** Validators of the references met, by side and `$ref`. */
  readonly #refs = new Map<string, ValidateFunction>();
  /** Pass numbers by schema (or bare `$ref`), for validateUnchanging. */
  readonly #passNumbers = new Map<unknown, number>();
  /** What each `$ref` seen by `resolve` points at. */
  readonly #targets = new Map<string, JsonSchema>();
  /** The number of each component, by name (componentId). */
  readonly #ids = new Map<string, number>();
  readonly #components: { schemas: Json };

  constructor(readonly artifact: Artifact) {
    // inlineRefs off: a component reached by `$ref` is called, not copied into each schema.
    // optimize off: ajv's passes over the generated code took half of each compile, and a
    // Simulator's first Simulation compiles a validator for every schema its seeding meets.
    this.#ajv = new Ajv2020.default({ strict: false, allErrors: false, inlineRefs: false, validateFormats: true, logger: false, code: { regExp: ajvPatternEngine, optimize: false } });
    (addFormats.default as unknown as (ajv: unknown) => void)(this.#ajv);
    for (const format of ANNOTATION_FORMATS) this.#ajv.addFormat(format, true);
    this.#ajv.addFormat(BASE64_FORMAT, { type: 'string', validate: isBase64 });
    for (const format of Object.keys(this.#ajv.formats)) rememberFormat(this.#ajv, format);
    if (artifact.soap !== undefined) acceptXsdDates(this.#ajv);
    for (const side of ['answer', 'request'] as const) this.#ajv.addKeyword({ keyword: refKeyword(side), schemaType: 'string', errors: true, validate: this.#checkRef(side) });
    this.#components = { schemas: artifact.schemas as Json };
    for (const name of Object.keys(artifact.schemas)) this.#ids.set(name, this.#ids.size);
  }

  /** Components given to ajv so far, by side and name. */
  readonly #added = new Set<string>();

  /**
   * Gives ajv a component the first time a check refers to it, not all of them up front:
   * readying and adding GitHub's 900 components took 200 ms of a Simulator's first create,
   * and a Simulation meets a few of them. A component is added before anything that refers to
   * it by ajv's own `$ref` is compiled (#prepare adds those as it writes them).
   */
  #ensure(name: string, side: Direction): void {
    const key = `${side}:${name}`;
    if (this.#added.has(key) || !Object.hasOwn(this.artifact.schemas, name)) return;
    this.#added.add(key);
    const prepared = this.#prepare(this.artifact.schemas[name] as Json, side);
    // A boolean component cannot carry an id: it is wrapped in a schema that can. Components
    // are checked against the meta-schema only where a compiled schema reaches them, as when
    // they were one root's keys.
    this.#ajv.addSchema((isObject(prepared) ? prepared : { allOf: [prepared] }) as object, componentId(this.#ids.get(name)!, side), undefined, false);
  }

  /**
   * REF_KEYWORD's check: the referenced schema's validator, given the place of the value so
   * its errors carry their path from the top.
   */
  #checkRef(side: Direction): KeywordCheck {
    const check: KeywordCheck = (ref, data, _parent, place) => {
      const validator = this.#refValidator(ref as string, side);
      if (validator(data, place)) return true;
      check.errors = validator.errors ?? [];
      return false;
    };
    return check;
  }

  /** A reference's validator: the component's (or the schema a pointer into it names), compiled once. */
  #refValidator(ref: string, side: Direction): ValidateFunction {
    const key = `${side} ${ref}`;
    let validator = this.#refs.get(key);
    if (validator === undefined) {
      const id = this.#componentRef(ref, side);
      try {
        validator = id === ref ? undefined : this.#ajv.getSchema(id);
      } catch {
        validator = undefined;
      }
      // A reference to no component, or one ajv cannot compile, constrains nothing we can check.
      validator ??= PASS_ALL;
      this.#refs.set(key, validator);
    }
    return validator;
  }

  /** Follows `$ref`s into the artifact's schemas (a bounded number of hops). */
  resolve(schema: JsonSchema | null | undefined): JsonSchema | null {
    let current = schema ?? null;
    for (let hops = 0; hops < 32 && isObject(current); hops += 1) {
      const ref = current.$ref;
      if (typeof ref !== 'string' || !ref.startsWith('#/schemas/')) return current;
      let target = this.#targets.get(ref);
      if (target === undefined) {
        target = (resolvePointer(this.#components, ref) as JsonSchema | undefined) ?? true;
        this.#targets.set(ref, target);
      }
      current = target;
    }
    return current;
  }

  /** Whether a value fits a schema as an answer (or a record answers are made of) carries it; `side` for a request's. */
  validate(schema: JsonSchema | null | undefined, value: unknown, side: Direction = 'answer'): Verdict {
    if (schema === null || schema === undefined || schema === true) return { ok: true, problem: null, field: null };
    if (schema === false) return { ok: false, problem: 'no value is allowed', field: '' };
    const validator = this.#validator(schema, side);
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

  #validator(schema: JsonObject, side: Direction): ValidateFunction {
    const cache = this.#cache[side];
    let validator = cache.get(schema);
    if (!validator && typeof schema.$ref === 'string' && Object.keys(schema).length === 1) {
      // A bare reference (a body or response naming a component) is the component's own check.
      validator = this.#refValidator(schema.$ref, side);
      cache.set(schema, validator);
    }
    if (!validator) {
      const text = `${side}:${JSON.stringify(schema)}`;
      validator = this.#byText.get(text);
      if (validator === undefined) {
        try {
          validator = this.#ajv.compile(this.#prepare(schema, side) as object);
        } catch {
          // A schema ajv cannot compile (an odd pattern, say) constrains nothing we can check.
          validator = PASS_ALL;
        }
        this.#byText.set(text, validator);
      }
      cache.set(schema, validator);
    }
    return validator;
  }

  /**
   * Readies a schema for ajv. `#/schemas/<Name>[/<pointer>]` becomes REF_KEYWORD, or, in a
   * schema that counts evaluated properties or items, a `$ref` to the component's own id (with
   * the rest of the pointer as its fragment). A `oneOf` with an OpenAPI `discriminator` is
   * checked as `anyOf`: the tag picks the branch, so branches that overlap (a Cat that is also
   * a valid Dog) are not a failure, which ajv's plain `oneOf` would make them. `required` leaves
   * out the properties the other side carries alone (Direction).
   */
  #prepare(value: Json, side: Direction, nativeRefs = countsEvaluated(value)): Json {
    if (Array.isArray(value)) return value.map((v) => this.#prepare(v, side, nativeRefs));
    if (!isObject(value)) return value;
    const out: JsonObject = {};
    const discriminated = isObject(value.discriminator) && Array.isArray(value.oneOf);
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string' && !nativeRefs) out[refKeyword(side)] = child;
      else if (key === '$ref' && typeof child === 'string') out[key] = this.#componentRef(child, side);
      else if (key === '$id' || key === REF_KEYWORD || key === REQUEST_REF_KEYWORD) continue;
      else if (key === 'required' && Array.isArray(child) && isObject(value.properties)) out[key] = this.#sideRequired(child, value.properties, side);
      // A request's `byte` text is base64, as a server decoding it needs; answers keep it an annotation (their examples often are not).
      else if (key === 'format' && child === 'byte' && side === 'request' && (value.type === 'string' || value.type === undefined || (Array.isArray(value.type) && value.type.includes('string')))) out[key] = BASE64_FORMAT;
      else Object.defineProperty(out, discriminated && key === 'oneOf' ? 'anyOf' : key, { value: this.#prepare(child, side, nativeRefs), enumerable: true, writable: true, configurable: true });
    }
    return out;
  }

  /** The required names a value on this side must carry: without those of properties only the other side carries. */
  #sideRequired(required: Json[], properties: JsonObject, side: Direction): Json[] {
    return required.filter((name) => typeof name !== 'string' || !Object.hasOwn(properties, name) || !this.marked(properties[name] as Json, OTHER_SIDE[side]));
  }

  /** Whether a property's schema is marked `readOnly` (or `writeOnly`): itself, what it refers to, or a part of its `allOf`. */
  marked(schema: Json | undefined, annotation: 'readOnly' | 'writeOnly', depth = 0): boolean {
    if (!isObject(schema) || depth > 4) return false;
    if (schema[annotation] === true) return true;
    if (typeof schema.$ref === 'string' && this.marked(this.resolve(schema) as Json, annotation, depth + 1)) return true;
    return Array.isArray(schema.allOf) && schema.allOf.some((part) => this.marked(part, annotation, depth + 1));
  }

  /** The ajv id (and fragment) of a `#/schemas/...` reference; anything else as it is. */
  #componentRef(ref: string, side: Direction): string {
    const path = refPath(ref);
    const n = path !== null && path[0] === 'schemas' && path.length > 1 ? this.#ids.get(path[1]!) : undefined;
    if (n === undefined) return ref;
    const id = componentId(n, side);
    this.#ensure(path![1]!, side);
    const rest = path!.slice(2).map(pointerSegment);
    return rest.length === 0 ? id : `${id}#/${rest.join('/')}`;
  }
}

/** The format a request's `format: byte` is checked as (SchemaRegistry#prepare). */
const BASE64_FORMAT = 'simplane-base64';

/** RFC 4648 base64, in the standard or the URL-safe alphabet, padded or not, wrapped in lines as MIME writes it or not. */
function isBase64(written: string): boolean {
  const text = written.replace(/[\r\n\t ]+/g, '');
  return /^[A-Za-z0-9+/_-]*={0,2}$/.test(text) && text.replace(/=+$/, '').length % 4 !== 1 && (!text.includes('=') || text.length % 4 === 0);
}

/**
 * Wraps a format's check (ajv-formats' calendar-aware `date-time`, `date` and `time`, and its other checks made by a function) so that
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

/** Whether a schema, in its own tree (references not followed), counts evaluated properties or items. */
function countsEvaluated(value: Json): boolean {
  if (Array.isArray(value)) return value.some(countsEvaluated);
  if (!isObject(value)) return false;
  for (const [key, child] of Object.entries(value)) {
    if (key === 'unevaluatedProperties' || key === 'unevaluatedItems' || countsEvaluated(child)) return true;
  }
  return false;
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
