import { headerOf, type HttpRequest } from './http-types.js';

/** A host as a URL may hold it: a name or IPv4 address, or a bracketed IPv6 one, with an optional port. */
const HOST = /^(?:[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.?|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Where the caller reached this server, as the data plane reads it for the documents it
 * serves: `X-Forwarded-Host` and `X-Forwarded-Proto` from a proxy in front, else `Host` over
 * plain HTTP. Undefined when no header names a usable host; the address is then left relative.
 */
export function requestOrigin(request: HttpRequest): string | undefined {
  const host = firstOf(headerOf(request, 'x-forwarded-host')) ?? firstOf(headerOf(request, 'host'));
  if (host === undefined || host.length > 261 || !HOST.test(host)) return undefined;
  const proto = firstOf(headerOf(request, 'x-forwarded-proto'));
  return `${proto?.toLowerCase() === 'https' ? 'https' : 'http'}://${host}`;
}

/** The first of a comma-separated header's values, as proxies append theirs. */
function firstOf(value: string | undefined): string | undefined {
  const first = value?.split(',')[0]?.trim();
  return first === undefined || first.length === 0 ? undefined : first;
}
