import { SOAP_ENDPOINT, type SoapDocument } from '../artifact/soap.js';
import { attribute, type XmlElement } from '../xml/xml-tree.js';
import { SOAP11_NS, SOAP12_NS, XSD_NAMESPACES } from './namespaces.js';
import type { DocumentSet } from './read-documents.js';
import { serialiseDocument } from './serialise-document.js';

/**
 * The documents a Simulation serves at `?wsdl` and `?xsd=`: every document read, rewritten so
 * a client that downloads them talks to the Simulation and fetches imports from it. SOAP
 * addresses become SOAP_ENDPOINT; an import or include that found its document in the bundle
 * points at `SOAP_ENDPOINT?xsd=<path>` (an `xs:import` found by its namespace alone gains that
 * `schemaLocation`); one that did not (an external URL, a missing file) is left as written.
 */
export function servedDocuments(set: DocumentSet): SoapDocument[] {
  const rewrite = (element: XmlElement, attribute: { ns: string; local: string }): string | undefined => {
    if (attribute.ns !== '') return undefined;
    if (attribute.local === 'location' && element.local === 'address' && (element.ns === SOAP11_NS || element.ns === SOAP12_NS)) return SOAP_ENDPOINT;
    if (attribute.local !== 'location' && attribute.local !== 'schemaLocation') return undefined;
    const path = set.resolved.get(element);
    return path === undefined ? undefined : `${SOAP_ENDPOINT}?xsd=${encodeURIComponent(path)}`;
  };
  const add = (element: XmlElement): [string, string][] => {
    const path = set.resolved.get(element);
    if (path === undefined || element.local !== 'import' || !XSD_NAMESPACES.has(element.ns) || attribute(element, 'schemaLocation') !== undefined) return [];
    return [['schemaLocation', `${SOAP_ENDPOINT}?xsd=${encodeURIComponent(path)}`]];
  };
  return set.documents.map((document) => ({ path: document.path, text: serialiseDocument(document.root, rewrite, add) }));
}
