import { SimplaneError } from '@simplane/core';
import { problemResponse, type HttpRequest, type HttpResponse } from '@simplane/http';

/** Decodes a Lambda event body, which API Gateway may have base64-encoded. */
export function decodeBody(body: string | null | undefined, isBase64Encoded: boolean | undefined): Uint8Array | null {
  if (body === null || body === undefined) return null;
  return Buffer.from(body, isBase64Encoded ? 'base64' : 'utf8');
}

/** Lower-cases header names and joins multi-value headers the way HTTP would. */
export function lowerHeaders(
  single: Record<string, string | undefined> | null | undefined,
  multi?: Record<string, string[] | undefined> | null,
): HttpRequest['headers'] {
  const headers: HttpRequest['headers'] = {};
  for (const [name, value] of Object.entries(single ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
  for (const [name, values] of Object.entries(multi ?? {})) {
    if (values !== undefined && values.length > 1) headers[name.toLowerCase()] = values;
  }
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
