import { DEFAULT_XML_LIMITS, parseXml, XmlRefused } from '../xml/parse-xml.js';
import type { XmlElement } from '../xml/xml-tree.js';
import { BUNDLE_LIMITS } from './bundle/bundle-limits.js';

/**
 * Parses a bundle's documents within one element budget. A parsed element costs about half a
 * kilobyte, so 64 MiB of `<a/>` would be 16 million of them and several gigabytes: the bytes
 * bound alone does not bound memory. Real services (a few megabytes of WSDL and XSD) hold a
 * few hundred thousand elements at most.
 */
export class ElementBudget {
  #remaining: number;

  constructor(private readonly limit: number = BUNDLE_LIMITS.maxElements) {
    this.#remaining = limit;
  }

  parse(bytes: Uint8Array): XmlElement {
    let root: XmlElement;
    try {
      root = parseXml(bytes, { ...DEFAULT_XML_LIMITS, maxElements: this.#remaining });
    } catch (error) {
      if (error instanceof XmlRefused && error.reason === 'elements') {
        throw new XmlRefused('elements', `the bundle's documents hold more than ${this.limit.toLocaleString('en')} elements together`, error.line);
      }
      throw error;
    }
    this.#remaining -= countElements(root);
    return root;
  }
}

function countElements(root: XmlElement): number {
  let count = 0;
  const stack: XmlElement[] = [root];
  for (let element = stack.pop(); element !== undefined; element = stack.pop()) {
    count += 1;
    for (const child of element.children) if (typeof child !== 'string') stack.push(child);
  }
  return count;
}
