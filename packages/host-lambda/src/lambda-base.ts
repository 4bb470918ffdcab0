import { setOwn, SimplaneError } from '@simplane/core';
import { problemResponse, type HttpRequest, type HttpResponse } from '@simplane/http';

/** Decodes a Lambda event body, which API Gateway may have base64-encoded. */
export function decodeBody(body: string | null | undefined, isBase64Encoded: boolean | undefined): Uint8Array | null {
  if (body === null || body === undefined) return null;
  return Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
}

/**
 * Lower-cases header names and keeps every copy of a header sent more than once, as the array
 * of its copies (the neutral request's form, http-types), so the handler refuses a duplicate
 * of a header that holds one value as every host does. API Gateway REST (v1) gives every copy
 * in `multiValueHeaders`, keyed by the name as sent (so `Authorization` and `authorization`
 * are two keys) and keeps only the last in `headers`; HTTP API (v2) joins copies with commas
 * before the event is made, so they arrive as one value.
 */
export function lowerHeaders(
  single: Record<string, string | undefined> | null | undefined,
  multi?: Record<string, string[] | undefined> | null,
): HttpRequest['headers'] {
  const copies = new Map<string, string[]>();
  const add = (name: string, values: readonly string[]) => {
    const lower = name.toLowerCase();
    const held = copies.get(lower);
    if (held === undefined) copies.set(lower, [...values]);
    else held.push(...values);
  };
  const fromMulti = new Set<string>();
  for (const [name, values] of Object.entries(multi ?? {})) {
    if (values === undefined || values.length === 0) continue;
    add(name, values);
    fromMulti.add(name.toLowerCase());
  }
  for (const [name, value] of Object.entries(single ?? {})) if (value !== undefined && !fromMulti.has(name.toLowerCase())) add(name, [value]);
  const headers: HttpRequest['headers'] = {};
  for (const [name, values] of copies) setOwn(headers, name, values.length === 1 ? values[0] : values);
  return headers;
}

/** Removes the stage prefix API Gateway puts in front of paths on non-default stages. */
export function stripStage(path: string, stage: string | undefined): string {
  if (stage === undefined || stage === '$default') return path;
  const prefix = `/${stage}`;
  return path === prefix ? '/' : path.startsWith(`${prefix}/`) ? path.slice(prefix.length) : path;
}

/** The response body as Lambda wants it: text when it is text, base64 otherwise. */
export async function encodeBody(response: HttpResponse): Promise<{ body: string; isBase64Encoded: boolean }> {
  const raw = await collect(response.body);
  const type = response.headers['content-type'] ?? '';
  const textual = raw.length === 0 || /^(text\/|application\/([\w.+-]*\+)?(json|xml|yaml)\b)/i.test(type);
  return textual ? { body: raw.toString('utf8'), isBase64Encoded: false } : { body: raw.toString('base64'), isBase64Encoded: true };
}

async function collect(body: HttpResponse['body']): Promise<Buffer> {
  if (body === null) return Buffer.alloc(0);
  if (body instanceof Uint8Array) return Buffer.from(body);
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/**
 * The handler answers every failure itself; this is only for a bug or a body that breaks: a
 * generic `500 internal`, as host-node writes it, with nothing of the cause.
 */
export async function failedResult(): Promise<{ statusCode: number; headers: Record<string, string>; body: string; isBase64Encoded: boolean }> {
  const response = problemResponse(new SimplaneError('internal', 'An unexpected error occurred.'));
  return { statusCode: response.status, headers: response.headers, ...(await encodeBody(response)) };
}
