import type { JsonObject } from '../../json.js';
import { attribute, clark, XML_NS, type XmlElement } from '../../xml/xml-tree.js';
import { SOAP_ENCODING_NS } from './builtins.js';
import type { Member } from './content-model.js';
import type { XsdContext } from './context.js';
import { withValueConstraint } from './facets.js';
import { at } from './locations.js';
import { withXml } from './property-schema.js';
import { MAX_DERIVATION } from './simple-types.js';
import { xsChild, xsChildren } from './xsd-index.js';

/**
 * A complex type's attributes as properties marked `"attribute": true`: local ones (qualified
 * per `form` or attributeFormDefault), references to global ones (their namespace), and
 * attribute groups expanded. `use="required"` makes the property required; an untyped
 * attribute is a string; a `fixed` value is its one allowed value, a `default` its `default`.
 * `use="prohibited"` in a restriction removes an inherited attribute.
 * `xs:anyAttribute` is ignored: other attributes are not kept.
 */
export class Attributes {
  readonly #activeGroups = new Set<XmlElement>();

  constructor(private readonly context: XsdContext) {}

  /** The attributes a node (complexType, extension, restriction, attributeGroup) declares, merged over `inherited` by name. */
  collect(node: XmlElement, inherited: Member[], depth = 0): Member[] {
    const out = new Map<string, Member>(inherited.map((m) => [`${m.xml.ns}\u0000${m.xml.local}`, m]));
    this.#into(node, out, depth);
    return [...out.values()];
  }

  #into(node: XmlElement, out: Map<string, Member>, depth: number): void {
    for (const child of xsChildren(node)) {
      if (child.local === 'attribute') this.#attribute(child, out);
      else if (child.local === 'attributeGroup') this.#group(child, out, depth);
    }
  }

  #group(node: XmlElement, out: Map<string, Member>, depth: number): void {
    const ref = attribute(node, 'ref') ?? '';
    const name = this.context.index.resolve(node, ref);
    const group = name === undefined ? undefined : this.context.index.lookup('attributeGroup', name);
    if (group === undefined) {
      const printed = name === undefined ? JSON.stringify(ref) : clark(name);
      this.context.unresolved.warn(node, `attributeGroup ${printed}`, `The attribute group ${printed} is not declared in the bundle; its attributes are left out.`);
      return;
    }
    if (this.#activeGroups.has(group.node) || depth > MAX_DERIVATION) {
      this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), 'The attribute group refers to itself; the inner reference is left out.');
      return;
    }
    this.#activeGroups.add(group.node);
    this.#into(group.node, out, depth + 1);
    this.#activeGroups.delete(group.node);
  }

  #attribute(node: XmlElement, out: Map<string, Member>): void {
    const ref = attribute(node, 'ref');
    let declaration = node;
    let ns = '';
    let local = attribute(node, 'name') ?? '';
    if (ref !== undefined) {
      const name = this.context.index.resolve(node, ref);
      const global = name === undefined ? undefined : this.context.index.lookup('attribute', name);
      if (global !== undefined) declaration = global.node;
      else if (name?.ns !== XML_NS && name?.ns !== SOAP_ENCODING_NS) {
        const printed = name === undefined ? JSON.stringify(ref) : clark(name);
        this.context.unresolved.warn(node, `attribute ${printed}`, `The attribute ${printed} is not declared in the bundle; it is read as a string.`);
      }
      ns = name?.ns ?? '';
      local = name?.local ?? ref;
    } else {
      const doc = this.context.index.docOf(node);
      const form = attribute(node, 'form');
      if (form === undefined ? doc.attributeQualified : form === 'qualified') ns = doc.targetNamespace;
    }
    const key = `${ns}\u0000${local}`;
    if (attribute(node, 'use') === 'prohibited') {
      out.delete(key);
      return;
    }
    const member: Member = { kind: 'attribute', xml: { ns, local }, schema: withXml(withValueConstraint(this.#type(declaration), [node, declaration]), { name: local, ns, attribute: true }), required: attribute(node, 'use') === 'required' };
    out.set(key, member);
  }

  #type(node: XmlElement): JsonObject {
    const type = attribute(node, 'type');
    if (type !== undefined) return this.context.simple.reference(node, type, 0, true);
    const inline = xsChild(node, 'simpleType');
    return inline !== undefined ? this.context.simple.of(inline) : { type: 'string' };
  }
}
