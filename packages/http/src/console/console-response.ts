/**
 * `/console`: the web console's page and files, on the control plane's own origin, so the page
 * calls the API without CORS. No key is asked for: the files hold nothing secret, and the page
 * signs in through the API. Every answer under `/console`, refusals included, carries a policy
 * that lets the page load and call nothing but its own origin.
 */
import { SimplaneError } from '@simplane/core';
import { headerOf, type HttpRequest, type HttpResponse } from '../http-types.js';
import type { ConsoleAsset, ConsoleAssets } from './console-assets.js';

export const CONSOLE_PATH = '/console';

export const CONSOLE_CONTENT_SECURITY_POLICY =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'";

/** The headers of every answer under `/console`. */
export const CONSOLE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONSOLE_CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
};

/** `/console` and everything under `/console/`. */
export function isConsolePath(pathname: string): boolean {
  return pathname === CONSOLE_PATH || pathname.startsWith(`${CONSOLE_PATH}/`);
}

/**
 * The answer to a request under `/console` (`pathname` as parsed, without the query): a file of
 * the bundle; the page itself for `/console`, `/console/` and any path that names a route of
 * the page rather than a file (`/console/simulations/sim_123` reloaded); 404 for a file the
 * bundle does not hold, and for every path when there is no bundle.
 */
export function consoleResponse(assets: ConsoleAssets | undefined, request: HttpRequest, pathname: string): HttpResponse {
  const method = request.method.toUpperCase();
  if (method !== 'GET' && method !== 'HEAD') {
    throw new SimplaneError('method_not_allowed', 'Use GET, HEAD on this route.', { headers: { ...CONSOLE_SECURITY_HEADERS, allow: 'GET, HEAD' } });
  }
  const asset = assets === undefined ? undefined : assetFor(assets, pathname);
  if (asset === undefined) throw new SimplaneError('not_found', 'No such route.', { headers: { ...CONSOLE_SECURITY_HEADERS } });
  const headers: Record<string, string> = { ...CONSOLE_SECURITY_HEADERS, etag: asset.etag, 'cache-control': asset.cacheControl };
  if (matches(headerOf(request, 'if-none-match'), asset.etag)) return { status: 304, headers, body: null };
  headers['content-type'] = asset.contentType;
  return { status: 200, headers, body: asset.body };
}

/**
 * The file a path names, or the page for a route of the page. A path whose last segment has a
 * dot names a file: one the bundle lacks is 404, never the page sent as a script. A segment that
 * does not decode, or decodes to `.`, `..`, a slash or a backslash, answers 404 too.
 */
function assetFor(assets: ConsoleAssets, pathname: string): ConsoleAsset | undefined {
  const rest = pathname.slice(CONSOLE_PATH.length + 1);
  if (rest === '') return assets.index;
  const segments = rest.split('/').map(decodeSegment);
  if (segments.at(-1) === '') segments.pop();
  if (segments.some((segment) => segment === undefined || segment === '' || segment === '.' || segment === '..' || /[/\\\0]/.test(segment))) return undefined;
  const file = assets.files.get(segments.join('/'));
  if (file !== undefined) return file;
  return segments.at(-1)!.includes('.') ? undefined : assets.index;
}

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** `If-None-Match` (RFC 9110 section 13.1.2): `*`, or a list of tags compared weakly. */
function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
