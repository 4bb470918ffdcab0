import { parse } from 'yaml';

/**
 * What a request must carry for a simulated API to let it through: a Simulation checks that an
 * operation's credentials are present, not what they hold (docs/data-plane.md), so any value
 * does. Empty when the operation needs none, or when the document does not say.
 */
export interface TryCredentials {
  headers: Array<[string, string]>;
  query: Array<[string, string]>;
}

const NONE: TryCredentials = { headers: [], query: [] };
/** Placeholder credentials: present, which is all a Simulation asks of them. */
const ANY = 'any';
/** `user:any`, for Basic. */
const BASIC = Buffer.from(`user:${ANY}`).toString('base64');

/**
 * The credentials `method path` of an OpenAPI document (2.0 or 3.x, YAML or JSON) asks for,
 * from its first security alternative (none when an alternative is empty, making them
 * optional). A document that cannot be read (a WSDL, a zip) asks for none here.
 */
export function credentialsFor(document: Uint8Array, method: string, path: string): TryCredentials {
  let root: unknown;
  try {
    root = parse(Buffer.from(document).toString('utf8'));
  } catch {
    return NONE;
  }
  const operation = field(field(field(root, 'paths'), path), method.toLowerCase());
  const security = field(operation, 'security') ?? field(root, 'security');
  if (!Array.isArray(security) || security.length === 0) return NONE;
  const alternative: unknown = security[0];
  if (security.some((entry: unknown) => isObject(entry) && Object.keys(entry).length === 0) || !isObject(alternative)) return NONE;
  const schemes = field(field(root, 'components'), 'securitySchemes') ?? field(root, 'securityDefinitions');
  const result: TryCredentials = { headers: [], query: [] };
  for (const name of Object.keys(alternative)) addScheme(result, field(schemes, name));
  return result;
}

function addScheme(result: TryCredentials, scheme: unknown): void {
  const type = field(scheme, 'type');
  const httpScheme = String(field(scheme, 'scheme') ?? '').toLowerCase();
  const name = field(scheme, 'name');
  if (type === 'apiKey' && typeof name === 'string') {
    const where = field(scheme, 'in');
    if (where === 'header') result.headers.push([name, ANY]);
    else if (where === 'query') result.query.push([name, ANY]);
    else if (where === 'cookie') result.headers.push(['Cookie', `${name}=${ANY}`]);
  } else if (type === 'basic' || (type === 'http' && httpScheme === 'basic')) {
    result.headers.push(['Authorization', `Basic ${BASIC}`]);
  } else if ((type === 'http' && httpScheme === 'bearer') || type === 'oauth2' || type === 'openIdConnect') {
    result.headers.push(['Authorization', `Bearer ${ANY}`]);
  }
}

function field(value: unknown, key: string): unknown {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
