import busboy from 'busboy';
import { SimplaneError, validationError } from '@simplane/core';
import type { HttpRequest } from '../http-types.js';
import { contentLengthOf, contentTypeOf } from './body-headers.js';
import { parseMediaType } from './media-type.js';
import { tooLarge } from './read-body.js';
import { timedChunks } from './timed-chunks.js';

/** One part's rules: how large it may be. Parts not named here are refused. */
export interface PartRule {
  maxBytes: number;
}

export interface MultipartLimits {
  parts: Record<string, PartRule>;
  /** Cap on the whole encoded body. */
  totalBytes: number;
  /** Longest wait for the next chunk; the whole body gets ten times this. */
  idleMs: number;
}

export interface ReceivedPart {
  data: Buffer;
  filename: string | null;
  contentType: string;
}

/**
 * Reads a `multipart/form-data` body with busboy, streaming: each part is held to its own
 * limit and the body to its total, and reading stops at the first byte past either (413).
 * A part named twice or not named in the rules is 422; a broken encoding is 400.
 */
export async function readMultipart(request: HttpRequest, limits: MultipartLimits): Promise<Map<string, ReceivedPart>> {
  const contentType = contentTypeOf(request);
  const media = parseMediaType(contentType);
  if (media === null || media.essence !== 'multipart/form-data' || media.params.boundary === undefined) {
    throw new SimplaneError('unsupported_media_type', 'The request body must be multipart/form-data with a boundary.');
  }
  const declared = contentLengthOf(request);
  if (declared !== undefined && declared > limits.totalBytes) throw tooLarge(limits.totalBytes);

  const largest = Math.max(...Object.values(limits.parts).map((p) => p.maxBytes));
  const parser = busboy({
    headers: { 'content-type': contentType! },
    limits: { fileSize: largest + 1, fieldSize: largest + 1, parts: 20, headerPairs: 50 },
  });
  const received = new Map<string, ReceivedPart>();
  let failure: SimplaneError | undefined;
  const fail = (error: SimplaneError) => {
    failure ??= error;
  };

  const accept = (name: string, filename: string | null, mimeType: string): PartRule | null => {
    const rule = limits.parts[name];
    if (rule === undefined) fail(validationError('body', `unknown part '${name.slice(0, 64)}'; expected ${Object.keys(limits.parts).join(' and ')}`));
    else if (received.has(name)) fail(validationError(name, 'the part is given more than once'));
    else received.set(name, { data: Buffer.alloc(0), filename, contentType: mimeType });
    return failure === undefined ? (rule ?? null) : null;
  };

  parser.on('file', (name, stream, info) => {
    // Destroying the parser after a refusal errors the open part stream; that must not crash.
    stream.on('error', () => undefined);
    const rule = accept(name, info.filename ?? null, info.mimeType);
    if (rule === null) {
      stream.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    stream.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > rule.maxBytes) fail(tooLarge(rule.maxBytes, `The '${name}' part`));
      else chunks.push(chunk);
    });
    stream.on('end', () => {
      const part = received.get(name);
      if (part !== undefined) part.data = Buffer.concat(chunks, Math.min(size, rule.maxBytes));
    });
  });
  parser.on('field', (name, value, info) => {
    const rule = accept(name, null, info.mimeType);
    if (rule === null) return;
    const data = Buffer.from(value, 'utf8');
    if (info.valueTruncated || data.length > rule.maxBytes) fail(tooLarge(rule.maxBytes, `The '${name}' part`));
    else received.get(name)!.data = data;
  });
  parser.on('partsLimit', () => fail(validationError('body', 'too many parts')));

  const finished = new Promise<void>((resolve, reject) => {
    parser.on('close', resolve);
    parser.on('error', (cause: unknown) => {
      const error = new SimplaneError('bad_request', 'The multipart body could not be read.', { cause });
      fail(error);
      reject(error);
    });
  });
  finished.catch(() => undefined);

  let total = 0;
  for await (const chunk of timedChunks(request.body, { idleMs: limits.idleMs, totalMs: limits.idleMs * 10 })) {
    total += chunk.byteLength;
    if (total > limits.totalBytes) fail(tooLarge(limits.totalBytes));
    if (failure !== undefined) break;
    if (!parser.write(chunk)) await new Promise((resolve) => parser.once('drain', resolve));
    if (failure !== undefined) break;
  }
  if (failure !== undefined) {
    parser.destroy();
    throw failure;
  }
  parser.end();
  await finished;
  if (failure !== undefined) throw failure;
  return received;
}
