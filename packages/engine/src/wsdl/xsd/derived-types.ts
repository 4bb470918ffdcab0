import type { SoapType } from '../../artifact/soap.js';
import { attribute, clark, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import { MAX_DERIVATION } from './simple-types.js';
import { xsChild, type Declaration, type XsdIndex } from './xsd-index.js';

/** The named complex type a complex type derives from (by extension or restriction), or undefined. */
export function baseOf(node: XmlElement, index: XsdIndex): Declaration | undefined {
  const content = xsChild(node, 'complexContent') ?? xsChild(node, 'simpleContent');
  const derivation = content === undefined ? undefined : (xsChild(content, 'extension') ?? xsChild(content, 'restriction'));
  const base = derivation === undefined ? undefined : index.resolve(derivation, attribute(derivation, 'base') ?? '');
  return base === undefined ? undefined : index.lookup('complexType', base);
}

/** The named complex types a type derives from, nearest first (a loop, or a chain past MAX_DERIVATION, cut). */
export function ancestorsOf(node: XmlElement, index: XsdIndex): Declaration[] {
  const out: Declaration[] = [];
  for (let at = baseOf(node, index); at !== undefined && out.length < MAX_DERIVATION && !out.includes(at); at = baseOf(at.node, index)) out.push(at);
  return out;
}

/**
 * What `xsi:type` may name, as the artifact keeps it (SoapModel.types): each named complex type
 * made a component, by `{ns}local`, with its component and the type it derives from.
 */
export function typeTable(converted: Declaration[], componentOf: (node: XmlElement) => string, index: XsdIndex): Record<string, SoapType> {
  const names = new Set(converted.map((d) => d.node));
  const table: Record<string, SoapType> = {};
  for (const declaration of converted) {
    const base = baseOf(declaration.node, index);
    const entry: SoapType = { schema: componentOf(declaration.node) };
    if (base !== undefined && names.has(base.node)) entry.base = clark(base.name);
    table[clark(declaration.name as XmlName)] = entry;
  }
  return table;
}
