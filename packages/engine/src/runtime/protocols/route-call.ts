import type { SimRequest } from '@simplane/core';
import type { ArtifactOperation } from '../../artifact/artifact.js';
import { matchRequest, type Discriminate, type RouteMatch } from '../../artifact/route-index.js';
import type { RuntimeModel } from '../model.js';
import type { Call } from './protocol.js';
import { postedRead } from './rest/rpc-read.js';

/** Routes a request by the document's paths; HEAD falls back to GET (answered without a body). */
export function route(model: RuntimeModel, method: string, path: string, request?: Pick<SimRequest, 'query' | 'headers'>): { match: RouteMatch | null; operation: ArtifactOperation | null } {
  const discriminate = request === undefined ? undefined : discriminator(request);
  let match = matchRequest(model.artifact, method, path, discriminate);
  if (method === 'HEAD' && (match === null || !('operation' in match))) {
    const get = matchRequest(model.artifact, 'GET', path, discriminate);
    if (get && 'operation' in get) match = get;
  }
  const operation = match && 'operation' in match ? (model.operations.get(match.operation) ?? null) : null;
  return { match, operation };
}

/** Tells route variants (`#X-Amz-Target=...`) apart by the request's header, else its query parameter. */
function discriminator(request: Pick<SimRequest, 'query' | 'headers'>): Discriminate {
  let query: URLSearchParams | undefined;
  return (name, value) => {
    const header = request.headers[name.toLowerCase()];
    if ((Array.isArray(header) ? header[0] : header) === value) return true;
    query ??= new URLSearchParams(request.query);
    return query.getAll(name).includes(value);
  };
}

/**
 * A request routed by path and method to its call, or refused: 405 where the path has other
 * methods (unless it is a POST its GET takes: rest/rpc-read.ts), else 404.
 */
export function routeCall(model: RuntimeModel, request: SimRequest): Call {
  const method = request.method.toUpperCase();
  const { match, operation } = route(model, method, request.path, request);
  if (operation !== null && match !== null && 'operation' in match) return { kind: 'call', operation, params: match.params, request };
  if (match && 'allowed' in match) {
    // An RPC-style API's clients POST its GET methods too, where the artifact says so.
    const get = match.allowed.includes('GET') ? route(model, 'GET', request.path, request) : null;
    const accepts = get?.operation?.rpcPost;
    if (accepts !== undefined && method === 'POST' && get?.operation && get.match !== null && 'operation' in get.match) return postedRead(model.registry, get.operation, accepts, get.match.params, request);
    const allowed = accepts === undefined ? match.allowed : [...match.allowed, 'POST'].sort();
    const refusal = { status: 405, code: 'method_not_allowed', message: `${method} is not allowed on ${request.path}; use ${allowed.join(', ')}`, headers: { allow: allowed.join(', ') } };
    return { kind: 'refused', refusal, operation: null };
  }
  return { kind: 'refused', refusal: { status: 404, code: 'not_found', message: `no route matches ${method} ${request.path}` }, operation: null };
}
