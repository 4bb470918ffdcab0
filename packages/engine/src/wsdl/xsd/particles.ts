import type { JsonSchema } from '../../artifact/artifact.js';
import { attribute, clark, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import type { ContentModel, Member } from './content-model.js';
import type { XsdContext } from './context.js';
import { withValueConstraint } from './facets.js';
import { at } from './locations.js';
import { withNull, withXml } from './property-schema.js';
import { MAX_DERIVATION } from './simple-types.js';
import { xsChild, xsChildren, type Declaration } from './xsd-index.js';

/**
 * A content model's particles as properties. Sequences (and `xs:all`) are flattened into one
 * order; an element that may repeat (its own `maxOccurs`, or a repeating group around it) is
 * an array of its items, named on the array; an element that may be absent (its own
 * `minOccurs="0"`, or an optional group around it) is not required. A choice makes its
 * elements optional, and where it is a plain choice of elements (not repeated, not in another
 * choice) records that at most one, or exactly one, of them is present. A reference to the
 * head of a substitution group is a choice of the head (unless abstract) and every member.
 * `xs:any` is one property `$any`, its content kept as XML text. An element met twice (the
 * same name in two branches of a choice) is one property. A `fixed` value is the element's one
 * allowed value, a `default` its JSON Schema `default` (an annotation: nothing is filled in).
 */
export interface Context {
  optional: boolean;
  repeated: boolean;
  inChoice: boolean;
}

interface Occurs {
  min: number;
  max: number;
}

const valued = (schema: JsonSchema, ...declarations: XmlElement[]): JsonSchema => (typeof schema === 'object' ? withValueConstraint(schema, declarations) : schema);

function occursOf(node: XmlElement): Occurs {
  const min = Number(attribute(node, 'minOccurs') ?? '1');
  const maxText = attribute(node, 'maxOccurs') ?? '1';
  const max = maxText === 'unbounded' ? Infinity : Number(maxText);
  return { min: Number.isFinite(min) && min >= 0 ? min : 1, max: Number.isNaN(max) ? 1 : max };
}

export class Particles {
  readonly #activeGroups = new Set<XmlElement>();

  constructor(private readonly context: XsdContext) {}

  /** Adds a particle (sequence, choice, all, group reference, element, any) to the model. */
  collect(node: XmlElement, outer: Context, model: ContentModel, depth: number): void {
    const occurs = occursOf(node);
    const inner: Context = { optional: outer.optional || occurs.min === 0, repeated: outer.repeated || occurs.max > 1, inChoice: outer.inChoice };
    switch (node.local) {
      case 'sequence':
      case 'all':
        for (const child of xsChildren(node)) this.collect(child, inner, model, depth);
        return;
      case 'choice':
        return this.#choice(node, outer, { ...inner, optional: true, inChoice: true }, occurs, model, depth);
      case 'group':
        return this.#group(node, inner, model, depth);
      case 'element':
        this.#element(node, outer, occurs, model);
        return;
      case 'any':
        if (!model.elements.some((m) => m.kind === 'any')) model.elements.push({ kind: 'any', xml: { ns: '', local: '$any' }, schema: { type: 'string', 'x-xml': { any: true } }, required: false });
        return;
      default:
        return;
    }
  }

  #choice(node: XmlElement, outer: Context, inner: Context, occurs: Occurs, model: ContentModel, depth: number): void {
    const children = xsChildren(node).filter((c) => c.local !== 'annotation');
    const before = model.elements.length;
    const added: Member[] = [];
    let plain = !outer.inChoice && !inner.repeated;
    for (const child of children) {
      if (child.local !== 'element') plain = false;
      const count = model.elements.length;
      this.collect(child, inner, model, depth);
      // An element merged into one met before is not this choice's own: no constraint then.
      if (child.local === 'element' && model.elements.length === count) plain = false;
      added.push(...model.elements.slice(count));
    }
    if (!plain || added.length < 2 || model.elements.length - before !== added.length) return;
    const allRequired = children.every((c) => occursOf(c).min >= 1 && !this.#mayBeAbsent(c));
    model.choices.push({ members: added, exactlyOne: !outer.optional && occurs.min >= 1 && allRequired });
  }

  /** An element reference whose head is abstract and has no member can be absent whatever its minOccurs. */
  #mayBeAbsent(element: XmlElement): boolean {
    const head = this.#referenced(element);
    return head !== undefined && attribute(head.node, 'abstract') === 'true' && this.context.substitutes(head).length === 0;
  }

  #group(node: XmlElement, context: Context, model: ContentModel, depth: number): void {
    const ref = attribute(node, 'ref');
    const name = ref === undefined ? undefined : this.context.index.resolve(node, ref);
    const declaration = name === undefined ? undefined : this.context.index.lookup('group', name);
    if (declaration === undefined) {
      this.context.diagnostics.warn('wsdl_qname_unresolved', at(this.context.index, node), `The group ${name === undefined ? JSON.stringify(ref ?? '') : clark(name)} is not declared in the bundle; its elements are left out.`);
      return;
    }
    if (this.#activeGroups.has(declaration.node) || depth > MAX_DERIVATION) {
      this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), 'The group refers to itself; the inner reference is left out.');
      return;
    }
    this.#activeGroups.add(declaration.node);
    for (const child of xsChildren(declaration.node)) this.collect(child, { ...context, repeated: context.repeated }, model, depth + 1);
    this.#activeGroups.delete(declaration.node);
  }

  #referenced(node: XmlElement): Declaration | undefined {
    const ref = attribute(node, 'ref');
    const name = ref === undefined ? undefined : this.context.index.resolve(node, ref);
    return name === undefined ? undefined : this.context.index.lookup('element', name);
  }

  #element(node: XmlElement, outer: Context, occurs: Occurs, model: ContentModel): void {
    if (occurs.max === 0) return;
    const required = !outer.optional && occurs.min >= 1;
    const repeated = outer.repeated || occurs.max > 1;
    const place = { required, repeated, min: outer.optional || outer.repeated ? 0 : occurs.min, max: outer.repeated ? Infinity : occurs.max };
    const ref = attribute(node, 'ref');
    if (ref === undefined) {
      const local = attribute(node, 'name') ?? '';
      const doc = this.context.index.docOf(node);
      const form = attribute(node, 'form');
      const qualified = form === undefined ? doc.elementQualified : form === 'qualified';
      const xml = { ns: qualified ? doc.targetNamespace : '', local };
      this.#add(model, xml, valued(this.#localContent(node), node), attribute(node, 'nillable') === 'true', place);
      return;
    }
    const name = this.context.index.resolve(node, ref);
    const head = name === undefined ? undefined : this.context.index.lookup('element', name);
    if (head === undefined) {
      this.context.diagnostics.warn('wsdl_qname_unresolved', at(this.context.index, node), `The element ${name === undefined ? JSON.stringify(ref) : clark(name)} is not declared in the bundle; it is read as any content.`);
      this.#add(model, name ?? { ns: '', local: ref }, {}, false, place);
      return;
    }
    const members = [...(attribute(head.node, 'abstract') === 'true' ? [] : [head]), ...this.context.substitutes(head)];
    if (members.length === 1 && members[0] === head) {
      this.#add(model, head.name, valued(this.context.elementContent(head), node, head.node), attribute(head.node, 'nillable') === 'true', place);
      return;
    }
    // A substitution group: one optional property per element that may stand here.
    const before = model.elements.length;
    const optional = { ...place, required: false, min: 0 };
    for (const member of members) this.#add(model, member.name, this.context.elementContent(member), attribute(member.node, 'nillable') === 'true', optional);
    const added = model.elements.slice(before);
    if (!outer.inChoice && !repeated && added.length >= 2 && added.length === members.length) model.choices.push({ members: added, exactlyOne: required });
  }

  #localContent(node: XmlElement): JsonSchema {
    const type = attribute(node, 'type');
    if (type !== undefined) {
      const name = this.context.index.resolve(node, type);
      if (name !== undefined) return this.context.typeContent(name, node);
      this.context.diagnostics.warn('wsdl_qname_unresolved', at(this.context.index, node), `The type ${JSON.stringify(type)} uses a prefix that is not declared; it is read as any content.`);
      return {};
    }
    const complex = xsChild(node, 'complexType');
    if (complex !== undefined) return this.context.anonymous(complex);
    const simple = xsChild(node, 'simpleType');
    return simple !== undefined ? this.context.simple.of(simple) : {};
  }

  #add(model: ContentModel, xml: XmlName, content: JsonSchema, nillable: boolean, place: { required: boolean; repeated: boolean; min: number; max: number }): void {
    const known = model.elements.find((m) => m.kind === 'element' && m.xml.ns === xml.ns && m.xml.local === xml.local);
    if (known !== undefined) {
      if (!place.required && known.required) model.elements[model.elements.indexOf(known)] = { ...known, required: false };
      return;
    }
    const note = { name: xml.local, ns: xml.ns };
    let item: JsonSchema = content;
    if (nillable && typeof item === 'object') item = withNull(item);
    let schema;
    if (place.repeated) {
      schema = withXml({ type: 'array', items: item }, note);
      if (place.min > 0) schema.minItems = place.min;
      if (Number.isFinite(place.max)) schema.maxItems = place.max;
    } else {
      schema = withXml(item, note);
    }
    model.elements.push({ kind: 'element', xml, schema, required: place.required });
  }
}
