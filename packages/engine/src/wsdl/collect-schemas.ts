import { attribute, childElements, type XmlElement } from '../xml/xml-tree.js';
import type { DocumentSet, ServiceDocument } from './read-documents.js';
import { documentSchemas } from './read-documents.js';
import { WSDL_NS } from './namespaces.js';
import type { XsdSource } from './xsd/xsd-model.js';

/**
 * The schemas the XSD converter reads, each once per namespace it is read in: the schemas of
 * every WSDL's `wsdl:types`, then what they import and include. A schema without a
 * targetNamespace that is included takes its includer's namespace (a "chameleon" include), so
 * it is read once for each namespace that includes it; imported, it keeps no namespace.
 */
export function collectSchemas(set: DocumentSet): XsdSource[] {
  const sources: XsdSource[] = [];
  const seen = new Set<string>();
  const indexOf = new Map<XmlElement, number>();
  const queue: { document: ServiceDocument; schema: XmlElement; chameleon: string | undefined }[] = [];

  const add = (document: ServiceDocument, schema: XmlElement, chameleon: string | undefined): void => {
    if (!indexOf.has(schema)) indexOf.set(schema, indexOf.size);
    const key = `${indexOf.get(schema)}\u0000${chameleon ?? '\u0001'}`;
    if (seen.has(key)) return;
    seen.add(key);
    queue.push({ document, schema, chameleon });
  };

  for (const document of set.documents) {
    if (document.kind !== 'wsdl') continue;
    for (const schema of documentSchemas(document)) add(document, schema, undefined);
    for (const element of childElements(document.root, WSDL_NS, 'import')) {
      const target = set.byPath.get(set.resolved.get(element) ?? '');
      if (target?.kind === 'xsd') add(target, target.root, undefined);
    }
  }
  for (let next = 0; next < queue.length; next++) {
    const { document, schema, chameleon } = queue[next]!;
    sources.push(chameleon === undefined ? { path: document.path, schema } : { path: document.path, schema, targetNamespace: chameleon });
    const namespace = chameleon ?? attribute(schema, 'targetNamespace') ?? '';
    // Every import or include that found a document, by its location or (an import) by its namespace.
    for (const reference of childElements(schema)) {
      const target = set.byPath.get(set.resolved.get(reference) ?? '');
      if (target === undefined || target.kind !== 'xsd') continue;
      const own = attribute(target.root, 'targetNamespace');
      const takesIncluder = reference.local !== 'import' && (own === undefined || own === '') && namespace !== '';
      add(target, target.root, takesIncluder ? namespace : undefined);
    }
  }
  return sources;
}
