import { SimplaneError } from '@simplane/core';
import { singleHeader, type HttpRequest } from '../http-types.js';
import { declaredLength } from './read-body.js';

/** `Content-Type`, sent at most once: two copies leave the body's type unknown (415). */
export function contentTypeOf(request: HttpRequest): string | undefined {
  return singleHeader(request, 'content-type', () => new SimplaneError('unsupported_media_type', 'Content-Type: must be sent once.'));
}

/** `Content-Length` as a number, sent at most once: two copies leave the body's end unknown (400). */
export function contentLengthOf(request: HttpRequest): number | undefined {
  return declaredLength(singleHeader(request, 'content-length', () => new SimplaneError('bad_request', 'Content-Length: must be sent once.')));
}
