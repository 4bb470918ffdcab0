import type { ArtifactSecurityScheme } from '../artifact/artifact.js';
import { entries, field, type Json, objectField, setOwn, stringField } from '../json.js';
import type { NormaliseContext } from './context.js';
import type { RawOperation } from './operations.js';
import { resolveObject } from './resolve-ref.js';
import { sha256Digest } from '../artifact/serialise.js';

/** The scheme as the runtime checks it, or a reason it cannot be checked. */
function toScheme(scheme: Record<string, Json>): ArtifactSecurityScheme | string {
  const type = stringField(scheme, 'type');
  if (type === 'apiKey') {
    const where = stringField(scheme, 'in');
    const name = stringField(scheme, 'name');
    if ((where === 'header' || where === 'query' || where === 'cookie') && name) return { type: 'apiKey', in: where, name };
    return 'an apiKey scheme needs `in` (header, query or cookie) and `name`';
  }
  if (type === 'basic') return { type: 'basic' };
  if (type === 'http') {
    const http = (stringField(scheme, 'scheme') ?? '').toLowerCase();
    if (http === 'bearer') return { type: 'bearer', source: 'http' };
    if (http === 'basic') return { type: 'basic' };
    return httpScheme(http);
  }
  if (type === 'oauth2' || type === 'openIdConnect') return { type: 'bearer', source: type };
  return `scheme type ${JSON.stringify(type)} is not supported`;
}

/** An RFC 7235 scheme name (a token): what `Authorization` can carry. */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Another HTTP scheme, checked by its name in `Authorization`. Digest's credentials carry the
 * parameters RFC 7616 section 3.4 requires, and its challenge the realm, nonce and qop a client
 * answers it with; any other scheme is challenged by its name and a realm.
 */
function httpScheme(http: string): ArtifactSecurityScheme | string {
  if (!TOKEN.test(http)) return `http scheme ${JSON.stringify(http)} is not an HTTP authentication scheme name`;
  const scheme = `${http[0]!.toUpperCase()}${http.slice(1)}`;
  if (http === 'digest') {
    const nonce = sha256Digest(new TextEncoder().encode(`digest:${http}`)).slice('sha256:'.length, 'sha256:'.length + 32);
    return { type: 'http', scheme, challenge: `Digest realm="simulation", qop="auth", algorithm=MD5, nonce="${nonce}"`, params: ['username', 'realm', 'nonce', 'uri', 'response'] };
  }
  // Negotiate (RFC 4559) challenges with its bare name: its token is the client's to send.
  return { type: 'http', scheme, challenge: http === 'negotiate' ? scheme : `${scheme} realm="simulation"`, params: [] };
}

export interface SecurityModel {
  schemes: Record<string, ArtifactSecurityScheme>;
  unsupported: Map<string, string>;
}

/** `securitySchemes` (3.x) or `securityDefinitions` (2.0), converted. */
export function normaliseSecuritySchemes(context: NormaliseContext): SecurityModel {
  const source = context.family === '2.0' ? objectField(context.root, 'securityDefinitions') : objectField(objectField(context.root, 'components'), 'securitySchemes');
  const model: SecurityModel = { schemes: {}, unsupported: new Map() };
  for (const [name, raw] of entries(source)) {
    const scheme = resolveObject(raw, `securitySchemes.${name}`, context);
    if (!scheme) continue;
    const converted = toScheme(scheme);
    if (typeof converted === 'string') model.unsupported.set(name, converted);
    else setOwn(model.schemes, name, converted);
  }
  return model;
}

/**
 * The operation's requirements (or the document's), as alternatives of scheme names. Names
 * without a usable scheme are dropped with a warning, so they are simply not checked.
 */
export function operationSecurity(raw: RawOperation, model: SecurityModel, context: NormaliseContext): string[][] {
  const requirements = field(raw.operation, 'security') ?? field(context.root, 'security') ?? [];
  if (!Array.isArray(requirements)) return [];
  const location = `${raw.location}.security`;
  return requirements.map((requirement) =>
    entries(requirement)
      .map(([name]) => name)
      .filter((name) => {
        if (Object.hasOwn(model.schemes, name)) return true;
        const reason = model.unsupported.get(name);
        if (reason) context.diagnostics.warn('security_scheme_unsupported', { operation: raw.id, location }, `The security scheme ${name} cannot be checked: ${reason}.`);
        else context.diagnostics.warn('security_scheme_undefined', { operation: raw.id, location }, `The security scheme ${name} is not defined.`);
        return false;
      })
      .sort(),
  );
}
