/**
 * A message element read into the JSON its schema describes (artifact/soap.ts): child elements
 * by their `x-xml` names, repeated elements as arrays, attributes, simple content's text as
 * `$value`, simple values typed as the schema says. Numbers and booleans that do not parse are
 * left as text so schema validation names the field; an element the schema does not know is a
 * problem the caller answers with a Client (1.2: Sender) fault. Work is linear in the tree.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import { isObject, setOwn, type Json, type JsonObject } from '../../../json.js';
import { attribute, childElements, resolveQName, textOf, XML_NS, XSI_NS, type XmlElement } from '../../../xml/xml-tree.js';
import { builtinSchema, encodedArrayOf, SOAP11_ENCODING, SOAP12_ENCODING, XSD_NS, type EncodedArray } from './encoded-schemas.js';
import type { MultiRefs } from './multi-refs.js';
import { schemaOfXsiType, type TypeTable } from './xsi-types.js';
import { isEncodedArray, isObjectSchema, itemsOf, resolve, saysNothing, shapeOf, typesOf, type Schemas, type XmlPlace, type XmlShape } from './xml-schema.js';
import { serialiseElement } from './xml-text.js';
import { INSTANCE_NAMESPACES, isNil } from './instance-namespaces.js';

export type ReadResult = { value: Json } | { problem: string; path: string };

/** Deeper than the parser allows (256), so only a tree built by hand meets it. */
const MAX_DEPTH = 1024;

class ReadProblem {
  constructor(
    readonly problem: string,
    readonly path: string,
  ) {}
}

export interface ReadOptions {
  /** For an encoded body (SoapMessage.encoding): its multi-reference values, read where accessors refer to them. */
  refs?: MultiRefs;
  /** The types an `xsi:type` may name (SoapModel.types); without it, elements are read by their declared types. */
  types?: TypeTable;
}

/** The element's content as JSON per `schema`, or the first problem with its JSON Pointer. Never throws. */
export function readElement(element: XmlElement, schema: JsonSchema, schemas: Schemas, options: ReadOptions = {}): ReadResult {
  try {
    return { value: new Reader(schemas, options.refs ?? null, options.types ?? null).value(element, schema, 0) };
  } catch (error) {
    if (error instanceof ReadProblem) return { problem: error.problem, path: error.path };
    return { problem: 'the element cannot be read', path: '' };
  }
}

class Reader {
  /** JSON Pointer segments of the value being read, joined only when a problem is reported. */
  readonly #path: string[] = [];

  constructor(
    readonly schemas: Schemas,
    readonly refs: MultiRefs | null,
    readonly types: TypeTable | null,
  ) {}

  #fail(problem: string, last?: string): never {
    const segments = last === undefined ? this.#path : [...this.#path, last];
    throw new ReadProblem(problem, segments.map((s) => `/${s.replace(/~/g, '~0').replace(/\//g, '~1')}`).join(''));
  }

  value(element: XmlElement, schema: JsonSchema, depth: number): Json {
    if (depth > MAX_DEPTH) this.#fail('elements are nested too deeply');
    if (this.refs !== null) {
      const target = this.refs.target(element);
      if (typeof target === 'string') this.#fail(target);
      if (target !== element) return this.refs.within(target, () => this.#value(target, schema, depth));
    }
    return this.#value(element, schema, depth);
  }

  #value(element: XmlElement, given: JsonSchema, depth: number): Json {
    if (isNil(element)) return null;
    if (isObject(given) && isObject(given['x-xml']) && given['x-xml'].any === true) return serialiseElement(element);
    const schema = this.#typed(element, given);
    const array = isEncodedArray(schema, this.schemas) ? encodedArrayOf(schema, this.schemas) : null;
    if (array !== null) return this.#array(element, array, depth);
    if (this.refs !== null && isAnything(resolve(schema, this.schemas))) return this.#untyped(element, depth);
    if (isObjectSchema(schema, this.schemas) && !this.#simpleAlternative(element, schema)) return this.#object(element, shapeOf(schema, this.schemas), depth);
    // `xs:anyType` content: its elements as XML text (namespaces kept), as `xs:any` content is.
    if (element.children.some((child) => typeof child !== 'string') && saysNothing(schema, this.schemas)) return element.children.map((child) => (typeof child === 'string' ? '' : serialiseElement(child))).join('');
    const items = itemsOf(schema, this.schemas);
    if (items !== null) return this.#list(textOf(element), items);
    return coerce(textOf(element), schema, this.schemas);
  }

  /**
   * The schema an element's `xsi:type` reads it by: a built-in type's where the declared
   * schema allows anything (an encoded `anyType` accessor), else the declared one; a complex
   * type's where it is the declared type or derives from it (xsi-types.ts), refused where it
   * is neither. A type whose prefix is not declared is ignored, as are built-in types naming
   * what the schema already says.
   */
  #typed(element: XmlElement, schema: JsonSchema): JsonSchema {
    const written = attribute(element, 'type', XSI_NS);
    if (written === undefined) return schema;
    const type = resolveQName(element, written);
    if (type === undefined) return schema;
    // A Simulator built before `xsi:type` was read (no types table) reads every element as declared.
    if (this.types === null && this.refs === null) return schema;
    if (type.ns === XSD_NS || type.ns === SOAP11_ENCODING || type.ns === SOAP12_ENCODING) {
      return isAnything(resolve(schema, this.schemas)) ? (builtinSchema(type) ?? schema) : schema;
    }
    if (this.types === null) return schema;
    const chosen = schemaOfXsiType(this.types, written, type, schema, isAnything(resolve(schema, this.schemas)));
    if ('problem' in chosen) this.#fail(chosen.problem);
    return chosen.schema;
  }

  /** An encoded array: each child element, whatever its name, one item. */
  #array(element: XmlElement, array: EncodedArray, depth: number): Json[] {
    const out: Json[] = [];
    for (const child of childElements(element)) {
      this.#path.push(String(out.length));
      out.push(this.value(child, array.items, depth + 1));
      this.#path.pop();
    }
    return out;
  }

  /**
   * An encoded value whose schema says nothing of it: an array where it says it is one
   * (`xsi:type="soapenc:Array"`, an `arrayType`), an object of its children by their names
   * (a name repeated, an array), else its text.
   */
  #untyped(element: XmlElement, depth: number): Json {
    const children = childElements(element);
    const arrayLike = attribute(element, 'arrayType', SOAP11_ENCODING) !== undefined || attribute(element, 'itemType', SOAP12_ENCODING) !== undefined || /(?:^|:)Array$/.test(attribute(element, 'type', XSI_NS) ?? '');
    if (arrayLike) return this.#array(element, { items: true, item: 'item', itemType: null }, depth);
    if (children.length === 0) return textOf(element);
    const out: JsonObject = {};
    const repeated = new Set<string>();
    for (const child of children) {
      this.#path.push(child.local);
      const value = this.value(child, true, depth + 1);
      this.#path.pop();
      if (repeated.has(child.local)) (out[child.local] as Json[]).push(value);
      else if (!Object.hasOwn(out, child.local)) setOwn(out, child.local, value);
      else {
        setOwn(out, child.local, [out[child.local]!, value]);
        repeated.add(child.local);
      }
    }
    return out;
  }

  /** A schema that is an object or a simple value (`anyOf: [string, object]`), given bare text. */
  #simpleAlternative(element: XmlElement, schema: JsonSchema): boolean {
    if (element.attributes.length > 0 || element.children.some((child) => typeof child !== 'string')) return false;
    const types = typesOf(schema, this.schemas);
    return types !== null && ['string', 'number', 'integer', 'boolean'].some((t) => types.has(t)) && textOf(element).trim() !== '';
  }

  #list(text: string, items: JsonSchema): Json[] {
    const words = text.split(/[ \t\r\n]+/).filter((word) => word !== '');
    return words.map((word) => coerce(word, items, this.schemas));
  }

  #object(element: XmlElement, shape: XmlShape, depth: number): JsonObject {
    const out: JsonObject = {};
    for (const a of element.attributes) {
      const places = shape.attributes.get(a.local);
      // `xsi:type`, `xsi:nil` are the instance's own, never a property named `type` or `nil`.
      const place = INSTANCE_NAMESPACES.has(a.ns) || a.ns === XML_NS ? places?.find((p) => p.ns === a.ns) : pick(places, a.ns);
      if (place === undefined || Object.hasOwn(out, place.key)) continue;
      setOwn(out, place.key, this.#simple(a.value, place));
    }
    let text: string[] | null = null;
    for (const child of element.children) {
      if (typeof child === 'string') {
        if (shape.text !== null) (text ??= []).push(child);
        continue;
      }
      const place = pick(shape.elements.get(child.local), child.ns) ?? shape.any;
      if (place === null) this.#fail(`unexpected element <${child.name}>`, child.local);
      this.#path.push(place.key);
      if (place.kind === 'any') this.#any(out, place, child);
      else if (place.repeated) {
        const known = Object.hasOwn(out, place.key) ? out[place.key] : undefined;
        const list = Array.isArray(known) ? known : [];
        if (!Array.isArray(known)) setOwn(out, place.key, list);
        this.#path.push(String(list.length));
        list.push(this.value(child, itemsOf(place.schema, this.schemas) ?? true, depth + 1));
        this.#path.pop();
      } else {
        if (Object.hasOwn(out, place.key)) this.#fail(`element <${child.name}> is repeated`);
        setOwn(out, place.key, this.value(child, place.schema, depth + 1));
      }
      this.#path.pop();
    }
    if (shape.text !== null) {
      const content = text === null ? '' : text.join('');
      const types = typesOf(shape.text.schema, this.schemas);
      if (content.trim() !== '' || types === null || types.has('string')) setOwn(out, shape.text.key, this.#simple(content, shape.text));
    }
    return out;
  }

  /** An attribute's or simple content's text, as an `xs:list`'s items where it is one. */
  #simple(text: string, place: XmlPlace): Json {
    const items = place.list ? itemsOf(place.schema, this.schemas) : null;
    return items !== null ? this.#list(text, items) : coerce(text, place.schema, this.schemas);
  }

  /** `xs:any` content: each element's XML text, in an array where the schema has one. */
  #any(out: JsonObject, place: XmlPlace, child: XmlElement): void {
    const text = serialiseElement(child);
    const known = Object.hasOwn(out, place.key) ? out[place.key] : undefined;
    if (place.repeated) {
      if (Array.isArray(known)) known.push(text);
      else setOwn(out, place.key, [text]);
    } else setOwn(out, place.key, typeof known === 'string' ? known + text : text);
  }
}

/** A schema that says nothing of its value (`{}`, `true`, or annotations only). */
function isAnything(schema: JsonSchema): boolean {
  return schema === true || (isObject(schema) && Object.keys(schema).every((key) => key === 'x-xml' || key === 'description'));
}

/** The place a name means: the one in the element's own namespace, else (a client that qualified it wrongly) the first. */
function pick(places: XmlPlace[] | undefined, ns: string): XmlPlace | undefined {
  if (places === undefined) return undefined;
  return places.find((place) => place.ns === ns) ?? places[0];
}

const INTEGER = /^[+-]?\d+$/;
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/**
 * Text as the simple value the schema says: integers and numbers parsed strictly, booleans as
 * XSD writes them (`true`, `false`, `1`, `0`), strings as they are; surrounding whitespace is
 * dropped for every type but string. Text that fits none is kept, for validation to report.
 */
export function coerce(text: string, schema: JsonSchema, schemas: Schemas): Json {
  const types = typesOf(schema, schemas);
  if (types === null) return text;
  const trimmed = text.trim();
  if (types.has('integer') && INTEGER.test(trimmed)) return Number(trimmed);
  if (types.has('number') && DECIMAL.test(trimmed)) return Number(trimmed);
  if (types.has('boolean')) {
    if (trimmed === 'true' || trimmed === '1') return true;
    if (trimmed === 'false' || trimmed === '0') return false;
  }
  if (types.has('string')) {
    const resolved = resolve(schema, schemas);
    if (typeof resolved !== 'object') return text;
    // An enumeration's values are tokens: XSD collapses the whitespace around them.
    if (Array.isArray(resolved['enum']) && trimmed !== text && resolved['enum'].includes(trimmed)) return trimmed;
    // A formatted value (a date, a time) is kept as sent without its surrounding whitespace, its
    // zone or none, so an answer gives it back unshifted; a WSDL Simulator's schemas check it as
    // XSD writes it (schemas/xsd-date-formats.ts).
    return typeof resolved['format'] === 'string' ? trimmed : text;
  }
  return trimmed;
}
