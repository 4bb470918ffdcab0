/**
 * XML Schema instance attributes as clients of every age write them: `xsi:nil` in the 2001
 * namespace, and in the drafts' namespaces that old SOAP toolkits (Apache SOAP, early Axis and
 * .NET) still send, where 1999's spelling of nil was `xsi:null`.
 */
import { attribute, XSI_NS, type XmlElement } from '../../../xml/xml-tree.js';

const XSI_1999 = 'http://www.w3.org/1999/XMLSchema-instance';
const XSI_2000 = 'http://www.w3.org/2000/10/XMLSchema-instance';

/** The instance namespaces: their attributes are the instance's own, never a property. */
export const INSTANCE_NAMESPACES: ReadonlySet<string> = new Set([XSI_NS, XSI_1999, XSI_2000]);

/** Whether the element says it is nil, in any instance namespace's spelling. */
export function isNil(element: XmlElement): boolean {
  const said = attribute(element, 'nil', XSI_NS) ?? attribute(element, 'nil', XSI_2000) ?? attribute(element, 'null', XSI_1999) ?? attribute(element, 'nil', XSI_1999);
  const value = said?.trim();
  return value === 'true' || value === '1';
}
