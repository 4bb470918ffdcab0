import type { Diagnostics } from '../../diagnostics/diagnostics.js';
import type { XmlElement } from '../../xml/xml-tree.js';
import { at } from './locations.js';
import type { XsdIndex } from './xsd-index.js';

/**
 * Warnings (`wsdl_qname_unresolved`) of names the schemas refer to but the bundle does not
 * declare, one per name, at its first reference: a schema whose import is missing leaves
 * hundreds of references unresolved, and a build keeps only 40 warnings, which one name
 * would otherwise fill.
 */
export class Unresolved {
  readonly #warned = new Set<string>();

  constructor(
    private readonly index: XsdIndex,
    private readonly diagnostics: Diagnostics,
  ) {}

  /** Warns at `node` unless `name` (what is missing, printed: `type {urn:x}Price`) was warned of already. */
  warn(node: XmlElement, name: string, message: string): void {
    if (this.#warned.has(name)) return;
    this.#warned.add(name);
    this.diagnostics.warn('wsdl_qname_unresolved', at(this.index, node), `${message} Later references to it are not reported again.`);
  }
}
