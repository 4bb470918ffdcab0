/**
 * A parsed XML document as the WSDL compiler and the SOAP protocol read it: elements with their
 * namespace resolved, attributes, and text. Comments and processing instructions are dropped;
 * a DOCTYPE is refused (parse-xml.ts), so no entity was ever expanded into it.
 */

/** A namespace-qualified name: `ns` is the namespace URI, `''` for none. */
export interface XmlName {
  ns: string;
  local: string;
}

export interface XmlAttribute extends XmlName {
  /** As written (`xsi:type`), for messages that name it. */
  name: string;
  value: string;
}

export interface XmlElement extends XmlName {
  /** The qualified name as written (`soap:Envelope`). */
  name: string;
  /** Prefix (`''` for the default namespace) to namespace URI, as declared on this element only. */
  declared: Record<string, string>;
  attributes: XmlAttribute[];
  /** Child elements and text, in document order; adjacent text is one string. */
  children: (XmlElement | string)[];
  /** Null at the root. Not enumerable, so the tree can be printed and compared without cycles. */
  readonly parent: XmlElement | null;
  /** 1-based line of the start tag, for diagnostics. */
  line: number;
}

export const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
export const XML_NS = 'http://www.w3.org/XML/1998/namespace';

/** The child elements, optionally only those with a namespace and local name. */
export function childElements(element: XmlElement, ns?: string, local?: string): XmlElement[] {
  const out: XmlElement[] = [];
  for (const child of element.children) {
    if (typeof child === 'string') continue;
    if (ns !== undefined && child.ns !== ns) continue;
    if (local !== undefined && child.local !== local) continue;
    out.push(child);
  }
  return out;
}

/** The first child element with that namespace and local name, or undefined. */
export function childElement(element: XmlElement, ns: string, local: string): XmlElement | undefined {
  for (const child of element.children) if (typeof child !== 'string' && child.ns === ns && child.local === local) return child;
  return undefined;
}

/** An unqualified attribute's value (`name="..."`), or a namespaced one's with `ns`. */
export function attribute(element: XmlElement, local: string, ns = ''): string | undefined {
  for (const a of element.attributes) if (a.local === local && a.ns === ns) return a.value;
  return undefined;
}

/** The element's text: its text children joined, child elements skipped. */
export function textOf(element: XmlElement): string {
  let text = '';
  for (const child of element.children) if (typeof child === 'string') text += child;
  return text;
}

/** The namespace URI a prefix means at this element (`''` for the default namespace), or undefined when not declared. */
export function namespaceFor(element: XmlElement, prefix: string): string | undefined {
  if (prefix === 'xml') return XML_NS;
  for (let at: XmlElement | null = element; at !== null; at = at.parent) {
    const ns = at.declared[prefix];
    if (ns !== undefined) return ns;
  }
  return prefix === '' ? '' : undefined;
}

/**
 * A QName-valued attribute (`type="tns:Customer"`) resolved at this element; an unprefixed
 * one takes the default namespace, as XSD reads QNames. Undefined when the prefix is unknown.
 */
export function resolveQName(element: XmlElement, value: string): XmlName | undefined {
  const trimmed = value.trim();
  const colon = trimmed.indexOf(':');
  const prefix = colon < 0 ? '' : trimmed.slice(0, colon);
  const local = colon < 0 ? trimmed : trimmed.slice(colon + 1);
  const ns = namespaceFor(element, prefix);
  return ns === undefined || local === '' ? undefined : { ns, local };
}

/** `{ns}local`, the usual printed form of a QName. */
export function clark(name: XmlName): string {
  return name.ns === '' ? name.local : `{${name.ns}}${name.local}`;
}
