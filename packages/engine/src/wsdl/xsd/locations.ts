import type { IssueAt } from '../../diagnostics/diagnostics.js';
import { attribute, type XmlElement } from '../../xml/xml-tree.js';
import type { XsdIndex } from './xsd-index.js';

const MAX = 512;

/**
 * Where a schema node is, readable by someone holding the bundle:
 * `types.xsd#/schema/complexType[@name='Customer']/sequence/element[@name='id']`. Steps are
 * local names with the node's `name` (or `ref`, or `schemaLocation`) as a predicate; a path
 * longer than 512 characters keeps its end, which names the node itself.
 */
export function locate(index: XsdIndex, node: XmlElement): string {
  const doc = index.docOf(node);
  const steps: string[] = [];
  for (let at: XmlElement | null = node; at !== null; at = at.parent) {
    steps.push(step(at));
    if (at === doc.schema) break;
  }
  const text = `${doc.path}#/${steps.reverse().join('/')}`;
  return text.length <= MAX ? text : `…${text.slice(text.length - MAX + 1)}`;
}

function step(node: XmlElement): string {
  const name = attribute(node, 'name');
  if (name !== undefined) return `${node.local}[@name='${name}']`;
  const ref = attribute(node, 'ref');
  if (ref !== undefined) return `${node.local}[@ref='${ref}']`;
  const location = attribute(node, 'schemaLocation');
  return location !== undefined ? `${node.local}[@schemaLocation='${location}']` : node.local;
}

export function at(index: XsdIndex, node: XmlElement): IssueAt {
  return { location: locate(index, node) };
}
