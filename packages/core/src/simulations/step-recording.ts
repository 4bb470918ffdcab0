import { setOwn } from '../objects/own-properties.js';
import type { SecretLocations } from '../runtime/runtime.port.js';
import type { KeptMessage, RecordedMessage } from './step-log.port.js';

/** Bodies kept with a step are cut here (DESIGN section 3). */
export const STEP_BODY_LIMIT = 64 * 1024;

/** Headers never kept in a step: credentials of the platform and of the simulated API. */
export const SECRET_HEADERS: ReadonlySet<string> = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-api-key', 'simulation-token']);

const REDACTED = '<redacted>';

/**
 * A request or response as a step keeps it: secret headers redacted (the usual ones and the
 * document's own API key headers), the document's API key query parameters redacted, the body
 * cut at 64 KiB. The body is a view of the message's own bytes, which the step log takes over.
 */
export function keepMessage(
  headers: Record<string, string | string[] | undefined>,
  body: Uint8Array | null,
  extra: Pick<KeptMessage, 'method' | 'path' | 'query' | 'status'> = {},
  secrets?: SecretLocations,
): KeptMessage {
  const kept: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    const lower = name.toLowerCase();
    setOwn(kept, name, SECRET_HEADERS.has(lower) || secrets?.headers.includes(lower) === true ? REDACTED : value);
  }
  if (extra.query !== undefined && secrets !== undefined && secrets.query.length > 0) extra = { ...extra, query: redactQuery(extra.query, secrets.query) };
  let keptBody = body === null || body.byteLength <= STEP_BODY_LIMIT ? body : body.subarray(0, STEP_BODY_LIMIT);
  // Redacted after the cut, so a secret the cut splits is redacted to the end of what is kept.
  if (keptBody !== null && secrets?.redactBody !== undefined) keptBody = secrets.redactBody(keptBody);
  // Object.assign, not a spread followed by new keys: V8 adds those one by one on a slow path.
  return Object.assign({}, extra, {
    headers: kept,
    body: keptBody,
    body_bytes: body?.byteLength ?? 0,
  });
}

/** A kept message as a step shows it: the body as UTF-8 text, or base64 when its bytes are not text. */
export function messageView(message: KeptMessage): RecordedMessage {
  const { body, body_bytes, ...rest } = message;
  const text = body === null ? null : decodeUtf8(body);
  return {
    ...rest,
    body: body === null ? null : (text ?? Buffer.from(body).toString('base64')),
    body_encoding: text === null && body !== null ? 'base64' : 'utf8',
    body_truncated: body_bytes > (body?.byteLength ?? 0),
    body_bytes,
  };
}

/** The query string with the values of the named parameters replaced; everything else byte for byte. */
export function redactQuery(query: string, names: readonly string[]): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const raw = at === -1 ? pair : pair.slice(0, at);
      return names.includes(decodeName(raw)) ? `${raw}=${REDACTED}` : pair;
    })
    .join('&');
}

function decodeName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return raw;
  }
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function decodeUtf8(bytes: Uint8Array): string | null {
  try {
    return utf8.decode(bytes);
  } catch {
    // A cut can split a character; keep the text up to it rather than switching to base64.
    for (let back = 1; back <= 3 && back < bytes.byteLength; back += 1) {
      try {
        return utf8.decode(bytes.subarray(0, bytes.byteLength - back));
      } catch {
        // try a shorter cut
      }
    }
    return null;
  }
}
