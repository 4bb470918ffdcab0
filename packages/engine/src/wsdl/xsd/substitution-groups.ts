import { attribute, clark } from '../../xml/xml-tree.js';
import type { Unresolved } from './unresolved.js';
import type { Declaration, XsdIndex } from './xsd-index.js';

/**
 * Which global elements may stand for which (`substitutionGroup`), worked out once over every
 * element of the bundle on first use. Members are followed transitively (a member's own
 * members stand for the head too), each once, so a cycle ends; abstract members are left out,
 * as no instance can hold them. A head the bundle lacks is warned of.
 */
export class SubstitutionGroups {
  #members: Map<Declaration, Declaration[]> | null = null;
  /** Each head's members, worked out once: many references may name one head. */
  readonly #closed = new Map<Declaration, Declaration[]>();

  constructor(
    private readonly index: XsdIndex,
    private readonly unresolved: Unresolved,
  ) {}

  /** The element an element substitutes for (its first head), or undefined. */
  head(element: Declaration): Declaration | undefined {
    const group = attribute(element.node, 'substitutionGroup')?.trim();
    const name = group === undefined || group === '' ? undefined : this.index.resolve(element.node, group.split(/\s+/)[0]!);
    return name === undefined ? undefined : this.index.lookup('element', name);
  }

  /** The elements that may stand for a head, in document order of discovery, abstract ones left out. */
  members(head: Declaration): Declaration[] {
    const closed = this.#closed.get(head);
    if (closed !== undefined) return closed;
    const table = (this.#members ??= this.#build());
    const out: Declaration[] = [];
    const seen = new Set<Declaration>([head]);
    const queue = [head];
    for (let i = 0; i < queue.length; i += 1) {
      for (const member of table.get(queue[i]!) ?? []) {
        if (seen.has(member)) continue;
        seen.add(member);
        queue.push(member);
        if (attribute(member.node, 'abstract') !== 'true') out.push(member);
      }
    }
    this.#closed.set(head, out);
    return out;
  }

  #build(): Map<Declaration, Declaration[]> {
    const table = new Map<Declaration, Declaration[]>();
    for (const element of this.index.all('element')) {
      const group = attribute(element.node, 'substitutionGroup');
      if (group === undefined) continue;
      // XSD 1.1 allows several heads; each gets the member.
      for (const text of group.trim().split(/\s+/)) {
        if (text === '') continue;
        const name = this.index.resolve(element.node, text);
        const head = name === undefined ? undefined : this.index.lookup('element', name);
        if (head === undefined) {
          this.unresolved.warn(element.node, `element ${name === undefined ? JSON.stringify(text) : clark(name)}`, `The substitution group head ${JSON.stringify(text)} is not declared in the bundle; the element stands for nothing else.`);
          continue;
        }
        const list = table.get(head);
        if (list === undefined) table.set(head, [element]);
        else list.push(element);
      }
    }
    return table;
  }
}
