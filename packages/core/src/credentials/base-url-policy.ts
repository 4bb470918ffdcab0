import { validationError } from '../errors/simplane-error.js';

export interface BaseUrlPolicy {
  /** Lets `http://` URLs through when the host is loopback (local test doubles). */
  allowHttpLoopback: boolean;
}

/**
 * A credential's base URL must be https. It may not carry user info (which would put a secret
 * where the API returns it) or a fragment; plain http only for loopback hosts when allowed.
 */
export function checkBaseUrl(raw: string, policy: BaseUrlPolicy): void {
  // The URL parser silently drops surrounding spaces and inner tabs and newlines, so such a
  // string would be stored and returned as something other than the URL a build would call.
  if (/[\u0000-\u0020\u007f]/.test(raw)) throw validationError('base_url', 'must not contain spaces or control characters');
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw validationError('base_url', 'must be an absolute https URL');
  }
  if (url.username !== '' || url.password !== '') throw validationError('base_url', 'must not contain user info');
  if (url.hash !== '' || raw.includes('#')) throw validationError('base_url', 'must not contain a fragment');
  if (url.protocol === 'https:') return;
  if (url.protocol === 'http:' && policy.allowHttpLoopback && isLoopbackHost(url.hostname)) return;
  throw validationError(
    'base_url',
    policy.allowHttpLoopback ? 'must be https (http only for loopback hosts)' : 'must be an https URL',
  );
}

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === 'localhost' || host === '[::1]') return true;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}
