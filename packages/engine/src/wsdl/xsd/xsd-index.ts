import { attribute, resolveQName, type XmlElement, type XmlName } from '../../xml/xml-tree.js';

/**
 * The global components of every schema of a bundle, by (namespace, local name), so that a
 * QName in one document finds its declaration in any other: imports and includes are resolved
 * by the WSDL side, which hands over every schema it found. The first declaration of a name
 * wins; a bundle that holds one schema twice (reached by two paths) declares nothing twice.
 */

export const XSD_NS = 'http://www.w3.org/2001/XMLSchema';
/** Pre-recommendation namespaces some old WSDLs still write; read as the 2001 one. */
const XSD_NAMESPACES = new Set([XSD_NS, 'http://www.w3.org/2000/10/XMLSchema', 'http://www.w3.org/1999/XMLSchema']);

export function isXsd(ns: string): boolean {
  return ns === XSD_NS || XSD_NAMESPACES.has(ns);
}

/** The XSD child elements of a schema node, optionally only those with a local name. */
export function xsChildren(node: XmlElement, local?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of node.children) {
    if (typeof child === 'string' || !isXsd(child.ns)) continue;
    if (local === undefined || child.local === local) out.push(child);
  }
  return out;
}

export function xsChild(node: XmlElement, local: string): XmlElement | undefined {
  return xsChildren(node, local)[0];
}

export interface SchemaDoc {
  /** Bundle path, for diagnostics. */
  path: string;
  schema: XmlElement;
  /** The namespace its components belong to (the includer's for a chameleon include). */
  targetNamespace: string;
  /** True when the schema has no targetNamespace of its own but takes one: its unqualified QNames mean that namespace. */
  chameleon: boolean;
  elementQualified: boolean;
  attributeQualified: boolean;
}

export type ComponentKind = 'element' | 'complexType' | 'simpleType' | 'group' | 'attributeGroup' | 'attribute';
const KINDS: readonly ComponentKind[] = ['element', 'complexType', 'simpleType', 'group', 'attributeGroup', 'attribute'];

export interface Declaration {
  doc: SchemaDoc;
  node: XmlElement;
  name: XmlName;
}

const key = (name: XmlName): string => `${name.ns}\u0000${name.local}`;

export class XsdIndex {
  readonly docs: SchemaDoc[] = [];
  readonly #byKind = new Map<ComponentKind, Map<string, Declaration>>(KINDS.map((k) => [k, new Map()]));
  readonly #docBySchema = new Map<XmlElement, SchemaDoc>();
  /** `xs:redefine` and `xs:override` met, for the model to warn about. */
  readonly unsupported: { doc: SchemaDoc; node: XmlElement }[] = [];

  constructor(sources: readonly { path: string; schema: XmlElement; targetNamespace?: string }[]) {
    for (const source of sources) {
      const own = attribute(source.schema, 'targetNamespace');
      const doc: SchemaDoc = {
        path: source.path,
        schema: source.schema,
        targetNamespace: own ?? source.targetNamespace ?? '',
        chameleon: own === undefined && (source.targetNamespace ?? '') !== '',
        elementQualified: attribute(source.schema, 'elementFormDefault') === 'qualified',
        attributeQualified: attribute(source.schema, 'attributeFormDefault') === 'qualified',
      };
      if (this.#docBySchema.has(source.schema)) continue;
      this.docs.push(doc);
      this.#docBySchema.set(source.schema, doc);
      for (const child of xsChildren(source.schema)) this.#add(doc, child);
    }
  }

  #add(doc: SchemaDoc, node: XmlElement): void {
    if (node.local === 'redefine' || node.local === 'override') {
      this.unsupported.push({ doc, node });
      return;
    }
    const table = this.#byKind.get(node.local as ComponentKind);
    const local = attribute(node, 'name');
    if (table === undefined || local === undefined) return;
    const name = { ns: doc.targetNamespace, local };
    if (!table.has(key(name))) table.set(key(name), { doc, node, name });
  }

  lookup(kind: ComponentKind, name: XmlName): Declaration | undefined {
    return this.#byKind.get(kind)!.get(key(name));
  }

  /** Every global declaration of a kind, in document order. */
  all(kind: ComponentKind): IterableIterator<Declaration> {
    return this.#byKind.get(kind)!.values();
  }

  /** The schema document a node belongs to. */
  docOf(node: XmlElement): SchemaDoc {
    for (let at: XmlElement | null = node; at !== null; at = at.parent) {
      const doc = this.#docBySchema.get(at);
      if (doc !== undefined) return doc;
    }
    // Nodes always come from a source's schema; the first document is a harmless answer otherwise.
    return this.docs[0]!;
  }

  /** A QName attribute's value resolved at a node; a chameleon schema's unqualified names take its namespace. */
  resolve(node: XmlElement, value: string): XmlName | undefined {
    const name = resolveQName(node, value);
    if (name === undefined) return undefined;
    if (name.ns === '') {
      const doc = this.docOf(node);
      if (doc.chameleon) return { ns: doc.targetNamespace, local: name.local };
    }
    return name;
  }
}
