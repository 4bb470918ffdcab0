/**
 * A SOAP request's envelope as the protocol reads it: its version (by the envelope's
 * namespace), its header blocks and the body's payload element. The body goes through the safe
 * parser, so a DOCTYPE or entity is refused before anything is expanded.
 */
import { parseXml, XmlRefused } from '../../../xml/parse-xml.js';
import { attribute, childElements, type XmlElement } from '../../../xml/xml-tree.js';
import { SOAP11_ENCODING } from './encoded-schemas.js';

export type SoapVersion = '1.1' | '1.2';

export const SOAP11_NS = 'http://schemas.xmlsoap.org/soap/envelope/';
export const SOAP12_NS = 'http://www.w3.org/2003/05/soap-envelope';

export const envelopeNamespace = (version: SoapVersion): string => (version === '1.1' ? SOAP11_NS : SOAP12_NS);

export interface Envelope {
  version: SoapVersion;
  /** The Header's child elements (header blocks), in order; empty without a Header. */
  headers: XmlElement[];
  /** The Body's first child element; null for an empty Body. */
  payload: XmlElement | null;
  /** The Body itself: a message of several parts is all of its children. */
  body: XmlElement;
}

export interface EnvelopeProblem {
  /** `version_mismatch`: an `Envelope` in a namespace neither version uses (SOAP's VersionMismatch fault). */
  problem: 'malformed' | 'not_envelope' | 'version_mismatch';
  message: string;
}

export function readEnvelope(body: Uint8Array): Envelope | EnvelopeProblem {
  let root: XmlElement;
  try {
    root = parseXml(body);
  } catch (error) {
    // A body that is not text in its encoding fails in the decoder, before the parser.
    const message = error instanceof XmlRefused ? error.message : error instanceof Error ? `the body cannot be read as XML: ${error.message}` : 'the body cannot be read as XML';
    return { problem: 'malformed', message };
  }
  const version = root.ns === SOAP11_NS ? '1.1' : root.ns === SOAP12_NS ? '1.2' : null;
  if (root.local !== 'Envelope') return { problem: 'not_envelope', message: `the body's root element is <${root.name}>, not a SOAP Envelope` };
  if (version === null) return { problem: 'version_mismatch', message: `the Envelope's namespace ${JSON.stringify(root.ns)} is not SOAP 1.1's or 1.2's` };
  const children = childElements(root);
  const headerAt = children.findIndex((child) => child.ns === root.ns && child.local === 'Header');
  const bodyElement = children.find((child) => child.ns === root.ns && child.local === 'Body');
  if (bodyElement === undefined) return { problem: 'not_envelope', message: 'the Envelope has no Body' };
  const headers = headerAt < 0 ? [] : childElements(children[headerAt]!);
  return { version, headers, payload: callElement(childElements(bodyElement)), body: bodyElement };
}

/**
 * The Body's element that is the call: its first child, passing over the values SOAP 1.1's
 * encoding marks as no serialization root (`soapenc:root="0"`), which a client may write before
 * the call as well as after it (multi-reference values).
 */
function callElement(children: XmlElement[]): XmlElement | null {
  return children.find((child) => attribute(child, 'root', SOAP11_ENCODING)?.trim() !== '0') ?? children[0] ?? null;
}

/** The SOAP version a request's content type names (`text/xml` 1.1, `application/soap+xml` 1.2), else null. */
export function soapVersionOfContentType(contentType: string | undefined): SoapVersion | null {
  const essence = (contentType ?? '').split(';', 1)[0]!.trim().toLowerCase();
  return essence === 'text/xml' ? '1.1' : essence === 'application/soap+xml' ? '1.2' : null;
}

type Headers = Record<string, string | string[] | undefined>;

const headerValue = (headers: Headers, name: string): string | undefined => {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name);
  const value = key === undefined ? undefined : headers[key];
  return Array.isArray(value) ? value[0] : value;
};

/**
 * The action a request names: SOAP 1.1's `SOAPAction` header, SOAP 1.2's `action` parameter
 * of the content type; quotes stripped, null when absent or empty.
 */
export function actionOf(headers: Headers, version: SoapVersion): string | null {
  const action = version === '1.1' ? unquote(headerValue(headers, 'soapaction') ?? '') : contentTypeParameter(headerValue(headers, 'content-type') ?? '', 'action');
  return action === null || action === '' ? null : action;
}

function unquote(text: string): string {
  const trimmed = text.trim();
  return trimmed.length >= 2 && trimmed.startsWith('"') && trimmed.endsWith('"') ? trimmed.slice(1, -1).replace(/\\(.)/g, '$1') : trimmed;
}

/** A media type parameter's value (quoted-string or token), else null. */
function contentTypeParameter(contentType: string, name: string): string | null {
  const pattern = /;\s*([^\s=;]+)\s*=\s*("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (let match = pattern.exec(contentType); match !== null; match = pattern.exec(contentType)) {
    if (match[1]!.toLowerCase() === name) return unquote(match[2]!);
  }
  return null;
}
