import type { XmlAttribute, XmlElement } from '../xml/xml-tree.js';

/**
 * Writes a parsed document back as XML text: elements and attributes as they were written
 * (prefixes kept), namespace declarations where they were declared, text escaped. Comments
 * and processing instructions were dropped by the parser and stay dropped. `rewrite` may give
 * an attribute a new value (served-documents.ts points addresses and imports at the Simulator).
 */
export type AttributeRewrite = (element: XmlElement, attribute: XmlAttribute) => string | undefined;

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };

export const escapeText = (text: string): string => text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!);
export const escapeAttribute = (text: string): string => text.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!);

function write(element: XmlElement, rewrite: AttributeRewrite | undefined, out: string[]): void {
  out.push('<', element.name);
  for (const [prefix, uri] of Object.entries(element.declared)) out.push(prefix === '' ? ' xmlns="' : ` xmlns:${prefix}="`, escapeAttribute(uri), '"');
  for (const attribute of element.attributes) out.push(' ', attribute.name, '="', escapeAttribute(rewrite?.(element, attribute) ?? attribute.value), '"');
  if (element.children.length === 0) {
    out.push('/>');
    return;
  }
  out.push('>');
  for (const child of element.children) {
    if (typeof child === 'string') out.push(escapeText(child));
    else write(child, rewrite, out);
  }
  out.push('</', element.name, '>');
}

/** The document's XML text, with an XML declaration (UTF-8, as the text is served). */
export function serialiseDocument(root: XmlElement, rewrite?: AttributeRewrite): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>\n'];
  write(root, rewrite, out);
  out.push('\n');
  return out.join('');
}
