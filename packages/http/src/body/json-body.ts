import { JSON_MAX_DEPTH, jsonNestsDeeperThan, parseInput, SimplaneError } from '@simplane/core';
import type { z } from 'zod';
import { headerOf, type HttpRequest } from '../http-types.js';
import { isJsonMediaType, parseMediaType } from './media-type.js';
import { declaredLength, readBody } from './read-body.js';

export interface JsonBodyLimits {
  maxBytes: number;
  timeoutMs: number;
}

/**
 * The body of a JSON operation, checked in the order a client can fix things: media type (415),
 * size (413), arrival (408), syntax and nesting (400), then the schema (422, naming the field).
 */
export async function readJsonBody<S extends z.ZodType>(request: HttpRequest, schema: S, limits: JsonBodyLimits): Promise<z.output<S>> {
  if (!isJsonMediaType(parseMediaType(headerOf(request, 'content-type')))) {
    throw new SimplaneError('unsupported_media_type', 'The request body must be application/json.');
  }
  const raw = await readBody(request.body, { ...limits, declaredLength: declaredLength(headerOf(request, 'content-length')) });
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
