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
