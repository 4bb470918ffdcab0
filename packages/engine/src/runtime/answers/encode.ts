import type { SimResponse } from '@simplane/core';
import { copyOwn, isObject, type Json } from '../../json.js';
import { isJsonMedia } from '../protocols/rest/request-body.js';

/** The type a range answers with (`image/*` answers `image/png`); JSON for `*` and `application/*`. */
const RANGE_ANSWERS: Record<string, string> = {
  '*': 'application/json',
  application: 'application/json',
  text: 'text/plain',
  image: 'image/png',
  audio: 'audio/mpeg',
  video: 'video/mp4',
  font: 'font/woff2',
};

/**
 * The Content-Type an answer declared with `mediaType` is sent with: the type itself, or for a
 * range a common type in it, so an answer declared `audio/*` is not labelled JSON.
 */
export function answerType(mediaType: string): string {
  if (!mediaType.includes('*')) return mediaType;
  const range = (mediaType.split('/')[0] as string).trim().toLowerCase();
  return RANGE_ANSWERS[range] ?? 'application/octet-stream';
}

export function encode(status: number, mediaType: string, value: Json, headers: Record<string, string>): SimResponse {
  const type = answerType(mediaType);
  if (isJsonMedia(type) || type === 'application/json') {
    return { status, headers: withContentType(headers, type), body: Buffer.from(JSON.stringify(value)) };
  }
  const text = typeof value === 'string' ? value : /xml/.test(type) ? `<?xml version="1.0" encoding="UTF-8"?>${toXml('root', value)}` : JSON.stringify(value);
  return { status, headers: withContentType(headers, type), body: Buffer.from(text) };
}

/** A plain XML rendering (element per property, repeated elements for arrays) for XML-only answers. */
function toXml(name: string, value: Json): string {
  const tag = name.replace(/[^A-Za-z0-9_.-]/g, '_') || 'item';
  if (Array.isArray(value)) return value.map((v) => toXml(tag, v)).join('');
  if (isObject(value)) return `<${tag}>${Object.entries(value).map(([k, v]) => toXml(k, v)).join('')}</${tag}>`;
  const text = value === null ? '' : String(value).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<${tag}>${text}</${tag}>`;
}

/** The headers with a content type, copied by `copyOwn` (a spread copy takes new keys slowly). */
export function withContentType(headers: Record<string, string>, type: string): Record<string, string> {
  const out = copyOwn(headers);
  out['content-type'] = type;
  return out;
}
