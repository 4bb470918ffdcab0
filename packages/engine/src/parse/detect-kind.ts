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

/** Recognises the OpenAPI family from `swagger`/`openapi`; WSDL is refused for now. */
export function detectKind(parsed: ParsedText, declared: SpecKind | null): DetectedDocument {
  if (parsed.format === 'xml' || declared === 'wsdl') {
    if (declared === 'openapi') reject('not_openapi', {}, 'The document is XML, not an OpenAPI document.');
    reject('wsdl_not_supported', {}, 'WSDL builds are not available in this build.');
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
