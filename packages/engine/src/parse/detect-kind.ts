import type { SpecKind } from '@simplane/core';
import { reject } from '../diagnostics/diagnostics.js';
import { isObject, type JsonObject } from '../json.js';
import type { ParsedText } from './parse-document.js';

export type OpenApiFamily = '2.0' | '3.0' | '3.1';

export interface DetectedDocument {
  family: OpenApiFamily;
  /** The version string as written, e.g. `3.0.3`. */
  version: string;
  root: JsonObject;
}

/**
 * Whether a `spec` is built as a WSDL: declared so, or (undeclared) a zip bundle or an XML
 * document. A document declared OpenAPI is read as one, and refused if it is XML.
 */
export function isWsdl(spec: Uint8Array, declared: SpecKind | null): boolean {
  if (declared !== null) return declared === 'wsdl';
  if (spec[0] === 0x50 && spec[1] === 0x4b && spec[2] === 0x03 && spec[3] === 0x04) return true;
  let at = spec[0] === 0xef && spec[1] === 0xbb && spec[2] === 0xbf ? 3 : 0;
  // UTF-16 with its byte order mark, opening with `<`.
  if ((spec[0] === 0xff && spec[1] === 0xfe && spec[2] === 0x3c && spec[3] === 0x00) || (spec[0] === 0xfe && spec[1] === 0xff && spec[2] === 0x00 && spec[3] === 0x3c)) return true;
  while (at < spec.length && (spec[at] === 0x20 || spec[at] === 0x09 || spec[at] === 0x0a || spec[at] === 0x0d)) at++;
  return spec[at] === 0x3c;
}

/** Recognises the OpenAPI family from `swagger`/`openapi`; an XML document is no OpenAPI document. */
export function detectKind(parsed: ParsedText, declared: SpecKind | null): DetectedDocument {
  if (parsed.format === 'xml' || declared === 'wsdl') {
    reject('not_openapi', {}, declared === 'wsdl' ? 'An Overlay applies to an OpenAPI document, not to a WSDL.' : 'The document is XML, not an OpenAPI document; send it with spec_kind wsdl, or leave spec_kind out.');
  }
  const root = parsed.value;
  if (!isObject(root)) reject('not_openapi', {}, 'The document is not an object with `openapi` or `swagger` at the top level.');
  const swagger = root['swagger'];
  const openapi = root['openapi'];
  if (swagger !== undefined) {
    // An unquoted `swagger: 2.0` in YAML reads as the number 2: accept it as meant.
    if (swagger === '2.0' || swagger === 2) {
      root['swagger'] = '2.0';
      return { family: '2.0', version: '2.0', root };
    }
    reject('openapi_version_unsupported', { location: 'swagger' }, `Swagger version ${JSON.stringify(swagger)} is not supported; only "2.0" is.`);
  }
  if (typeof openapi === 'string') {
    if (/^3\.0\.\d+(-.+)?$/.test(openapi)) return { family: '3.0', version: openapi, root };
    if (/^3\.1\.\d+(-.+)?$/.test(openapi)) return { family: '3.1', version: openapi, root };
    reject('openapi_version_unsupported', { location: 'openapi' }, `OpenAPI version ${openapi} is not supported; 2.0, 3.0.x and 3.1.x are.`);
  }
  if (openapi !== undefined) reject('not_openapi', { location: 'openapi' }, 'The `openapi` field must be a version string such as "3.1.0".');
  reject('not_openapi', {}, 'The document has neither `openapi` nor `swagger` at the top level.');
}
