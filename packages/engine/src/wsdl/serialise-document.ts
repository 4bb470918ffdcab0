import type { XmlAttribute, XmlElement } from '../xml/xml-tree.js';

/**
 * Writes a parsed document back as XML text: elements and attributes as they were written
 * (prefixes kept), namespace declarations where they were declared, text escaped. Comments
 * and processing instructions were dropped by the parser and stay dropped. `rewrite` may give
 * an attribute a new value (served-documents.ts points addresses and imports at the Simulator).
 */
export type AttributeRewrite = (element: XmlElement, attribute: XmlAttribute) => string | undefined;
/** Attributes to add to an element, as `[qualified name, value]`. */
export type AttributeAddition = (element: XmlElement) => [string, string][];

const TEXT_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Record<string, string> = { ...TEXT_ESCAPES, '"': '&quot;', '\t': '&#9;', '\n': '&#10;' };

const TEXT_SPECIAL = /[&<>\r]/;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/;

export const escapeText = (text: string): string => (TEXT_SPECIAL.test(text) ? text.replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c]!) : text);
export const escapeAttribute = (text: string): string => (ATTRIBUTE_SPECIAL.test(text) ? text.replace(/[&<>"\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c]!) : text);

/** Appends to one string: V8 builds it as a rope, cheaper here than an array of many small pieces joined. */
function write(element: XmlElement, rewrite: AttributeRewrite | undefined, add: AttributeAddition | undefined): string {
  let out = `<${element.name}`;
  for (const prefix in element.declared) out += `${prefix === '' ? ' xmlns="' : ` xmlns:${prefix}="`}${escapeAttribute(element.declared[prefix]!)}"`;
  for (const attribute of element.attributes) out += ` ${attribute.name}="${escapeAttribute(rewrite?.(element, attribute) ?? attribute.value)}"`;
  for (const [name, value] of add?.(element) ?? []) out += ` ${name}="${escapeAttribute(value)}"`;
  if (element.children.length === 0) return `${out}/>`;
  out += '>';
  for (const child of element.children) out += typeof child === 'string' ? escapeText(child) : write(child, rewrite, add);
  return `${out}</${element.name}>`;
}

/** The document's XML text, with an XML declaration (UTF-8, as the text is served). */
export function serialiseDocument(root: XmlElement, rewrite?: AttributeRewrite, add?: AttributeAddition): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n${write(root, rewrite, add)}\n`;
}
