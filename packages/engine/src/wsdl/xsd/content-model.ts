import type { JsonObject } from '../../json.js';
import type { XmlName } from '../../xml/xml-tree.js';

/**
 * A complex type as the properties of its JSON object, before JSON names are given: what a
 * derived type extends or restricts (complex-types.ts), and what object-schema.ts writes.
 */
export interface Member {
  kind: 'element' | 'any' | 'attribute';
  xml: XmlName;
  /** The property's schema, its `x-xml` included. */
  schema: JsonObject;
  required: boolean;
}

/** One way through an `xs:choice`: the properties it may hold, and those it must. */
export interface Branch {
  members: Member[];
  required: Member[];
}

/** An `xs:choice`: the properties of one of its branches at most (exactly one unless `optional`). */
export interface Choice {
  branches: Branch[];
  optional: boolean;
}

export interface ContentModel {
  /** Elements (and `xs:any`) in document order, nested sequences flattened. */
  elements: Member[];
  /** Where each element is in `elements`, by memberKey: a type of many elements is still read in linear time. */
  positions: Map<string, number>;
  attributes: Member[];
  /** The simple content's schema, for `xs:simpleContent`. */
  text: JsonObject | null;
  choices: Choice[];
}

export function emptyModel(): ContentModel {
  return { elements: [], positions: new Map(), attributes: [], text: null, choices: [] };
}

/** A copy a derived type may add to without changing its base's. */
export function copyModel(model: ContentModel): ContentModel {
  return { elements: [...model.elements], positions: new Map(model.positions), attributes: [...model.attributes], text: model.text, choices: [...model.choices] };
}

/** An element's key: its kind and namespace-qualified name (`xs:any` is one member). */
export function memberKey(member: Pick<Member, 'kind' | 'xml'>): string {
  return `${member.kind}\u0000${member.xml.ns}\u0000${member.xml.local}`;
}

/** Adds an element to the model, or answers the index of the one of that name already there. */
export function addElement(model: ContentModel, member: Member): number | undefined {
  const key = memberKey(member);
  const known = model.positions.get(key);
  if (known !== undefined) return known;
  model.positions.set(key, model.elements.length);
  model.elements.push(member);
  return undefined;
}
