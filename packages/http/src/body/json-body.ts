import { JSON_MAX_DEPTH, jsonNestsDeeperThan, parseInput, SimplaneError } from '@simplane/core';
import type { z } from 'zod';
import type { HttpRequest } from '../http-types.js';
import { contentLengthOf, contentTypeOf } from './body-headers.js';
import { isJsonMediaType, parseMediaType } from './media-type.js';
import { readBody } from './read-body.js';

export interface JsonBodyLimits {
  maxBytes: number;
  timeoutMs: number;
  /**
   * The body may be left out: a request with no Content-Type and no bytes (no Content-Length,
   * `Content-Length: 0`, or an empty chunked body) reads as `{}`.
   */
  optional?: boolean;
}

/**
 * The body of a JSON operation, checked in the order a client can fix things: media type (415),
 * size (413), arrival (408), syntax and nesting (400), then the schema (422, naming the field).
 */
export async function readJsonBody<S extends z.ZodType>(request: HttpRequest, schema: S, limits: JsonBodyLimits): Promise<z.output<S>> {
  const contentType = contentTypeOf(request);
  const length = contentLengthOf(request);
  if (limits.optional === true && contentType === undefined) {
    // No type and no bytes is no body; no type with bytes is still the 415 below.
    if (length === 0 || (length === undefined && (await readBody(request.body, limits)).byteLength === 0)) return parseInput(schema, {});
  }
  if (!isJsonMediaType(parseMediaType(contentType))) {
    throw new SimplaneError('unsupported_media_type', 'The request body must be application/json.');
  }
  const raw = await readBody(request.body, { ...limits, declaredLength: length });
  let value: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(raw);
    if (jsonNestsDeeperThan(text)) throw new SimplaneError('bad_request', `The request body nests deeper than ${JSON_MAX_DEPTH} levels.`);
    value = JSON.parse(text);
  } catch (error) {
    if (SimplaneError.is(error)) throw error;
    throw new SimplaneError('bad_request', 'The request body is not valid JSON.');
  }
  return parseInput(schema, value);
}
