import type { SoapOperation } from '../../../artifact/soap.js';
import { attribute, type XmlElement } from '../../../xml/xml-tree.js';
import { envelopeNamespace, type SoapVersion } from './read-envelope.js';

/** Header namespaces a Simulation takes as understood: WS-Security (accepted, redacted in steps, not verified) and WS-Addressing (accepted, ignored). */
const UNDERSTOOD = [
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-secext-1.0.xsd',
  'http://docs.oasis-open.org/wss/2004/01/oasis-200401-wss-wssecurity-utility-1.0.xsd',
  'http://docs.oasis-open.org/wss/oasis-wss-wssecurity-secext-1.1.xsd',
  'http://schemas.xmlsoap.org/ws/2002/07/secext',
  'http://schemas.xmlsoap.org/ws/2004/08/addressing',
  'http://www.w3.org/2005/08/addressing',
];

/** SOAP 1.2 roles a header block may be addressed to that are not the receiver's (`none`), so it need not be understood here. */
const NOT_MINE = 'http://www.w3.org/2003/05/soap-envelope/role/none';

/**
 * The first header block the request says must be understood (`mustUnderstand="1"` or `true`)
 * that this operation does not: one the binding does not declare, outside WS-Security and
 * WS-Addressing. A receiver answers it with a MustUnderstand Fault before doing anything.
 */
export function notUnderstood(version: SoapVersion, headers: XmlElement[], operation: SoapOperation): XmlElement | null {
  const ns = envelopeNamespace(version);
  for (const header of headers) {
    const must = attribute(header, 'mustUnderstand', ns)?.trim();
    if (must !== '1' && must !== 'true') continue;
    if (version === '1.2' && attribute(header, 'role', ns)?.trim() === NOT_MINE) continue;
    if (UNDERSTOOD.includes(header.ns)) continue;
    if (operation.input.headers.some((declared) => declared.element.ns === header.ns && declared.element.local === header.local)) continue;
    return header;
  }
  return null;
}
