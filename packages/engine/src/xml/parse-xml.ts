import { SaxesParser, type SaxesTagNS } from 'saxes';
import type { XmlAttribute, XmlElement } from './xml-tree.js';

/**
 * XML parsing for untrusted documents and messages, on saxes: a streaming, namespace-aware
 * parser that expands no entity beyond XML's five and character references, and reads no DTD.
 * A DOCTYPE is refused outright (SOAP forbids one in a message, and a WSDL needs none), so no
 * internal subset, external entity or "billion laughs" can reach the tree. Depth, names,
 * attributes and element count are bounded; bytes are decoded and fed in slices, so a large
 * message is never held as one string beside its bytes.
 */

export interface XmlLimits {
  /** Deepest element nesting. */
  maxDepth: number;
  /** Longest attribute value, in characters. */
  maxAttributeLength: number;
  /** Most attributes on one element. */
  maxAttributes: number;
  /** Most elements in the document. */
  maxElements: number;
}

export const DEFAULT_XML_LIMITS: XmlLimits = { maxDepth: 256, maxAttributeLength: 1 << 20, maxAttributes: 1024, maxElements: 20_000_000 };

export type XmlRefusal = 'malformed' | 'doctype' | 'entity' | 'depth' | 'attribute' | 'elements' | 'encoding' | 'empty';

/** Why a document could not be read, with the line where it was seen (0 when unknown). */
export class XmlRefused extends Error {
  constructor(
    readonly reason: XmlRefusal,
    message: string,
    readonly line: number,
  ) {
    super(message);
    this.name = 'XmlRefused';
  }
}

const SLICE = 1 << 16;

/** Parses a whole document (bytes in any encoding its BOM or declaration names, or text) into its root element. */
export function parseXml(input: string | Uint8Array, limits: XmlLimits = DEFAULT_XML_LIMITS): XmlElement {
  const builder = new TreeBuilder(limits);
  if (typeof input === 'string') {
    for (let at = 0; at < input.length; at += SLICE) builder.write(input.slice(at, at + SLICE));
  } else {
    const label = encodingOf(input);
    const start = bomLength(input);
    // A message of one slice is decoded at once; a larger one slice by slice, never as one string.
    if (input.length - start <= SLICE) builder.write(decoderFor(label, true).decode(input.subarray(start)));
    else {
      const decoder = decoderFor(label, false);
      for (let at = start; at < input.length; at += SLICE) builder.write(decoder.decode(input.subarray(at, Math.min(at + SLICE, input.length)), { stream: true }));
      builder.write(decoder.decode());
    }
  }
  return builder.close();
}

/**
 * An element as parsed: its parent is kept in a private field behind a getter, not an own
 * property, so the tree prints and compares without cycles; a plain class keeps element
 * creation cheap (a non-enumerable own property made each object slow to build).
 */
class ParsedElement implements XmlElement {
  readonly #parent: XmlElement | null;
  readonly children: (XmlElement | string)[] = [];

  constructor(
    readonly ns: string,
    readonly local: string,
    readonly name: string,
    readonly declared: Record<string, string>,
    readonly attributes: XmlAttribute[],
    readonly line: number,
    parent: XmlElement | null,
  ) {
    this.#parent = parent;
  }

  get parent(): XmlElement | null {
    return this.#parent;
  }
}

class TreeBuilder {
  readonly #parser = new SaxesParser({ xmlns: true, position: true });
  readonly #stack: XmlElement[] = [];
  #root: XmlElement | null = null;
  #elements = 0;
  #failure: XmlRefused | null = null;

  constructor(private readonly limits: XmlLimits) {
    const parser = this.#parser;
    parser.on('doctype', () => this.#fail('doctype', 'the document has a DOCTYPE; DTDs and entity declarations are not read'));
    parser.on('error', (error) => {
      const message = error.message.replace(/^(?:[^:]*:)?\d+:\d+: /, '');
      this.#fail(/entity/i.test(message) ? 'entity' : 'malformed', message);
    });
    parser.on('opentag', (tag) => this.#open(tag as SaxesTagNS));
    parser.on('closetag', () => {
      this.#stack.pop();
    });
    parser.on('text', (text) => this.#text(text));
    parser.on('cdata', (text) => this.#text(text));
  }

  write(chunk: string): void {
    if (this.#failure !== null) throw this.#failure;
    if (chunk.length > 0) this.#parser.write(chunk);
    if (this.#failure !== null) throw this.#failure;
  }

  close(): XmlElement {
    if (this.#failure === null) this.#parser.close();
    if (this.#failure !== null) throw this.#failure;
    if (this.#root === null) throw new XmlRefused('empty', 'the document has no root element', 0);
    return this.#root;
  }

  /**
   * Stops at once, from inside the handler: saxes would otherwise read on to the end of the
   * slice, and past a depth limit it resolves each namespace by walking the open tags, so a
   * deep document costs quadratic time after it was already refused.
   */
  #fail(reason: XmlRefusal, message: string): never {
    this.#failure ??= new XmlRefused(reason, message, this.#parser.line);
    throw this.#failure;
  }

  #open(tag: SaxesTagNS): void {
    if (this.#failure !== null) return;
    if (++this.#elements > this.limits.maxElements) return this.#fail('elements', `the document has more than ${this.limits.maxElements} elements`);
    if (this.#stack.length >= this.limits.maxDepth) return this.#fail('depth', `elements are nested deeper than ${this.limits.maxDepth}`);
    const attributes: XmlAttribute[] = [];
    // Checked here rather than in an `attribute` listener, which costs saxes a quarter of its time on a small message.
    for (const a of Object.values(tag.attributes)) {
      if (a.value.length > this.limits.maxAttributeLength) return this.#fail('attribute', `attribute ${a.name} is longer than ${this.limits.maxAttributeLength} characters`);
      if (a.prefix === 'xmlns' || a.name === 'xmlns') continue;
      attributes.push({ ns: a.uri, local: a.local, name: a.name, value: a.value });
    }
    if (attributes.length > this.limits.maxAttributes) return this.#fail('attribute', `element ${tag.name} has more than ${this.limits.maxAttributes} attributes`);
    const parent = this.#stack.at(-1) ?? null;
    const element: XmlElement = new ParsedElement(tag.uri, tag.local, tag.name, tag.ns, attributes, this.#parser.line, parent);
    if (parent === null) this.#root = element;
    else parent.children.push(element);
    // saxes reports a close for a self-closing tag too, so every element is pushed to be popped there.
    this.#stack.push(element);
  }

  #text(text: string): void {
    const top = this.#stack.at(-1);
    if (top === undefined) return;
    const children = top.children;
    const last = children.length - 1;
    if (last >= 0 && typeof children[last] === 'string') children[last] += text;
    else children.push(text);
  }
}

function bomLength(bytes: Uint8Array): number {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return 3;
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return 2;
  return 0;
}

/** The encoding the BOM, else the XML declaration, names; UTF-8 when neither does. */
function encodingOf(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(200, bytes.byteLength)).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?<\?xml[^>]*?\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head);
  return declared === null ? 'utf-8' : declared[1]!.toLowerCase();
}

/** Decoders for one-shot decoding, by encoding: a decode without `stream` leaves no state behind. */
const oneShot = new Map<string, InstanceType<typeof TextDecoder>>();

/** A strict decoder for an encoding: shared for a one-shot decode, a new one for a stream. */
function decoderFor(label: string, shared: boolean): InstanceType<typeof TextDecoder> {
  const known = shared ? oneShot.get(label) : undefined;
  if (known !== undefined) return known;
  let decoder: InstanceType<typeof TextDecoder>;
  try {
    decoder = new TextDecoder(label, { fatal: true });
  } catch {
    throw new XmlRefused('encoding', `the encoding ${label} is not supported`, 1);
  }
  if (shared && oneShot.size < 16) oneShot.set(label, decoder);
  return decoder;
}
