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

/** An `xs:choice` of elements: at most one of the members, or exactly one. */
export interface Choice {
  members: Member[];
  exactlyOne: boolean;
}

export interface ContentModel {
  /** Elements (and `xs:any`) in document order, nested sequences flattened. */
  elements: Member[];
  attributes: Member[];
  /** The simple content's schema, for `xs:simpleContent`. */
  text: JsonObject | null;
  choices: Choice[];
}

export function emptyModel(): ContentModel {
  return { elements: [], attributes: [], text: null, choices: [] };
}

/** A copy a derived type may add to without changing its base's. */
export function copyModel(model: ContentModel): ContentModel {
  return { elements: [...model.elements], attributes: [...model.attributes], text: model.text, choices: [...model.choices] };
}
