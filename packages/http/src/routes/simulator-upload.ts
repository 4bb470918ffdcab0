import { JSON_MAX_DEPTH, jsonNestsDeeperThan, SimplaneError, validationError, type SimulatorUpload } from '@simplane/core';
import { readMultipart } from '../body/multipart-body.js';
import type { HttpRequest } from '../http-types.js';

/** The multipart request body of `POST /v1/simulators`, for the OpenAPI document. */
export const UPLOAD_DOC = {
  contentType: 'multipart/form-data',
  schema: {
    type: 'object',
    required: ['request'],
    properties: {
      spec: { type: 'string', contentMediaType: 'application/octet-stream', description: 'The OpenAPI (JSON or YAML) document, at most 64 MiB. Required unless request.parent_id is given; then it is an OpenAPI Overlay 1.0 document.' },
      request: {
        type: 'object',
        additionalProperties: false,
        description: 'JSON, at most 1 MiB.',
        properties: {
          name: { type: 'string', maxLength: 200 },
          references: { type: 'array', maxItems: 20, items: { type: 'string', description: 'name:tag' } },
          spec_kind: { type: ['string', 'null'], enum: ['openapi', 'wsdl', null] },
          filter: { type: 'array', maxItems: 100, items: { type: 'string', maxLength: 256, description: 'A regular expression on operationId.' } },
          parent_id: { type: ['string', 'null'], description: 'A ready Simulator (ID or name:tag) to build on.' },
          instructions: { type: ['string', 'null'], maxLength: 16384 },
          credential_id: { type: ['string', 'null'], description: 'A Credential with a base_url: the build learns from the real system it points at (docs/credentials.md).' },
          probe_requests: { type: 'integer', minimum: 0, maximum: 500, default: 50, description: 'Requests a build with credential_id may send the real system; 0 sends none.' },
          timeout_seconds: { type: 'integer', minimum: 1, maximum: 72000, default: 14400 },
        },
      },
    },
  },
};

/** Reads the `spec` and `request` parts; the `request` part must be a JSON object. */
export async function readSimulatorUpload(
  request: HttpRequest,
  idleMs: number,
  limits: { spec: number; request: number; total: number },
): Promise<SimulatorUpload> {
  const parts = await readMultipart(request, {
    parts: { spec: { maxBytes: limits.spec }, request: { maxBytes: limits.request } },
    totalBytes: limits.total,
    idleMs,
  });
  const requestPart = parts.get('request');
  if (requestPart === undefined) throw validationError('request', 'the part is required');
  let parsed: unknown;
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(requestPart.data);
    if (jsonNestsDeeperThan(text)) throw validationError('request', `must not nest deeper than ${JSON_MAX_DEPTH} levels`);
    parsed = JSON.parse(text);
  } catch (error) {
    if (SimplaneError.is(error)) throw error;
    throw validationError('request', 'must be a JSON object');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw validationError('request', 'must be a JSON object');
  const spec = parts.get('spec');
  return { spec: spec?.data ?? null, filename: spec?.filename ?? null, request: parsed };
}
