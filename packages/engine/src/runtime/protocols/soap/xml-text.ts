/**
 * Text as XML can hold it. Values come from requests and behaviours, so any string must leave
 * the answer well-formed: characters XML 1.0 forbids (controls other than tab, newline and
 * carriage return, lone surrogates, U+FFFE/U+FFFF) become U+FFFD, and markup characters are
 * escaped. Carriage returns and, in attributes, tabs and newlines are written as character
 * references so a parser's end-of-line and attribute normalisation gives them back unchanged.
 */
import type { XmlElement } from '../../../xml/xml-tree.js';

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const TEXT_SPECIAL = /[&<>\r]/g;
const ATTRIBUTE_SPECIAL = /[&<>"\t\n\r]/g;
const REFERENCES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', '\t': '&#9;', '\n': '&#10;', '\r': '&#13;' };
const reference = (c: string): string => REFERENCES[c]!;

/** Characters XML 1.0 cannot hold, replaced by U+FFFD. */
export function xmlSafe(text: string): string {
  return text.replace(FORBIDDEN, '\uFFFD');
}

export function escapeText(text: string): string {
  return xmlSafe(text).replace(TEXT_SPECIAL, reference);
}

export function escapeAttribute(text: string): string {
  return xmlSafe(text).replace(ATTRIBUTE_SPECIAL, reference);
}

/**
 * A number as XSD's decimal lexical form where it can be: the shortest digits that read back as the
 * same double, the exponent spelled out (`1e21` as `1000000000000000000000`); the infinities and NaN as xs:double
 * writes them.
 */
export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? 'INF' : '-INF';
  if (Object.is(value, -0)) return '0';
  // The shortest text that reads back as the same double, with its exponent spelled out.
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (match === null) return text;
  const [, sign, lead, fraction = '', exponent] = match;
  const digits = lead! + fraction;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** Used prefixes of QName-like values (`xsi:type="tns:Customer"`), so a fragment keeps what they name. */
const QNAME_VALUE = /^\s*([A-Za-z_][\w.-]*):[A-Za-z_]/;

/**
 * An element of a parsed tree as standalone XML text: names as written, and on the outermost
 * element every namespace binding in scope that the fragment uses (in names, or as the prefix
 * of a QName-like attribute value), so it means the same wherever it is put. Deterministic:
 * reading the text back and writing it again gives the same text.
 */
export function serialiseElement(element: XmlElement): string {
  const used = new Set<string>();
  const stack: XmlElement[] = [element];
  while (stack.length > 0) {
    const at = stack.pop()!;
    used.add(prefixOf(at.name));
    for (const a of at.attributes) {
      if (a.name.includes(':')) used.add(prefixOf(a.name));
      const qname = QNAME_VALUE.exec(a.value);
      if (qname !== null) used.add(qname[1]!);
    }
    for (const child of at.children) if (typeof child !== 'string') stack.push(child);
  }
  const inherited: Record<string, string> = {};
  for (let at = element.parent; at !== null; at = at.parent) {
    for (const [prefix, ns] of Object.entries(at.declared)) if (!Object.hasOwn(inherited, prefix)) inherited[prefix] = ns;
  }
  const declared: Record<string, string> = { ...element.declared };
  for (const prefix of [...used].sort()) {
    if (prefix === 'xml' || Object.hasOwn(declared, prefix) || !Object.hasOwn(inherited, prefix)) continue;
    // An inherited empty default namespace is no namespace: nothing to declare.
    if (prefix === '' && inherited[prefix] === '') continue;
    declared[prefix] = inherited[prefix]!;
  }
  const parts: string[] = [];
  write(element, declared, parts);
  return parts.join('');
}

const prefixOf = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? '' : name.slice(0, colon);
};

function write(element: XmlElement, declared: Record<string, string>, parts: string[]): void {
  parts.push('<', element.name);
  for (const prefix of Object.keys(declared).sort()) parts.push(prefix === '' ? ' xmlns="' : ` xmlns:${prefix}="`, escapeAttribute(declared[prefix]!), '"');
  for (const a of element.attributes) parts.push(' ', a.name, '="', escapeAttribute(a.value), '"');
  if (element.children.length === 0) {
    parts.push('/>');
    return;
  }
  parts.push('>');
  for (const child of element.children) {
    if (typeof child === 'string') parts.push(escapeText(child));
    else write(child, child.declared, parts);
  }
  parts.push('</', element.name, '>');
}
