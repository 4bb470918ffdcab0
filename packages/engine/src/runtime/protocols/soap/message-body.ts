/**
 * A message's content in the SOAP Body, read and written as the artifact says it travels: one
 * element (the body's first child), or for a document-style message of several parts
 * (SoapMessage.parts) every part's element side by side, read as one object whose properties
 * are the parts.
 */
import type { SoapMessage, SoapPart } from '../../../artifact/soap.js';
import { isObject, type Json } from '../../../json.js';
import { childElements, type XmlElement } from '../../../xml/xml-tree.js';
import { writeElement, type WriteOptions } from './json-to-xml.js';
import type { Envelope } from './read-envelope.js';
import { shapeOf, type Schemas } from './xml-schema.js';
import { readElement, type ReadOptions, type ReadResult } from './xml-to-json.js';

/** The message's content as JSON, or the first problem; the payload must be there (an empty Body is refused before). */
export function readMessage(envelope: Envelope, message: SoapMessage, schemas: Schemas, options: ReadOptions = {}): ReadResult {
  // The Body holds the parts as an rpc wrapper holds its parts; its own attributes name no part.
  const holder: XmlElement = message.parts === undefined ? envelope.payload! : (partsInOneElement(envelope.body, message.parts) ?? envelope.body);
  return readElement(holder, message.schema, schemas, options);
}

/**
 * The parts as a client that wraps them writes them: one element in the Body (the first part's)
 * whose children are each named after a part (`<OrderDetails><details/><priority/></OrderDetails>`,
 * as the `soap` npm client sends a body of several parts). Unambiguous: the first part's own
 * content has no child named after a part, else it is read as that content. Null otherwise.
 */
function partsInOneElement(body: XmlElement, parts: SoapPart[]): XmlElement | null {
  const children = childElements(body);
  if (children.length !== 1) return null;
  const [only] = children;
  const byName = new Map(parts.map((part) => [part.part, part.element]));
  const held = childElements(only!);
  if (held.length === 0 || !held.every((child) => byName.has(child.local)) || held.some((child) => parts.some((p) => p.element.local === child.local))) return null;
  const renamed = held.map((child) => {
    const element = byName.get(child.local)!;
    return { ...child, ns: element.ns, local: element.local, parent: only! } as XmlElement;
  });
  return { ...only!, children: renamed, parent: body } as XmlElement;
}

/** The message's content as the Body's XML: its element, or each part's element in order. */
export function writeMessage(message: SoapMessage, value: Json, schemas: Schemas, options: WriteOptions = {}): string {
  if (message.parts === undefined) return writeElement(message.element, value, message.schema, schemas, options);
  let text = '';
  const object = isObject(value) ? value : {};
  for (const place of shapeOf(message.schema, schemas).places) {
    if (place.kind !== 'element' || !Object.hasOwn(object, place.key)) continue;
    text += writeElement({ ns: place.ns, local: place.local }, object[place.key] as Json, place.schema, schemas, options);
  }
  return text;
}
