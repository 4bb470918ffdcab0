import type { JsonSchema } from '../../artifact/artifact.js';
import { attribute, clark, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import { addElement, memberKey, type Branch, type ContentModel } from './content-model.js';
import type { XsdContext } from './context.js';
import { withValueConstraint } from './facets.js';
import { at } from './locations.js';
import { withNull, withXml } from './property-schema.js';
import { xsChild, xsChildren } from './xsd-index.js';

/**
 * A content model's particles as properties. Sequences (and `xs:all`) are flattened into one
 * order; an element that may repeat (its own `maxOccurs`, or a repeating group around it) is
 * an array of its items, named on the array; an element that may be absent (its own
 * `minOccurs="0"`, or an optional group around it) is not required. A choice makes its
 * elements optional, and where it is met once (not repeated, not in another choice) records
 * its branches: each child particle, with what it requires (a sequence's required elements),
 * so that the properties of one branch only are present, and of exactly one unless the
 * choice may be empty. A reference to the head of a substitution group is a choice of the
 * head (unless abstract) and every member.
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

/** Nesting of sequences, choices and group references followed, whatever the documents' own depth. */
const MAX_NESTING = 512;

const valued = (schema: JsonSchema, ...declarations: XmlElement[]): JsonSchema => (typeof schema === 'object' ? withValueConstraint(schema, declarations) : schema);

function occursOf(node: XmlElement): Occurs {
  const min = Number(attribute(node, 'minOccurs') ?? '1');
  const maxText = attribute(node, 'maxOccurs') ?? '1';
  const max = maxText === 'unbounded' ? Infinity : Number(maxText);
  return { min: Number.isFinite(min) && min >= 0 ? min : 1, max: Number.isNaN(max) ? 1 : max };
}

export class Particles {
  readonly #activeGroups = new Set<XmlElement>();
  /** Elements met again and merged into the property made the first time, counted. */
  #merges = 0;

  constructor(private readonly context: XsdContext) {}

  /** Adds a particle (sequence, choice, all, group reference, element, any) to the model. */
  collect(node: XmlElement, outer: Context, model: ContentModel, depth: number): void {
    if (depth > MAX_NESTING) {
      this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), `Model groups are nested deeper than ${MAX_NESTING} (counting group references); the deeper ones are left out.`);
      return;
    }
    const occurs = occursOf(node);
    const inner: Context = { optional: outer.optional || occurs.min === 0, repeated: outer.repeated || occurs.max > 1, inChoice: outer.inChoice };
    switch (node.local) {
      case 'sequence':
      case 'all':
        for (const child of xsChildren(node)) this.collect(child, inner, model, depth + 1);
        return;
      case 'choice':
        return this.#choice(node, outer, occurs, model, depth);
      case 'group':
        return this.#group(node, inner, model, depth);
      case 'element':
        this.#element(node, outer, occurs, model);
        return;
      case 'any':
        if (addElement(model, { kind: 'any', xml: { ns: '', local: '$any' }, schema: { type: 'string', 'x-xml': { any: true } }, required: false }) !== undefined) this.#merges += 1;
        return;
      default:
        return;
    }
  }

  #choice(node: XmlElement, outer: Context, occurs: Occurs, model: ContentModel, depth: number): void {
    const repeated = outer.repeated || occurs.max > 1;
    // Only a choice met once, outside another, is kept as a choice; any other makes its elements optional.
    const kept = !outer.inChoice && !repeated;
    const context: Context = { optional: !kept, repeated, inChoice: true };
    const branches: Branch[] = [];
    const merges = this.#merges;
    for (const child of xsChildren(node)) {
      if (child.local === 'annotation') continue;
      const count = model.elements.length;
      this.collect(child, context, model, depth + 1);
      const members = model.elements.slice(count);
      branches.push({ members, required: members.filter((m) => m.required) });
      // What a branch requires is required of that branch only.
      for (let i = count; i < model.elements.length; i += 1) if (model.elements[i]!.required) model.elements[i] = { ...model.elements[i]!, required: false };
    }
    // An element met before (in another branch, or outside) is not this choice's own: its branches cannot be told apart.
    if (!kept || this.#merges !== merges || branches.length === 0) return;
    const optional = outer.optional || occurs.min === 0;
    if (branches.length > 1 || optional) {
      model.choices.push({ branches, optional });
      return;
    }
    // A choice of one required branch is that branch, as a sequence would be.
    for (const member of branches[0]!.required) {
      const i = model.positions.get(memberKey(member))!;
      model.elements[i] = { ...model.elements[i]!, required: true };
    }
  }

  #group(node: XmlElement, context: Context, model: ContentModel, depth: number): void {
    const ref = attribute(node, 'ref');
    const name = ref === undefined ? undefined : this.context.index.resolve(node, ref);
    const declaration = name === undefined ? undefined : this.context.index.lookup('group', name);
    if (declaration === undefined) {
      const printed = name === undefined ? JSON.stringify(ref ?? '') : clark(name);
      this.context.unresolved.warn(node, `group ${printed}`, `The group ${printed} is not declared in the bundle; its elements are left out.`);
      return;
    }
    if (this.#activeGroups.has(declaration.node)) {
      this.context.diagnostics.warn('xsd_construct_unsupported', at(this.context.index, node), 'The group refers to itself; the inner reference is left out.');
      return;
    }
    this.#activeGroups.add(declaration.node);
    for (const child of xsChildren(declaration.node)) this.collect(child, { ...context, repeated: context.repeated }, model, depth + 1);
    this.#activeGroups.delete(declaration.node);
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
      const printed = name === undefined ? JSON.stringify(ref) : clark(name);
      this.context.unresolved.warn(node, `element ${printed}`, `The element ${printed} is not declared in the bundle; it is read as any content.`);
      this.#add(model, name ?? { ns: '', local: ref }, {}, false, place);
      return;
    }
    const members = [...(attribute(head.node, 'abstract') === 'true' ? [] : [head]), ...this.context.substitutes(head)];
    if (members.length === 1 && members[0] === head) {
      this.#add(model, head.name, valued(this.context.elementContent(head), node, head.node), attribute(head.node, 'nillable') === 'true', place);
      return;
    }
    // A substitution group: one optional property per element that may stand here, one of them at most.
    const before = model.elements.length;
    const merges = this.#merges;
    const optional = { ...place, required: false, min: 0 };
    for (const member of members) this.#add(model, member.name, this.context.elementContent(member), attribute(member.node, 'nillable') === 'true', optional);
    const added = model.elements.slice(before);
    if (!outer.inChoice && !repeated && this.#merges === merges && added.length > 0) model.choices.push({ branches: added.map((m) => ({ members: [m], required: [m] })), optional: !required });
  }

  #localContent(node: XmlElement): JsonSchema {
    const type = attribute(node, 'type');
    if (type !== undefined) {
      const name = this.context.index.resolve(node, type);
      if (name !== undefined) return this.context.typeContent(name, node);
      this.context.unresolved.warn(node, `type ${JSON.stringify(type)}`, `The type ${JSON.stringify(type)} uses a prefix that is not declared; it is read as any content.`);
      return {};
    }
    const complex = xsChild(node, 'complexType');
    if (complex !== undefined) return this.context.anonymous(complex);
    const simple = xsChild(node, 'simpleType');
    return simple !== undefined ? this.context.simple.of(simple) : {};
  }

  #add(model: ContentModel, xml: XmlName, content: JsonSchema, nillable: boolean, place: { required: boolean; repeated: boolean; min: number; max: number }): void {
    const position = model.positions.get(memberKey({ kind: 'element', xml }));
    if (position !== undefined) {
      this.#merges += 1;
      const known = model.elements[position]!;
      if (!place.required && known.required) model.elements[position] = { ...known, required: false };
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
    addElement(model, { kind: 'element', xml, schema, required: place.required });
  }
}
