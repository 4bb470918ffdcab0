/**
 * A JSON value written as the XML element its schema describes (artifact/soap.ts): children in
 * the XSD's order, each qualified as its `x-xml` says, arrays as repeated elements, attributes,
 * `$value` as text, null as `xsi:nil` where the schema allows it. Namespaces get prefixes
 * `ns1`, `ns2`... by first use, all declared on the outermost element, and never a default
 * namespace, so an unqualified child stays unqualified. Properties the schema does not know
 * are left out. The output is a function of the input alone, built in one array joined once.
 */
import type { JsonSchema } from '../../../artifact/artifact.js';
import type { XmlQName } from '../../../artifact/soap.js';
import { isObject, type Json } from '../../../json.js';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElements, XML_NS, XSI_NS } from '../../../xml/xml-tree.js';
import { builtinTypeOf, declaredType, encodedArrayOf, SOAP11_ENCODING, SOAP12_ENCODING, XSD_NS, type EncodedArray } from './encoded-schemas.js';
import { derivedTypeFor, type TypeTable } from './xsi-types.js';
import { allowsNull, isEncodedArray, isObjectSchema, itemsOf, saysNothing, shapeOf, type Schemas, type XmlPlace } from './xml-schema.js';
import { escapeAttribute, escapeText, formatNumber, serialiseElement } from './xml-text.js';

export interface WriteOptions {
  /** Write null as `xsi:nil="true"` even where the schema does not allow null (an XSD `nillable` element). */
  nillable?: boolean;
  /**
   * SOAP encoding (SoapMessage.encoding): the outermost element names the encoding style (in
   * the envelope's namespace, `envelope`), every value its type (`xsi:type`), every array its
   * items' type and count, and every null is `xsi:nil`.
   */
  encoding?: { style: string; envelope: string };
  /** The types of SoapModel.types: a value holding a derived type's fields is written as that type, named in `xsi:type`. */
  types?: TypeTable;
}

/** Prefixes of the namespaces an encoded answer names in attributes and values, as the toolkits write them. */
const FIXED_PREFIXES: Record<string, string> = { [XSI_NS]: 'xsi', [XSD_NS]: 'xsd', [SOAP11_ENCODING]: 'soapenc', [SOAP12_ENCODING]: 'enc' };

/** Past this depth a value's content is left out: values this deep are not messages. */
const MAX_DEPTH = 512;

export function writeElement(name: XmlQName, value: Json, schema: JsonSchema, schemas: Schemas, options: WriteOptions = {}): string {
  const writer = new Writer(schemas, options.encoding ?? null, options.types ?? null);
  const parts = writer.parts;
  writer.element(name.ns, name.local, value, schema, options.nillable === true, 0);
  // The encoding style goes on the outermost element (its start tag's name is parts[1]).
  if (options.encoding !== undefined) parts[1] += ` ${writer.qname(options.encoding.envelope, 'encodingStyle')}="${escapeAttribute(options.encoding.style)}"`;
  // parts[1] is the outermost element's name: its declarations follow it, known only now.
  parts[1] += writer.declarations();
  return parts.join('');
}

class Writer {
  readonly parts: string[] = [];
  readonly #prefixes = new Map<string, string>();
  #numbered = 0;

  constructor(
    readonly schemas: Schemas,
    readonly encoding: { style: string; envelope: string } | null,
    readonly types: TypeTable | null,
  ) {}

  qname(ns: string, local: string): string {
    return this.#qname(ns, local);
  }

  declarations(): string {
    let text = '';
    for (const [ns, prefix] of this.#prefixes) text += ` xmlns:${prefix}="${escapeAttribute(ns)}"`;
    return text;
  }

  #qname(ns: string, local: string): string {
    if (ns === '') return local;
    if (ns === XML_NS) return `xml:${local}`;
    let prefix = this.#prefixes.get(ns);
    if (prefix === undefined) {
      prefix = FIXED_PREFIXES[ns] ?? (this.encoding !== null && ns === this.encoding.envelope ? 'soap' : `ns${++this.#numbered}`);
      this.#prefixes.set(ns, prefix);
    }
    return `${prefix}:${local}`;
  }

  element(ns: string, local: string, value: Json, declared: JsonSchema, nillable: boolean, depth: number): void {
    let schema = declared;
    const parts = this.parts;
    const tag = this.#qname(ns, local);
    parts.push('<', tag);
    if (value === null) {
      parts.push(nillable || this.encoding !== null || allowsNull(schema, this.schemas) ? ` ${this.#qname(XSI_NS, 'nil')}="true"/>` : '/>');
      return;
    }
    const array = Array.isArray(value) && depth <= MAX_DEPTH && isEncodedArray(schema, this.schemas) ? encodedArrayOf(schema, this.schemas) : null;
    if (array !== null) {
      this.#array(tag, value as Json[], array, depth);
      return;
    }
    const derived = this.types !== null && isObject(value) && depth <= MAX_DEPTH ? derivedTypeFor(this.types, schema, value, this.schemas) : null;
    if (derived !== null) schema = derived.schema;
    const object = isObject(value) && depth <= MAX_DEPTH && isObjectSchema(schema, this.schemas);
    if (derived !== null) this.#xsiType(derived.type);
    else if (this.encoding !== null) this.#xsiType(object ? declaredType(schema, this.schemas) : (declaredType(schema, this.schemas) ?? builtinTypeOf(schema, this.schemas, value)));
    if (object) this.#attributes(value, schema);
    // The start tag's end: '>' when content follows, else turned into '/>'.
    const slot = parts.length;
    parts.push('>');
    if (depth > MAX_DEPTH) {
      // Left empty.
    } else if (object) this.#content(value, schema, depth);
    else if (Array.isArray(value)) {
      if (itemsOf(schema, this.schemas) !== null) this.#text(listText(value));
    } else if (typeof value === 'string' && value.trimStart().startsWith('<') && saysNothing(schema, this.schemas)) {
      // `xs:anyType` content read as XML text goes back as the elements it holds.
      const before = parts.length;
      anyText(value, parts);
      if (parts.length === before) this.#text(value);
    } else if (!isObject(value)) this.#text(simpleText(value));
    if (parts.length === slot + 1) parts[slot] = '/>';
    else parts.push('</', tag, '>');
  }

  #xsiType(type: XmlQName | null): void {
    if (type !== null) this.parts.push(' ', this.#qname(XSI_NS, 'type'), '="', this.#qname(type.ns, type.local), '"');
  }

  /** An encoded array: its items as `<item>`s; encoded, with their type and count (SOAP 1.1's `arrayType`, 1.2's `itemType` and `arraySize`). */
  #array(tag: string, items: Json[], array: EncodedArray, depth: number): void {
    const parts = this.parts;
    if (this.encoding !== null) {
      const first = items.find((item) => item !== null);
      const type = array.itemType ?? declaredType(array.items, this.schemas) ?? (first === undefined ? null : builtinTypeOf(array.items, this.schemas, first)) ?? { ns: XSD_NS, local: 'anyType' };
      if (this.encoding.style === SOAP12_ENCODING) {
        parts.push(' ', this.#qname(SOAP12_ENCODING, 'itemType'), '="', this.#qname(type.ns, type.local), '" ', this.#qname(SOAP12_ENCODING, 'arraySize'), `="${items.length}"`);
      } else {
        this.#xsiType({ ns: SOAP11_ENCODING, local: 'Array' });
        parts.push(' ', this.#qname(SOAP11_ENCODING, 'arrayType'), '="', this.#qname(type.ns, type.local), `[${items.length}]"`);
      }
    }
    if (items.length === 0) {
      parts.push('/>');
      return;
    }
    parts.push('>');
    for (const item of items) this.element('', array.item, item, array.items, false, depth + 1);
    parts.push('</', tag, '>');
  }

  #text(text: string): void {
    if (text !== '') this.parts.push(escapeText(text));
  }

  #attributes(value: Record<string, Json>, schema: JsonSchema): void {
    for (const place of shapeOf(schema, this.schemas).places) {
      if (place.kind !== 'attribute') continue;
      const v = own(value, place.key);
      if (v === undefined || v === null || isObject(v) || (Array.isArray(v) && !place.list)) continue;
      this.parts.push(' ', this.#qname(place.ns, place.local), '="', escapeAttribute(Array.isArray(v) ? listText(v) : simpleText(v)), '"');
    }
  }

  /** Simple content's text, then child elements in order. */
  #content(value: Record<string, Json>, schema: JsonSchema, depth: number): void {
    const shape = shapeOf(schema, this.schemas);
    if (shape.text !== null) {
      const v = own(value, shape.text.key);
      if (v !== undefined && v !== null && !isObject(v)) this.#text(Array.isArray(v) ? listText(v) : simpleText(v));
    }
    for (const place of shape.places) {
      const v = own(value, place.key);
      if (v === undefined) continue;
      if (place.kind === 'element') this.#property(place, v, depth);
      else if (place.kind === 'any') for (const item of Array.isArray(v) ? v : [v]) anyText(item, this.parts);
    }
  }

  #property(place: XmlPlace, value: Json, depth: number): void {
    if (!place.repeated) {
      if (value !== null || allowsNull(place.schema, this.schemas)) this.element(place.ns, place.local, value, place.schema, false, depth + 1);
      return;
    }
    const items = itemsOf(place.schema, this.schemas) ?? true;
    for (const item of Array.isArray(value) ? value : [value]) {
      if (item !== null || allowsNull(items, this.schemas)) this.element(place.ns, place.local, item, items, false, depth + 1);
    }
  }
}

const own = (value: Record<string, Json>, key: string): Json | undefined => (Object.hasOwn(value, key) ? value[key] : undefined);

function simpleText(value: string | number | boolean): string {
  if (typeof value === 'number') return formatNumber(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return value;
}

/** An `xs:list`'s items, space-separated; items that are not simple are left out. */
function listText(items: Json[]): string {
  const words: string[] = [];
  for (const item of items) if (item !== null && typeof item !== 'object') words.push(simpleText(item));
  return words.join(' ');
}

/**
 * `xs:any` content, re-emitted only as the well-formed elements it reads as: one element, or
 * several in a row (the reader keeps several `xs:any` elements as one string). Each is written
 * from its parsed tree, so no value can break the answer; text between them is dropped.
 */
function anyText(value: Json, parts: string[]): void {
  if (typeof value !== 'string') return;
  try {
    parts.push(serialiseElement(parseXml(value)));
    return;
  } catch {
    // Not one element: perhaps several.
  }
  try {
    const wrapper = parseXml(`<any>${value.replace(/^\s*<\?xml[^>]*\?>/, '')}</any>`);
    for (const child of childElements(wrapper)) parts.push(serialiseElement(child));
  } catch {
    // Not elements we can vouch for: left out rather than break the answer.
  }
}
