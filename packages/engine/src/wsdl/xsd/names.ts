import { attribute, type XmlElement } from '../../xml/xml-tree.js';
import { xsChild, xsChildren, type XsdIndex } from './xsd-index.js';

/**
 * Component names for `Artifact.schemas`: an XSD name as it is where it is a plain identifier,
 * other characters as `_`, and a suffix `_2`, `_3`... where two namespaces (or a type and an
 * element's anonymous type) claim one name.
 */
export class ComponentNames {
  readonly #taken = new Set<string>();
  /** The next suffix to try for each name, so that a thousand `Item`s do not each try every suffix before theirs. */
  readonly #next = new Map<string, number>();

  claim(wanted: string): string {
    const base = sanitize(wanted);
    let name = base;
    let n = this.#next.get(base) ?? 2;
    for (; this.#taken.has(name); n += 1) name = `${base}_${n}`;
    this.#next.set(base, n);
    this.#taken.add(name);
    return name;
  }
}

function sanitize(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200);
  return clean === '' ? 'Type' : clean;
}

/** Deepest nesting of anonymous types named (the parser's depth limit is lower still). */
const MAX_NESTING = 256;

/**
 * Names every complex type of a bundle up front, in document order, so that names never
 * depend on what is asked first: global types by their names, then anonymous types of global
 * elements by the element's name, then nested anonymous types after their owner and element
 * (`Customer_Address`), owners being global types, elements and groups.
 */
export function nameComplexTypes(index: XsdIndex, names: ComponentNames): Map<XmlElement, string> {
  const named = new Map<XmlElement, string>();
  const owners: [XmlElement, string][] = [];
  for (const doc of index.docs) {
    for (const child of xsChildren(doc.schema)) {
      const name = attribute(child, 'name');
      if (name === undefined) continue;
      if (child.local === 'complexType') named.set(child, names.claim(name));
      const anonymous = child.local === 'element' ? xsChild(child, 'complexType') : undefined;
      if (anonymous !== undefined) named.set(anonymous, names.claim(name));
      if (child.local === 'complexType' || child.local === 'element' || child.local === 'group') owners.push([anonymous ?? child, named.get(anonymous ?? child) ?? name]);
    }
  }
  const nest = (node: XmlElement, owner: string, depth: number): void => {
    for (const child of xsChildren(node)) {
      const anonymous = child.local === 'element' && attribute(child, 'name') !== undefined ? xsChild(child, 'complexType') : undefined;
      if (anonymous !== undefined) {
        const name = names.claim(`${owner}_${attribute(child, 'name')}`);
        named.set(anonymous, name);
        nest(anonymous, name, depth + 1);
      } else if (child.local !== 'annotation' && depth < MAX_NESTING) {
        nest(child, owner, depth + 1);
      }
    }
  };
  for (const [node, owner] of owners) nest(node, owner, 0);
  return named;
}
