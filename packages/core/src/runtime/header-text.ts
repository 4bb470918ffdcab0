/**
 * What an HTTP header can be on the wire. A simulated API's headers come from its document
 * (enum and example values, media types) and from requests; one that cannot be sent makes
 * node:http throw at `writeHead`, so the build drops such headers with a warning and the data
 * plane never passes one to a host.
 */
import { copyOwn } from '../objects/own-properties.js';

/** RFC 9110 section 5.1: a header name is a token. */
const NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** RFC 9110 section 5.5, as node:http checks it: tab, visible ASCII, obs-text (latin-1); never CR, LF or NUL. */
const VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;

export function isHeaderName(name: string): boolean {
  return NAME.test(name);
}

export function isHeaderValue(value: string): boolean {
  return VALUE.test(value);
}

/**
 * The headers that can be sent: the same object when all can (the usual answer, checked without
 * a copy), else a copy without the others, whose names `dropped` receives.
 */
export function sendableHeaders(headers: Record<string, string>, dropped?: (name: string) => void): Record<string, string> {
  let out: Record<string, string> | null = null;
  for (const name in headers) {
    if (!Object.hasOwn(headers, name)) continue;
    const value = headers[name] as string;
    if (isHeaderName(name) && isHeaderValue(value)) continue;
    out ??= copyOwn(headers);
    delete out[name];
    dropped?.(name);
  }
  return out ?? headers;
}
