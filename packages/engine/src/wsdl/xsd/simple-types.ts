import type { Diagnostics } from '../../diagnostics/diagnostics.js';
import type { JsonObject } from '../../json.js';
import { attribute, clark, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import { builtinSchema, SOAP_ENCODING_NS } from './builtins.js';
import { applyFacets } from './facets.js';
import { at } from './locations.js';
import type { Unresolved } from './unresolved.js';
import { isXsd, xsChild, type XsdIndex } from './xsd-index.js';

/** Derivation steps followed before a chain is taken to loop (a cycle, or a schema built to exhaust us). */
export const MAX_DERIVATION = 64;
/** Characters of JSON past which a declared simple type is shared as a component rather than repeated at each use. */
const SHARE_ABOVE = 2048;

/** Makes a declared simple type's schema a component, answering the `$ref` to it. */
export type Share = (node: XmlElement, schema: JsonObject) => JsonObject;

/**
 * Simple types as inline JSON Schemas (they are small, and a property's `x-xml` is written
 * beside their keywords). A restriction is its base's schema with the facets added
 * (facets.ts). An `xs:list` is an array, one item per whitespace-separated token, marked
 * `"x-xml": {"list": true}` so the protocol joins and splits it; an `xs:union` is `anyOf` of
 * its members. Each declared type is converted once; a chain that loops or runs deeper than
 * MAX_DERIVATION is cut with a warning and read as any simple value. Where an element, an
 * attribute, a list or a union uses a declared type whose schema is large (an enumeration of
 * thousands of codes), it is a component referred to by `$ref`, so that a schema is never
 * repeated into an artifact many times its size; a union of unions is flattened, each member
 * once.
 */
export class SimpleTypes {
  readonly #done = new Map<XmlElement, JsonObject>();
  readonly #active = new Set<XmlElement>();
  readonly #sizes = new Map<XmlElement, number>();

  constructor(
    private readonly index: XsdIndex,
    private readonly diagnostics: Diagnostics,
    private readonly unresolved: Unresolved,
    private readonly share: Share,
  ) {}

  /**
   * A simple type's schema where an element, attribute, list or union uses it: as `named`, but
   * a large declared type is shared (`$ref`). A list stays inline: its `x-xml` marks the
   * property that holds it.
   */
  used(name: XmlName, depth = 0): JsonObject | undefined {
    const builtin = this.#builtin(name);
    if (builtin !== undefined) return builtin;
    const declaration = this.index.lookup('simpleType', name);
    if (declaration === undefined) return undefined;
    const schema = this.of(declaration.node, depth);
    if (schema['x-xml'] !== undefined) return schema;
    let size = this.#sizes.get(declaration.node);
    if (size === undefined) this.#sizes.set(declaration.node, (size = JSON.stringify(schema).length));
    return size > SHARE_ABOVE ? this.share(declaration.node, schema) : schema;
  }

  /** Whether a name is a built-in or declared simple type. */
  isSimple(name: XmlName): boolean {
    return this.#builtin(name) !== undefined || this.index.lookup('simpleType', name) !== undefined;
  }

  /** A simple type's schema by name (a copy the caller may add to), or undefined when no simple type has that name. */
  named(name: XmlName, depth = 0): JsonObject | undefined {
    const builtin = this.#builtin(name);
    if (builtin !== undefined) return builtin;
    const declaration = this.index.lookup('simpleType', name);
    return declaration === undefined ? undefined : this.of(declaration.node, depth);
  }

  #builtin(name: XmlName): JsonObject | undefined {
    return isXsd(name.ns) || name.ns === SOAP_ENCODING_NS ? builtinSchema(name.local) : undefined;
  }

  /** An `xs:simpleType` node's schema (a copy). */
  of(node: XmlElement, depth = 0): JsonObject {
    const done = this.#done.get(node);
    if (done !== undefined) return { ...done };
    if (this.#active.has(node) || depth > MAX_DERIVATION) {
      this.diagnostics.warn('xsd_construct_unsupported', at(this.index, node), `The simple type derives from itself, or through more than ${MAX_DERIVATION} steps; it is read as any simple value.`);
      return {};
    }
    this.#active.add(node);
    const schema = this.#convert(node, depth);
    this.#active.delete(node);
    this.#done.set(node, schema);
    return { ...schema };
  }

  #convert(node: XmlElement, depth: number): JsonObject {
    const restriction = xsChild(node, 'restriction');
    if (restriction !== undefined) return this.restrict(this.base(restriction, depth), restriction);
    const list = xsChild(node, 'list');
    if (list !== undefined) return { type: 'array', items: this.#member(list, 'itemType', depth, true) ?? {}, 'x-xml': { list: true } };
    const union = xsChild(node, 'union');
    if (union !== undefined) {
      const members = new Map<string, JsonObject>();
      const add = (member: JsonObject) => {
        // A union of unions is one union of their members.
        const inner = Object.keys(member).length === 1 && Array.isArray(member.anyOf) ? (member.anyOf as JsonObject[]) : [member];
        for (const m of inner) members.set(JSON.stringify(m), m);
      };
      for (const text of (attribute(union, 'memberTypes') ?? '').split(/\s+/)) if (text !== '') add(this.reference(union, text, depth + 1, true));
      for (const inline of union.children) if (typeof inline !== 'string' && isXsd(inline.ns) && inline.local === 'simpleType') add(this.of(inline, depth + 1));
      // A member that allows anything makes the union allow anything.
      return members.size === 0 || members.has('{}') ? {} : { anyOf: [...members.values()] };
    }
    return {};
  }

  /** A restriction's (or list's) base: its `base=` type, or its inline simple type. */
  base(restriction: XmlElement, depth: number): JsonObject {
    return this.#member(restriction, 'base', depth) ?? {};
  }

  #member(node: XmlElement, attr: string, depth: number, use = false): JsonObject | undefined {
    const text = attribute(node, attr);
    if (text !== undefined) return this.reference(node, text, depth + 1, use);
    const inline = xsChild(node, 'simpleType');
    return inline === undefined ? undefined : this.of(inline, depth + 1);
  }

  /**
   * A QName of a simple type, from an attribute of `node` (`used` where a value of it is held,
   * `named` where it is derived from); an unknown name warns and allows any simple value.
   */
  reference(node: XmlElement, text: string, depth: number, use = false): JsonObject {
    const name = this.index.resolve(node, text);
    const schema = name === undefined ? undefined : use ? this.used(name, depth) : this.named(name, depth);
    if (schema !== undefined) return schema;
    // A complex type here (a simpleContent restriction's base names one) is handled by the caller.
    if (name !== undefined && this.index.lookup('complexType', name) !== undefined) return {};
    const printed = name === undefined ? JSON.stringify(text) : clark(name);
    this.unresolved.warn(node, `type ${printed}`, `The simple type ${printed} is not declared in the bundle; it is read as any simple value.`);
    return {};
  }

  /** The base's schema with a restriction's facets. */
  restrict(base: JsonObject, restriction: XmlElement): JsonObject {
    return applyFacets(base, restriction, (facet, message) => this.diagnostics.warn('xsd_construct_unsupported', at(this.index, facet), message));
  }
}
