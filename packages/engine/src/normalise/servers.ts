import { arrayField, type JsonObject, objectField, stringField } from '../json.js';
import type { NormaliseContext } from './context.js';

function cleanBasePath(path: string): string {
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    // keep it as written
  }
  const trimmed = decoded.replace(/\/+$/, '');
  return trimmed === '' ? '' : trimmed.startsWith('/') ? trimmed : `/${trimmed}`;
}

/** `{var}` in a server URL replaced by the variable's default. */
function substitute(url: string, server: JsonObject): string {
  const variables = objectField(server, 'variables');
  return url.replace(/\{([^{}]+)\}/g, (whole, name: string) => stringField(objectField(variables, name), 'default') ?? whole);
}

/** Server base paths: 2.0's `basePath`, or the path part of each 3.x server URL. */
export function basePaths(context: NormaliseContext): string[] {
  if (context.family === '2.0') return [cleanBasePath(stringField(context.root, 'basePath') ?? '')];
  const out = new Set<string>();
  (arrayField(context.root, 'servers') ?? []).forEach((server, i) => {
    const url = stringField(server, 'url');
    if (url === undefined) return;
    try {
      out.add(cleanBasePath(new URL(substitute(url, server as JsonObject), 'http://localhost').pathname));
    } catch {
      context.diagnostics.warn('server_url_invalid', { location: `servers[${i}].url` }, `The server URL ${JSON.stringify(url)} cannot be read.`);
    }
  });
  if (out.size === 0) out.add('');
  return [...out];
}
