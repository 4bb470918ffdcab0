import type { JsonSchema } from '../../artifact/artifact.js';
import type { Diagnostics, IssueAt } from '../../diagnostics/diagnostics.js';
import { setOwn, type JsonObject } from '../../json.js';
import { attribute, clark, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import { isSoapEncoding, SOAP_ENCODING_NS } from './builtins.js';
import { ComplexTypes } from './complex-types.js';
import { encodedArray } from './encoded-arrays.js';
import { ancestorsOf, typeTable } from './derived-types.js';
import type { SoapType } from '../../artifact/soap.js';
import type { XsdContext } from './context.js';
import { at } from './locations.js';
import { ComponentNames, nameComplexTypes } from './names.js';
import { objectSchema } from './object-schema.js';
import { MAX_DERIVATION, SimpleTypes } from './simple-types.js';
import { SubstitutionGroups } from './substitution-groups.js';
import { Unresolved } from './unresolved.js';
import { isXsd, xsChild, XsdIndex, type Declaration } from './xsd-index.js';
import { itemsOf } from './items-of.js';

/**
 * XSD 1.0 as the artifact's JSON Schema 2020-12, annotated with `x-xml` (artifact/soap.ts) so
 * the SOAP protocol can read XML into JSON and write it back. Complex types become component
 * schemas in `schemas` (named types by their names, anonymous ones after their element:
 * `CreateCustomerRequest`, nested `Customer_Address`; `_2`... where names meet), referred to as
 * `#/schemas/<Name>`, so recursive types stay finite; simple types are inline (a large declared
 * one is a component its uses share). Only what is asked for, and what it refers to, is
 * converted, each component once: the work is linear in the schemas' size, and the same
 * bundle gives the same names and schemas.
 *
 * In short (each file says more):
 * - built-ins (builtins.ts): strings, `integer` with its range, `number`, `boolean`, `format`
 *   for dates, times and durations, `contentEncoding: base64`, anyType as `{}`;
 * - simple types (simple-types.ts, facets.ts, patterns.ts): a restriction is its base plus the
 *   facets; a pattern is anchored and translated, or dropped with a warning; a list is an array
 *   marked `x-xml.list`; a union is `anyOf`;
 * - complex types (complex-types.ts, particles.ts, attributes.ts, object-schema.ts): an object
 *   with `additionalProperties: false` and `x-xml.order`; each property names its element or
 *   attribute in `x-xml` (`$ref` with `x-xml` beside it); extensions flattened; a repeating
 *   element an array; nillable adds null; a choice is `anyOf` of complete objects, one per
 *   combination of branches; a substitution group head is a choice of its members; simple
 *   content is `$value`; `xs:any` is `$any`, XML text.
 *
 * Imports and includes are the WSDL side's: it gives every schema of the bundle as a source.
 * `xs:redefine` and `xs:override` are warned of and read without; identity constraints
 * (`xs:key`, `xs:unique`, `xs:keyref`) and `xs:anyAttribute` are ignored; `xsi:type`
 * polymorphism is not modelled (an element holds its declared type).
 */
/** An object schema that takes properties it does not name (its choices' branches too). */
function open(schema: JsonSchema): JsonSchema {
  if (typeof schema !== 'object') return schema;
  const { additionalProperties, ...rest } = schema;
  const out: JsonObject = additionalProperties === false ? rest : schema;
  if (Array.isArray(out.anyOf)) return { ...out, anyOf: out.anyOf.map((branch) => open(branch as JsonSchema)) as JsonObject[] };
  return out;
}

export interface XsdSource {
  /** Bundle path of the document holding it, for locations in diagnostics (`types.xsd`, `service.wsdl`). */
  path: string;
  /** An `xs:schema` element (from an XSD file, or inside a WSDL's `wsdl:types`). */
  schema: XmlElement;
  /** For a chameleon `xs:include` (an included schema without targetNamespace): the includer's namespace it takes. */
  targetNamespace?: string;
}

export class XsdModel {
  /** Component schemas made so far, by name, for `Artifact.schemas`. Only what was asked for (and what it refers to) is converted. */
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #index: XsdIndex;
  readonly #simple: SimpleTypes;
  readonly #complex: ComplexTypes;
  readonly #names = new ComponentNames();
  /** Component name of each complex type node, given up front (names.ts). */
  readonly #componentNames: Map<XmlElement, string>;
  readonly #groups: SubstitutionGroups;
  readonly #unresolved: Unresolved;
  readonly #queued = new Set<XmlElement>();
  readonly #pending: XmlElement[] = [];
  /** Named complex types by node, for `x-xml.type` (made only where types are named). */
  #typeNames: Map<XmlElement, XmlName> | null = null;

  /**
   * `options.typeNames`: annotate schemas with the XSD types they come from (`x-xml.type`), as
   * SOAP encoding writes them in `xsi:type`; only a WSDL with encoded messages needs them, so
   * the artifacts of the others stay as they were.
   */
  constructor(
    sources: XsdSource[],
    private readonly diagnostics: Diagnostics,
    options: { typeNames?: boolean } = {},
  ) {
    this.#index = new XsdIndex(sources);
    this.#unresolved = new Unresolved(this.#index, diagnostics);
    this.#simple = new SimpleTypes(this.#index, diagnostics, this.#unresolved, (node, schema) => this.#share(node, schema));
    this.#groups = new SubstitutionGroups(this.#index, this.#unresolved);
    this.#componentNames = nameComplexTypes(this.#index, this.#names);
    // Simple types are components only when large (simple-types.ts); their names are claimed after every complex type's.
    for (const declaration of this.#index.all('simpleType')) this.#componentNames.set(declaration.node, this.#names.claim(declaration.name.local));
    const context: XsdContext = {
      index: this.#index,
      simple: this.#simple,
      diagnostics,
      unresolved: this.#unresolved,
      typeContent: (name, issueAt) => this.#typeContent(name, issueAt),
      anonymous: (node) => this.#ref(node),
      elementContent: (declaration) => this.#elementContent(declaration, 0),
      substitutes: (head) => this.#groups.members(head),
    };
    this.#complex = new ComplexTypes(context);
    if (options.typeNames === true) this.#typeNames = new Map([...this.#index.all('complexType')].map((d) => [d.node, d.name]));
    for (const { doc, node } of this.#index.unsupported) {
      diagnostics.warn('xsd_construct_unsupported', at(this.#index, node), `xs:${node.local} is not read: the schema${attribute(node, 'schemaLocation') === undefined ? '' : ` ${attribute(node, 'schemaLocation')}`} is used as it is, without the ${node.local === 'redefine' ? 'redefinitions' : 'overrides'} of ${doc.path}.`);
    }
  }

  /** Whether a global element is declared. */
  hasElement(name: XmlName): boolean {
    return this.#index.lookup('element', name) !== undefined;
  }

  /**
   * The JSON Schema of a global element's content (what is inside `<el>...</el>`): usually
   * `{"$ref": "#/schemas/<Name>"}`; a simple-typed element's content is its simple schema.
   * Unknown: a warning `wsdl_qname_unresolved` at `at` and an any-content schema `{}`.
   */
  element(name: XmlName, issueAt: IssueAt): JsonSchema {
    const declaration = this.#index.lookup('element', name);
    if (declaration === undefined) {
      this.diagnostics.warn('wsdl_qname_unresolved', issueAt, `The element ${clark(name)} is not declared in any schema of the bundle; it is read as any content.`);
      return {};
    }
    return this.#drained(this.#elementContent(declaration, 0));
  }

  /** The same for a named type (rpc-style parts use `type=`). */
  type(name: XmlName, issueAt: IssueAt): JsonSchema {
    return this.#drained(this.#typeContent(name, issueAt));
  }

  /** A global element's facts the WSDL side needs: whether nillable or abstract, and the elements that may stand for it. */
  elementInfo(name: XmlName): { nillable: boolean; abstract: boolean; substitutes: XmlName[] } | undefined {
    const declaration = this.#index.lookup('element', name);
    if (declaration === undefined) return undefined;
    return {
      nillable: attribute(declaration.node, 'nillable') === 'true',
      abstract: attribute(declaration.node, 'abstract') === 'true',
      substitutes: this.#groups.members(declaration).map((d) => ({ ...d.name })),
    };
  }

  /**
   * What `xsi:type` may name in a message (SoapModel.types), once every message is converted:
   * the named complex types converted so far, and every type derived from one of them (a
   * client may send one where its base is declared, `xsi:type="ns:Derived"`), converted too. A
   * base that has derived types no longer refuses properties it does not know
   * (`additionalProperties: false` is dropped), so a derived value's own fields stay in the
   * record; the XML still names only what one of the types declares.
   */
  types(): Record<string, SoapType> {
    const declarations = [...this.#index.all('complexType')];
    const converted = (d: Declaration) => this.#queued.has(d.node);
    const bases = new Set<XmlElement>();
    for (const declaration of declarations) {
      const ancestors = ancestorsOf(declaration.node, this.#index);
      const reached = ancestors.filter(converted);
      if (reached.length === 0) continue;
      for (const ancestor of reached) bases.add(ancestor.node);
      this.#drained(this.#ref(declaration.node));
    }
    for (const node of bases) {
      const name = this.#componentNames.get(node)!;
      setOwn(this.schemas, name, open(this.schemas[name]!));
    }
    return typeTable(declarations.filter(converted), (node) => this.#componentNames.get(node)!, this.#index);
  }

  #drained(schema: JsonSchema): JsonSchema {
    for (let i = 0; i < this.#pending.length; i += 1) {
      const node = this.#pending[i]!;
      setOwn(this.schemas, this.#componentNames.get(node)!, this.#arraySchema(node) ?? this.#named(node, objectSchema(this.#complex.model(node))));
    }
    this.#pending.length = 0;
    return schema;
  }

  /** A component's schema with the XSD type it comes from, where types are named. */
  #named(node: XmlElement, schema: JsonObject): JsonObject {
    const name = this.#typeNames?.get(node);
    if (name === undefined) return schema;
    const note = schema['x-xml'];
    return { ...schema, 'x-xml': { ...(typeof note === 'object' && note !== null && !Array.isArray(note) ? note : {}), type: { ns: name.ns, local: name.local } } };
  }

  /**
   * A SOAP-encoded array type (encoded-arrays.ts) as a JSON array whose `x-xml.array` says so:
   * `{"item": "item"}`, the name its items are written under, and `itemType`, the XSD type an
   * encoded answer's `soapenc:arrayType` names. Null for any other type.
   */
  #arraySchema(node: XmlElement): JsonObject | null {
    const found = encodedArray(node, this.#index);
    if (found === null) return null;
    let items: JsonSchema = {};
    let item = 'item';
    let itemType: XmlName | null = null;
    if (found.kind === 'typed') {
      items = this.#typeContent(found.item, node);
      itemType = found.item;
      for (let d = 1; d < found.dimensions; d += 1) items = { type: 'array', items, 'x-xml': { array: { item } } };
    } else if (found.kind === 'sequence') {
      const member = this.#complex.model(node).elements.find((m) => m.kind === 'element');
      if (member !== undefined) {
        item = member.xml.local;
        items = itemsOf(member.schema) ?? member.schema;
        const note = typeof items === 'object' ? items['x-xml'] : undefined;
        const named = typeof note === 'object' && note !== null && !Array.isArray(note) ? note.type : undefined;
        if (typeof named === 'object' && named !== null && !Array.isArray(named)) itemType = { ns: String(named.ns), local: String(named.local) };
      }
    }
    const array: JsonObject = { item };
    if (itemType !== null && this.#typeNames !== null) array.itemType = { ns: itemType.ns, local: itemType.local };
    return this.#named(node, { type: 'array', items, 'x-xml': { array } });
  }

  #elementContent(declaration: Declaration, depth: number): JsonSchema {
    const node = declaration.node;
    const type = attribute(node, 'type');
    if (type !== undefined) {
      const name = this.#index.resolve(node, type);
      if (name !== undefined) return this.#typeContent(name, node);
      this.#unresolved.warn(node, `type ${JSON.stringify(type)}`, `The type ${JSON.stringify(type)} uses a prefix that is not declared; it is read as any content.`);
      return {};
    }
    const complex = xsChild(node, 'complexType');
    if (complex !== undefined) return this.#ref(complex);
    const simple = xsChild(node, 'simpleType');
    if (simple !== undefined) return this.#simple.of(simple);
    // With neither, an element takes its substitution group head's type.
    const head = this.#groups.head(declaration);
    return head === undefined || depth > MAX_DERIVATION ? {} : this.#elementContent(head, depth + 1);
  }

  #typeContent(name: XmlName, where: IssueAt | XmlElement): JsonSchema {
    if ((isXsd(name.ns) && name.local === 'anyType') || isSoapEncoding(name.ns)) return this.#typed(name, name.ns === SOAP_ENCODING_NS ? (this.#simple.named(name) ?? {}) : {});
    const simple = this.#simple.used(name);
    if (simple !== undefined) return this.#typed(name, simple);
    const complex = this.#index.lookup('complexType', name);
    if (complex !== undefined) return this.#ref(complex.node);
    const message = `The type ${clark(name)} is not declared in any schema of the bundle; it is read as any content.`;
    // A reference inside the schemas is warned of once per name; the WSDL side's asks each time, at its own place.
    if ('children' in where) this.#unresolved.warn(where, `type ${clark(name)}`, message);
    else this.diagnostics.warn('wsdl_qname_unresolved', where, message);
    return {};
  }

  /** A simple type's schema with its name, where types are named (a fresh object: schemas are shared). */
  #typed(name: XmlName, schema: JsonObject): JsonObject {
    if (this.#typeNames === null) return schema;
    const note = schema['x-xml'];
    return { ...schema, 'x-xml': { ...(typeof note === 'object' && note !== null && !Array.isArray(note) ? note : {}), type: { ns: name.ns, local: name.local } } };
  }

  /** A large simple type's component, written the first time it is used. */
  #share(node: XmlElement, schema: JsonObject): JsonObject {
    const name = this.#componentNames.get(node)!;
    if (!Object.hasOwn(this.schemas, name)) setOwn(this.schemas, name, schema);
    return { $ref: `#/schemas/${name}` };
  }

  /** The `$ref` of a complex type's component, queued for conversion the first time. */
  #ref(node: XmlElement): JsonSchema {
    let name = this.#componentNames.get(node);
    if (name === undefined) {
      name = this.#names.claim('Type');
      this.#componentNames.set(node, name);
    }
    if (!this.#queued.has(node)) {
      this.#queued.add(node);
      this.#pending.push(node);
    }
    return { $ref: `#/schemas/${name}` };
  }
}
