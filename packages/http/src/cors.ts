/**
 * Cross-origin access to the data plane, so a web page under test can call a Simulation from
 * the browser. Only requests that carry an `Origin` (what browsers send across origins) get
 * CORS headers; other clients see no difference. The caller's origin is echoed and
 * credentials are allowed: the data plane is guarded by the `Simulation-Token` header, which a
 * page has only if it was given it, never by a cookie, so no origin gains anything it could not
 * do without CORS. The control plane answers no cross-origin requests.
 */
import { setOwn } from '@simplane/core';
import { headerOf, type HttpRequest, type HttpResponse } from './http-types.js';

const PREFLIGHT_MAX_AGE_SECONDS = '600';

/** A browser's preflight: `OPTIONS` with an `Origin` and the method it asks about. */
export function isPreflight(request: HttpRequest): boolean {
  return request.method.toUpperCase() === 'OPTIONS' && headerOf(request, 'origin') !== undefined && headerOf(request, 'access-control-request-method') !== undefined;
}

/**
 * The answer to a preflight: whatever method and headers it asks for are allowed. It is given
 * before the Simulation or the token is looked at, as a preflight never carries the token.
 */
export function preflightResponse(request: HttpRequest): HttpResponse {
  const headers: Record<string, string> = {
    'access-control-allow-methods': headerOf(request, 'access-control-request-method')!,
    'access-control-max-age': PREFLIGHT_MAX_AGE_SECONDS,
  };
  const asked = headerOf(request, 'access-control-request-headers');
  if (asked !== undefined && asked.trim() !== '') headers['access-control-allow-headers'] = asked;
  return { status: 204, headers, body: null };
}

/**
 * Adds CORS headers to a data-plane answer when the request came with an `Origin`; leaves it
 * as it is otherwise. A preflight's answer varies with what it asked too.
 */
export function withCors(request: HttpRequest, response: HttpResponse, preflight: boolean): HttpResponse {
  const origin = headerOf(request, 'origin');
  if (origin === undefined) return response;
  const headers = response.headers;
  // Every header of the answer is readable by the page (`*` does not count with credentials).
  const exposed = Object.keys(headers).filter((name) => !name.toLowerCase().startsWith('access-control-'));
  setOwn(headers, 'access-control-allow-origin', origin);
  setOwn(headers, 'access-control-allow-credentials', 'true');
  if (!preflight && exposed.length > 0) setOwn(headers, 'access-control-expose-headers', exposed.join(', '));
  const vary = preflight ? 'origin, access-control-request-method, access-control-request-headers' : 'origin';
  const existing = Object.keys(headers).find((name) => name.toLowerCase() === 'vary');
  if (existing === undefined) setOwn(headers, 'vary', vary);
  else setOwn(headers, existing, `${headers[existing]}, ${vary}`);
  return response;
}
