import { XmlRefused } from '../xml/parse-xml.js';
import { attribute, type XmlElement } from '../xml/xml-tree.js';
import type { Bundle } from './bundle/read-bundle.js';
import type { ElementBudget } from './element-budget.js';
import { XSD_NAMESPACES } from './namespaces.js';

/**
 * For each namespace an unresolved `xs:import` names and no schema read declares, the first
 * `.xsd` file of the bundle (in archive order) whose targetNamespace it is, parsed. A file that
 * cannot be parsed is passed over here: nothing asked for it by name.
 */
export function findByNamespace(bundle: Bundle, tried: ReadonlySet<string>, wanted: ReadonlySet<string>, budget: ElementBudget): Map<string, [string, XmlElement]> {
  const found = new Map<string, [string, XmlElement]>();
  if (wanted.size === 0) return found;
  for (const [path, bytes] of bundle.files) {
    if (tried.has(path) || !/\.xsd$/i.test(path)) continue;
    let root: XmlElement;
    try {
      root = budget.parse(bytes);
    } catch (error) {
      if (error instanceof XmlRefused) continue;
      throw error;
    }
    const namespace = attribute(root, 'targetNamespace');
    if (!XSD_NAMESPACES.has(root.ns) || root.local !== 'schema' || namespace === undefined || !wanted.has(namespace) || found.has(namespace)) continue;
    found.set(namespace, [path, root]);
    if (found.size === wanted.size) break;
  }
  return found;
}
