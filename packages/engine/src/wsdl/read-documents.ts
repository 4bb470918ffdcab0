import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { reject } from '../diagnostics/diagnostics.js';
import { XmlRefused } from '../xml/parse-xml.js';
import { attribute, childElements, clark, type XmlElement } from '../xml/xml-tree.js';
import { BUNDLE_LIMITS } from './bundle/bundle-limits.js';
import { isExternalLocation, resolveBundlePath } from './bundle/bundle-path.js';
import type { Bundle } from './bundle/read-bundle.js';
import { ElementBudget } from './element-budget.js';
import { findByNamespace } from './find-by-namespace.js';
import { locate } from './locate.js';
import { WSDL2_NS, WSDL_NS, XSD_NAMESPACES } from './namespaces.js';

/**
 * The documents of a service: the WSDL, and every WSDL and XSD reached from it through
 * `wsdl:import location`, `xs:import`/`xs:include`/`xs:redefine schemaLocation`, each parsed
 * once with the safe parser (a cycle of imports is read once around). Nothing is fetched: an
 * absolute URL is a warning, as is a file the bundle lacks.
 */

export interface ServiceDocument {
  /** Normalised path in the bundle (bundle-path.ts). */
  path: string;
  kind: 'wsdl' | 'xsd';
  /** `wsdl:definitions` or `xs:schema`. */
  root: XmlElement;
}

/** An element that names another document, and the attribute naming it. */
export interface DocumentReference {
  element: XmlElement;
  attribute: 'location' | 'schemaLocation';
  kind: 'import' | 'include' | 'redefine';
}

export interface DocumentSet {
  /** The WSDL first, then the rest in the order they were reached (breadth first). */
  documents: ServiceDocument[];
  byPath: Map<string, ServiceDocument>;
  /** Each reference element that found a document read here, with that document's path. */
  resolved: Map<XmlElement, string>;
}

const SCHEMA_REFERENCES: Record<string, DocumentReference['kind']> = { import: 'import', include: 'include', redefine: 'redefine', override: 'redefine' };

/** The references a schema makes, in document order. */
function schemaReferences(schema: XmlElement): DocumentReference[] {
  const out: DocumentReference[] = [];
  for (const child of childElements(schema)) {
    if (!XSD_NAMESPACES.has(child.ns)) continue;
    const kind = SCHEMA_REFERENCES[child.local];
    if (kind !== undefined && attribute(child, 'schemaLocation') !== undefined) out.push({ element: child, attribute: 'schemaLocation', kind });
  }
  return out;
}

/** The schemas a document holds: its root for an XSD, those in `wsdl:types` for a WSDL. */
export function documentSchemas(document: ServiceDocument): XmlElement[] {
  if (document.kind === 'xsd') return [document.root];
  return childElements(document.root, WSDL_NS, 'types').flatMap((types) => childElements(types).filter((child) => XSD_NAMESPACES.has(child.ns) && child.local === 'schema'));
}

function references(document: ServiceDocument): DocumentReference[] {
  const out: DocumentReference[] = [];
  if (document.kind === 'wsdl') {
    for (const element of childElements(document.root, WSDL_NS, 'import')) if (attribute(element, 'location') !== undefined) out.push({ element, attribute: 'location', kind: 'import' });
  }
  for (const schema of documentSchemas(document)) out.push(...schemaReferences(schema));
  return out;
}

/** Parses one document, turning the parser's refusal into a failure at `<path>:<line>`. */
function parse(budget: ElementBudget, path: string, bytes: Uint8Array, diagnostics: Diagnostics, main: boolean): XmlElement | null {
  try {
    return budget.parse(bytes);
  } catch (error) {
    if (!(error instanceof XmlRefused)) throw error;
    const code = error.reason === 'malformed' || error.reason === 'encoding' || error.reason === 'empty' ? 'xml_invalid' : 'xml_refused';
    const at = { location: error.line > 0 ? `${path}:${error.line}` : path };
    const message = `${path} cannot be read: ${error.message}.`;
    if (main) reject(code, at, message);
    diagnostics.error(code, at, message);
    return null;
  }
}

function kindOf(path: string, root: XmlElement, diagnostics: Diagnostics, main: boolean): ServiceDocument['kind'] | null {
  if (root.ns === WSDL_NS && root.local === 'definitions') return 'wsdl';
  if (root.ns === WSDL2_NS && root.local === 'description') {
    const message = `${path} is a WSDL 2.0 description; only WSDL 1.1 is simulated.`;
    if (main) reject('wsdl_version_unsupported', { location: `${path}#/description` }, message);
    diagnostics.error('wsdl_version_unsupported', { location: `${path}#/description` }, message);
    return null;
  }
  if (!main && XSD_NAMESPACES.has(root.ns) && root.local === 'schema') return 'xsd';
  const found = `its root element is ${root.name} (${clark(root)})`;
  if (main) reject('wsdl_no_soap_binding', { location: `${path}#/${root.local}` }, `${path} is not a WSDL 1.1 document: ${found}, not wsdl:definitions in ${WSDL_NS}.`);
  diagnostics.warn('wsdl_import_missing', { location: `${path}#/${root.local}` }, `${path} is imported but is neither a WSDL nor an XML Schema: ${found}. It is left out.`);
  return null;
}

/** An import whose location found nothing in the bundle: reported once the bundle was searched for its namespace. */
interface Unresolved {
  from: ServiceDocument;
  element: XmlElement;
  location: string;
  kind: DocumentReference['kind'];
  /** Why the location found nothing; null for an `xs:import` that gives no location at all. */
  why: 'external' | 'outside' | 'absent' | null;
  path: string | null;
}

/** `xs:import`s that name a namespace and no location, which a bundle may still hold. */
function locationlessImports(document: ServiceDocument): XmlElement[] {
  return documentSchemas(document).flatMap((schema) =>
    childElements(schema).filter((child) => XSD_NAMESPACES.has(child.ns) && child.local === 'import' && attribute(child, 'schemaLocation') === undefined && attribute(child, 'namespace') !== undefined),
  );
}

function report(diagnostics: Diagnostics, item: Unresolved, foundAt: string | undefined): void {
  if (item.why === null) return;
  const at = { location: locate(item.from.path, item.element) };
  const instead = foundAt === undefined ? 'what it declares is simulated as any content' : `its namespace is read from ${foundAt} in the bundle instead`;
  if (item.why === 'external') {
    diagnostics.warn('wsdl_import_external', at, `${item.from.path} ${item.kind}s ${item.location}, which is not fetched; ${instead}.`);
  } else {
    const where = item.why === 'outside' ? 'a path outside the bundle' : `${item.path || item.location}, which the bundle does not hold`;
    diagnostics.warn('wsdl_import_missing', at, `${item.from.path} ${item.kind}s ${JSON.stringify(item.location)}: ${where}; ${instead}.`);
  }
}

/**
 * Reads the bundle's WSDL and everything it imports, transitively. An `xs:import` whose
 * location finds nothing (an absolute URL, a file the zip lacks, or no location at all) is
 * then looked for by its namespace among the bundle's other `.xsd` files, as WSDLs downloaded
 * from a server often point their imports back at it.
 */
export function readDocuments(bundle: Bundle, diagnostics: Diagnostics): DocumentSet {
  const byPath = new Map<string, ServiceDocument>();
  const documents: ServiceDocument[] = [];
  const resolved = new Map<XmlElement, string>();
  /** Paths already tried, read or not, so a bad document is reported once. */
  const tried = new Set<string>();
  const unresolved: Unresolved[] = [];
  const budget = new ElementBudget();

  const read = (path: string, main: boolean, root: XmlElement | null = null): ServiceDocument | null => {
    tried.add(path);
    if (documents.length >= BUNDLE_LIMITS.maxDocuments) reject('bundle_unsafe', { location: path }, `The WSDL reaches more than ${BUNDLE_LIMITS.maxDocuments} documents through its imports.`);
    root ??= parse(budget, path, bundle.files.get(path)!, diagnostics, main);
    if (root === null) return null;
    const kind = kindOf(path, root, diagnostics, main);
    if (kind === null) return null;
    const document = { path, kind, root };
    byPath.set(path, document);
    documents.push(document);
    return document;
  };

  let next = 0;
  const follow = (): void => {
    for (; next < documents.length; next++) {
      const from = documents[next]!;
      for (const element of locationlessImports(from)) unresolved.push({ from, element, location: '', kind: 'import', why: null, path: null });
      for (const reference of references(from)) {
        const location = attribute(reference.element, reference.attribute)!;
        const item = { from, element: reference.element, location, kind: reference.kind };
        if (isExternalLocation(location)) {
          unresolved.push({ ...item, why: 'external', path: null });
          continue;
        }
        const path = resolveBundlePath(from.path, location);
        if (path === null || path === '' || !bundle.files.has(path)) {
          unresolved.push({ ...item, why: path === null ? 'outside' : 'absent', path });
          continue;
        }
        if (!tried.has(path)) read(path, false);
        if (byPath.has(path)) resolved.set(reference.element, path);
      }
    }
  };

  read(bundle.main, true);
  follow();
  const declared = new Set(documents.flatMap((d) => documentSchemas(d).map((schema) => attribute(schema, 'targetNamespace') ?? '')));
  const wanted = new Set(unresolved.filter((u) => u.kind === 'import').map((u) => attribute(u.element, 'namespace')).filter((ns): ns is string => ns !== undefined && !declared.has(ns)));
  const found = findByNamespace(bundle, tried, wanted, budget);
  for (const [path, root] of found.values()) if (!tried.has(path)) read(path, false, root);
  follow();
  for (const item of unresolved) {
    const namespace = attribute(item.element, 'namespace');
    const path = item.kind === 'import' && namespace !== undefined ? found.get(namespace)?.[0] : undefined;
    if (path !== undefined && byPath.has(path)) resolved.set(item.element, path);
    report(diagnostics, item, path);
  }
  return { documents, byPath, resolved };
}
