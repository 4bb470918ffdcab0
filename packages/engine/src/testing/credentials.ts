import type { Artifact, ArtifactOperation } from '../artifact/artifact.js';

/**
 * Credentials that satisfy an operation's first security alternative, in the places its
 * schemes name (headers, query parameters, cookies): property tests send them so a valid
 * request is not refused for want of an API key. The values are placeholders; the runtime
 * checks presence and shape only.
 */
export function credentialsFor(artifact: Artifact, op: ArtifactOperation): { headers: Record<string, string>; query: string[] } {
  const headers: Record<string, string> = {};
  const query: string[] = [];
  const cookies: string[] = [];
  for (const name of op.security[0] ?? []) {
    const scheme = artifact.securitySchemes[name];
    if (scheme?.type === 'apiKey') {
      if (scheme.in === 'header') headers[scheme.name.toLowerCase()] = 'key-1';
      else if (scheme.in === 'query') query.push(`${encodeURIComponent(scheme.name)}=key-1`);
      else cookies.push(`${scheme.name}=key-1`);
    } else if (scheme?.type === 'basic') headers.authorization = `Basic ${Buffer.from('user:pass').toString('base64')}`;
    else if (scheme?.type === 'bearer') headers.authorization = 'Bearer token-1';
  }
  if (cookies.length > 0) headers.cookie = cookies.join('; ');
  return { headers, query };
}
