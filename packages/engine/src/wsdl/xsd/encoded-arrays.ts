import { attribute, type XmlElement, type XmlName } from '../../xml/xml-tree.js';
import { isSoapEncoding } from './builtins.js';
import { xsChild, xsChildren, type XsdIndex } from './xsd-index.js';

/** WSDL 1.1's namespace, whose `wsdl:arrayType` attribute says what a SOAP-encoded array holds. */
const WSDL_NS = 'http://schemas.xmlsoap.org/wsdl/';

/**
 * What a complex type that restricts SOAP encoding's `Array` holds, as WSDL 1.1 section 5 and
 * the toolkits of its time declare one: `wsdl:arrayType="tns:Item[]"` on the restriction's
 * `soapenc:arrayType` attribute (the item type, `dimensions` - 1 arrays deep: `xsd:string[][]`),
 * or a sequence of one repeated element (`<element name="item" type="..."/>`, .NET's way).
 * Null for any other type. An encoded array is one element whose children are its items,
 * whatever they are named, so it is a JSON array, not a repeated element.
 */
export type EncodedArray = { kind: 'typed'; item: XmlName; dimensions: number } | { kind: 'sequence' } | { kind: 'untyped' };

export function encodedArray(node: XmlElement, index: XsdIndex): EncodedArray | null {
  const restriction = xsChild(node, 'complexContent') === undefined ? undefined : xsChild(xsChild(node, 'complexContent')!, 'restriction');
  if (restriction === undefined) return null;
  const base = index.resolve(restriction, attribute(restriction, 'base') ?? '');
  if (base === undefined || !isSoapEncoding(base.ns) || base.local !== 'Array') return null;
  for (const declared of xsChildren(restriction, 'attribute')) {
    const arrayType = attribute(declared, 'arrayType', WSDL_NS);
    if (arrayType === undefined) continue;
    const match = /^\s*([^[\s]+)((?:\[[\d,\s]*\])+)\s*$/.exec(arrayType);
    const item = match === null ? undefined : index.resolve(declared, match[1]!);
    if (item !== undefined) return { kind: 'typed', item, dimensions: (match![2]!.match(/\[/g) ?? []).length };
  }
  const particles = ['sequence', 'all', 'choice'].some((local) => xsChild(restriction, local) !== undefined);
  return particles ? { kind: 'sequence' } : { kind: 'untyped' };
}
