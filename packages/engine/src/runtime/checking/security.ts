import type { ArtifactHttpScheme, ArtifactOperation, ArtifactSecurityScheme } from '../../artifact/artifact.js';
import { headerText, type RawInput } from '../protocols/rest/parameters.js';

/**
 * Checks that a request carries the credentials its operation requires: any one alternative
 * with all of its schemes present. Only presence and shape are checked (an API key is there;
 * `Authorization` is a well-formed Bearer or Basic value, or names another HTTP scheme with
 * the parameters it requires); the values themselves are never
 * compared with anything. Answers null when satisfied, else what is missing: for each
 * alternative, what it lacks first (`basicAuth: ...; or bearerAuth: ...`).
 */
export function missingCredentials(operation: ArtifactOperation, schemes: Record<string, ArtifactSecurityScheme>, raw: RawInput): string | null {
  if (operation.security.length === 0) return null;
  const missing = new Set<string>();
  for (const alternative of operation.security) {
    const lacks = alternative.map((name) => checkScheme(name, schemes[name], raw)).find((m) => m !== null) ?? null;
    if (lacks === null) return null;
    missing.add(lacks);
  }
  return [...missing].join('; or ');
}

function checkScheme(name: string, scheme: ArtifactSecurityScheme | undefined, raw: RawInput): string | null {
  if (scheme === undefined) return null;
  if (scheme.type === 'apiKey') {
    const present =
      scheme.in === 'header' ? nonEmpty(headerText(raw.headers, scheme.name)) : scheme.in === 'query' ? raw.query.some(([n, v]) => n === scheme.name && v !== '') : nonEmpty(raw.cookies[scheme.name]);
    return present ? null : `the API key ${scheme.in === 'cookie' ? 'cookie' : scheme.in === 'query' ? 'query parameter' : 'header'} ${scheme.name} is missing`;
  }
  const authorization = headerText(raw.headers, 'authorization')?.trim() ?? '';
  if (scheme.type === 'http') return httpCredentials(scheme, authorization) ? null : `${name}: an Authorization: ${scheme.scheme} header is required${scheme.params.length > 0 ? ` with ${scheme.params.join(', ')}` : ''}`;
  if (scheme.type === 'basic') return /^basic\s+[A-Za-z0-9+/]+=*$/i.test(authorization) && basicWellFormed(authorization) ? null : `${name}: an Authorization: Basic header with base64 user:password is required`;
  return /^bearer\s+[A-Za-z0-9\-._~+/]+=*$/i.test(authorization) ? null : `${name}: an Authorization: Bearer token is required`;
}

/** `Authorization: <scheme> <credentials>` with each auth-param the scheme requires (`name=value`). */
function httpCredentials(scheme: ArtifactHttpScheme, authorization: string): boolean {
  const space = authorization.search(/\s/);
  if (space <= 0 || authorization.slice(0, space).toLowerCase() !== scheme.scheme.toLowerCase()) return false;
  const credentials = authorization.slice(space).trim();
  if (credentials === '') return false;
  const given = new Set([...credentials.matchAll(/(?:^|,)\s*([!#$%&'*+\-.^_`|~0-9A-Za-z]+)\s*=/g)].map((m) => m[1]!.toLowerCase()));
  return scheme.params.every((param) => given.has(param));
}

function nonEmpty(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function basicWellFormed(authorization: string): boolean {
  const decoded = Buffer.from(authorization.replace(/^basic\s+/i, ''), 'base64').toString('utf8');
  return decoded.includes(':');
}
