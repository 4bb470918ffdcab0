import type { ArtifactHeader, ArtifactRequestBody, ArtifactResponse } from '../artifact/artifact.js';
import { entries, field, isObject, type JsonObject, setOwn, stringField } from '../json.js';
import type { NormaliseContext } from './context.js';
import { normaliseContent } from './media.js';
import type { RawOperation } from './operations.js';
import { resolveObject } from './resolve-ref.js';
import { swaggerRequestBody, swaggerResponse } from './swagger-bodies.js';
import { sendableContent, unsendableHeader } from './unsendable.js';

/** The operation's request body, from `requestBody` (3.x) or body/formData parameters (2.0). */
export function normaliseRequestBody(raw: RawOperation, context: NormaliseContext): ArtifactRequestBody | null {
  if (context.family === '2.0') return swaggerRequestBody(raw, context);
  const location = `${raw.location}.requestBody`;
  const body = resolveObject(field(raw.operation, 'requestBody'), location, { ...context, operation: raw.id });
  if (!body) return null;
  return { required: body['required'] === true, content: normaliseContent(body['content'], location, context, raw.id) };
}

function normaliseHeaders(headers: unknown, location: string, context: NormaliseContext, operation: string): Record<string, ArtifactHeader> {
  const out: Record<string, ArtifactHeader> = {};
  for (const [name, raw] of entries(headers)) {
    const header = resolveObject(raw, `${location}.headers.${name}`, { ...context, operation });
    if (!header) continue;
    // 2.0 headers describe their value in place; 3.x ones carry a schema (or a content map).
    const contentSchema = field(entries(header['content'])[0]?.[1], 'schema');
    const source = context.family === '2.0' ? header : (header['schema'] ?? contentSchema);
    const unsendable = unsendableHeader(name, source, context);
    if (unsendable !== null) {
      context.diagnostics.warn('header_unsendable', { operation, location: `${location}.headers.${name}` }, `The header ${JSON.stringify(name.slice(0, 64))} cannot be sent on HTTP: ${unsendable}. Answers leave it out.`);
      continue;
    }
    setOwn(out, name, { required: header['required'] === true, schema: source === undefined ? null : context.schemas.convert(source, `${location}.headers.${name}`) });
  }
  return out;
}

/** Every declared response by status, with headers, media types, schemas and examples. */
export function normaliseResponses(raw: RawOperation, context: NormaliseContext): Record<string, ArtifactResponse> {
  const out: Record<string, ArtifactResponse> = {};
  const location = `${raw.location}.responses`;
  for (const [status, value] of entries(field(raw.operation, 'responses'))) {
    if (status.startsWith('x-')) continue;
    const at = `${location}.${status}`;
    const response = resolveObject(value, at, { ...context, operation: raw.id });
    if (!isObject(response)) continue;
    const key = status.toUpperCase() === 'DEFAULT' ? 'default' : status.toUpperCase();
    setOwn(out, key, {
      description: stringField(response, 'description') ?? '',
      headers: normaliseHeaders(response['headers'], at, context, raw.id),
      content: sendableContent(context.family === '2.0' ? swaggerResponse(response as JsonObject, raw, at, context) : normaliseContent(response['content'], at, context, raw.id), at, context, raw.id),
    });
  }
  return out;
}
