import type { Artifact, ArtifactOperation } from '../artifact/artifact.js';
import type { GenerateContext } from '../runtime/values/generate-value.js';
import { generateValue } from '../runtime/values/generate-value.js';
import { credentialsFor } from './credentials.js';

export interface RequestParts {
  headers: Record<string, string>;
  /** Raw query string, without `?`. */
  query: string;
  body: string | undefined;
}

/**
 * Everything of a valid request but its path: the credentials its security asks for, query and
 * header parameters and a body generated to their schemas (JSON or form-encoded). An optional
 * parameter is left out when `skipOptional()` says so; an optional body is sent seven times in
 * ten. Draws from `gen.random`, so a seed gives one request.
 */
export function requestParts(artifact: Artifact, op: ArtifactOperation, gen: GenerateContext, skipOptional: () => boolean): RequestParts {
  const auth = credentialsFor(artifact, op);
  const headers: Record<string, string> = { ...auth.headers };
  const query: string[] = [...auth.query];
  for (const p of op.parameters) {
    if (p.in === 'path' || (!p.required && skipOptional())) continue;
    const value = generateValue(p.schema, gen);
    const text = Array.isArray(value) ? value.map(String).join(',') : typeof value === 'object' && value !== null ? '' : String(value);
    if (p.in === 'query' && typeof value !== 'object') query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(text)}`);
    else if (p.in === 'query' && Array.isArray(value)) for (const v of value) query.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(String(v))}`);
    else if (p.in === 'header') headers[p.name.toLowerCase()] = text;
  }
  let body: string | undefined;
  const media = Object.entries(op.requestBody?.content ?? {}).find(([m]) => /json|x-www-form-urlencoded/.test(m));
  if (media && (op.requestBody?.required || gen.random.next() < 0.7)) {
    const value = generateValue(media[1].schema ?? { type: 'object' }, gen);
    headers['content-type'] = media[0];
    body = media[0].includes('json') ? JSON.stringify(value) : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&');
  }
  return { headers, query: query.join('&'), body };
}
