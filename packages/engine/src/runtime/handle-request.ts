import type { SimContext, SimRequest, SimResult, StateAccess } from '@simplane/core';
import type { ArtifactOperation } from '../artifact/artifact.js';
import { matchRequest, type Discriminate, type RouteMatch } from '../artifact/route-index.js';
import { act, create, read, remove, replace, update } from './behaviours/crud.js';
import { withRpcScope, type Exchange } from './behaviours/exchange.js';
import type { GenerateContext } from './values/generate-value.js';
import { list } from './behaviours/list.js';
import type { RuntimeModel } from './model.js';
import { randomFor } from './values/random.js';
import { decodeRequest, protocolOf, refuse } from './protocols/protocols.js';
import { answerTally, tallyFor } from './behaviours/tally.js';
import { answer, chooseSuccess } from './answers/respond.js';
import { validateRequest } from './checking/validate-request.js';

/** Routes a request; HEAD falls back to GET (answered without a body). */
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

/** Answers one data-plane request: decode it as its protocol's, route, validate, run the operation's behaviour. */
export function handleRequest(model: RuntimeModel, sent: SimRequest, state: StateAccess, context: SimContext): SimResult {
  const request = decodeRequest(model, sent);
  const method = request.method.toUpperCase();
  const { match, operation } = route(model, method, request.path, request);
  if (operation === null || match === null || !('operation' in match)) {
    const gen: GenerateContext = { registry: model.registry, random: randomFor(context.seed, context.step, 'unrouted'), now: context.now };
    if (match && 'allowed' in match) {
      const response = refuse(model, null, { status: 405, code: 'method_not_allowed', message: `${method} is not allowed on ${request.path}; use ${match.allowed.join(', ')}`, headers: { allow: match.allowed.join(', ') } }, gen);
      return { response, operation: null };
    }
    return { response: refuse(model, null, { status: 404, code: 'not_found', message: `no route matches ${method} ${request.path}` }, gen), operation: null };
  }
  const gen: GenerateContext = { registry: model.registry, random: randomFor(context.seed, context.step, operation.id), now: context.now };
  const input = validateRequest(model, operation, request, match.params);
  if ('status' in input) return { response: refuse(model, operation, input, gen), operation: operation.id };
  const ex: Exchange = { model, operation, path: match.params, query: input.query, body: input.body ?? protocolOf(operation).callBody(operation, input.query), bodyMediaType: input.bodyMediaType, state, context, gen, minted: 0 };
  withRpcScope(ex);
  const response = run(ex);
  // A HEAD answer is the GET answer's status and headers, its length included, without the body.
  if (method === 'HEAD') {
    if (response.body !== null) response.headers['content-length'] = String(response.body.byteLength);
    response.body = null;
  }
  return { response, operation: operation.id };
}

function run(ex: Exchange) {
  const resource = ex.operation.resource === null ? undefined : ex.model.resources.get(ex.operation.resource);
  if (resource) {
    switch (ex.operation.behaviour) {
      case 'create':
        return create(ex, resource);
      case 'read':
        return read(ex, resource);
      case 'list':
        return list(ex, resource);
      case 'replace':
        return replace(ex, resource);
      case 'update':
        return update(ex, resource);
      case 'delete':
        return remove(ex, resource);
      case 'action':
        return act(ex, resource);
      default:
        break;
    }
  }
  const tally = ex.operation.behaviour === 'static' ? tallyFor(ex.model, ex.operation) : null;
  if (tally !== null) return answerTally(ex, tally);
  return answer(chooseSuccess(ex.operation, 200), undefined, ex.gen);
}
