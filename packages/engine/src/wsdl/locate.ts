import type { XmlElement } from '../xml/xml-tree.js';
import { attribute } from '../xml/xml-tree.js';

/**
 * A readable location for a diagnostic: the document's path, then the element's ancestry by
 * local name with the attribute that tells it from its siblings (the root has none to be told from),
 * `service.wsdl#/definitions/binding[@name='CustomerBinding']/operation[@name='GetCustomer']`.
 */
export function locate(path: string, element: XmlElement): string {
  const steps: string[] = [];
  for (let at: XmlElement | null = element; at !== null; at = at.parent) steps.push(at.parent === null ? at.local : step(at));
  return `${path}#/${steps.reverse().join('/')}`;
}

function step(element: XmlElement): string {
  for (const key of ['name', 'schemaLocation', 'location', 'message']) {
    const value = attribute(element, key);
    if (value !== undefined) return `${element.local}[@${key}='${value}']`;
  }
  return element.local;
}
