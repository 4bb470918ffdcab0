/**
 * Multi-reference values of a SOAP-encoded body: SOAP 1.1 writes an accessor as
 * `<orderId href="#id0"/>` and its value as an element elsewhere in the Body carrying
 * `id="id0"` (Apache Axis 1 puts each in a `<multiRef>` after the call); SOAP 1.2 writes
 * `enc:ref="id0"` and `enc:id="id0"`. An accessor is read as the element it refers to. A value
 * may be referred to many times, but not by itself, and the reading of all references together
 * is bounded by the Body's size, so references sharing values cannot make a small body
 * expand without end.
 */
import { attribute, type XmlElement } from '../../../xml/xml-tree.js';
import { SOAP12_ENCODING } from './encoded-schemas.js';

/** Readings per element of the Body, beyond which shared references are taken to be built to expand. */
const READS_PER_ELEMENT = 4;
const MIN_READS = 1024;

export class MultiRefs {
  readonly #byId = new Map<string, XmlElement>();
  readonly #active = new Set<XmlElement>();
  #reads = 0;
  readonly #budget: number;

  /** `body`: the Body (or any element holding every value referred to). */
  constructor(body: XmlElement | null) {
    let count = 0;
    const stack = body === null ? [] : [body];
    while (stack.length > 0) {
      const at = stack.pop()!;
      count += 1;
      const id = attribute(at, 'id') ?? attribute(at, 'id', SOAP12_ENCODING);
      if (id !== undefined && !this.#byId.has(id)) this.#byId.set(id, at);
      for (const child of at.children) if (typeof child !== 'string') stack.push(child);
    }
    this.#budget = Math.max(MIN_READS, count * READS_PER_ELEMENT);
  }

  /** The element an accessor refers to, itself when it refers to none; a string says why it cannot be read. */
  target(element: XmlElement): XmlElement | string {
    if ((this.#reads += 1) > this.#budget) return 'the multi-reference values expand beyond the size of the body';
    const href = attribute(element, 'href');
    const ref = href !== undefined ? (href.startsWith('#') ? href.slice(1) : null) : attribute(element, 'ref', SOAP12_ENCODING);
    if (ref === undefined) return element;
    if (ref === null) return `the reference ${JSON.stringify(href)} is not to a value in the message`;
    const target = this.#byId.get(ref.trim());
    if (target === undefined) return `the reference ${JSON.stringify(ref)} names no value of the message`;
    if (this.#active.has(target)) return `the value ${JSON.stringify(ref)} refers to itself`;
    return target;
  }

  /** Reads `target` (what `target()` answered for an accessor), marked so that a cycle through it is found. */
  within<T>(target: XmlElement, read: () => T): T {
    this.#active.add(target);
    try {
      return read();
    } finally {
      this.#active.delete(target);
    }
  }
}
