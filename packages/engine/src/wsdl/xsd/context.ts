import type { JsonSchema } from '../../artifact/artifact.js';
import type { Diagnostics, IssueAt } from '../../diagnostics/diagnostics.js';
import type { XmlElement, XmlName } from '../../xml/xml-tree.js';
import type { SimpleTypes } from './simple-types.js';
import type { Unresolved } from './unresolved.js';
import type { Declaration, XsdIndex } from './xsd-index.js';

/**
 * What converting a complex type needs from the model around it: the schemas of the types and
 * elements it refers to. Complex types are referred to by `$ref` (converted later, once), so a
 * recursive type stays finite; simple types come inline.
 */
export interface XsdContext {
  readonly index: XsdIndex;
  readonly simple: SimpleTypes;
  readonly diagnostics: Diagnostics;
  /** Warnings of undeclared names, one per name. */
  readonly unresolved: Unresolved;
  /** A named type's content schema; an unknown name warns at `at` (a schema node, or a place the caller names) and allows anything. */
  typeContent(name: XmlName, at: IssueAt | XmlElement): JsonSchema;
  /** The `$ref` of an anonymous complex type's component. */
  anonymous(complexType: XmlElement): JsonSchema;
  /** A global element's content schema. */
  elementContent(element: Declaration): JsonSchema;
  /** The global elements that may stand for a head element (transitively), abstract ones left out, in document order. */
  substitutes(head: Declaration): Declaration[];
}
