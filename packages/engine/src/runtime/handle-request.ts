import type { SimContext, SimRequest, SimResult, StateAccess } from '@simplane/core';
import { act, create, read, remove, replace, update } from './behaviours/crud.js';
import { withRpcScope, type Exchange } from './behaviours/exchange.js';
import type { GenerateContext } from './values/generate-value.js';
import { list } from './behaviours/list.js';
import type { RuntimeModel } from './model.js';
import { randomFor } from './values/random.js';
import { decodeCall, protocolOf, refuse } from './protocols/protocols.js';
import { answerTally, tallyFor } from './behaviours/tally.js';
import { answer, chooseSuccess, declaresNoSuccess } from './answers/respond.js';
import { validateRequest } from './checking/validate-request.js';
import { withStandIns } from './records/compound-key.js';
import { notAcceptable } from './checking/acceptable.js';
import { headerText } from './protocols/rest/parameters.js';

/** Answers one data-plane request: decode it into its call as its protocol reads it, check the input, run the operation's behaviour. */
export function handleRequest(model: RuntimeModel, sent: SimRequest, state: StateAccess, context: SimContext): SimResult {
  const call = decodeCall(model, sent, { endpoint: context.endpoint ?? '' });
  if (call.kind === 'answered') return { response: call.response, operation: null };
  if (call.kind === 'refused') {
    const gen: GenerateContext = { registry: model.registry, random: randomFor(context.seed, context.step, call.operation?.id ?? 'unrouted'), now: context.now, ...(call.dialect === undefined ? {} : { dialect: call.dialect }) };
    return { response: refuse(model, call.operation, call.refusal, gen, call.protocol), operation: call.operation?.id ?? null };
  }
  const { operation, request } = call;
  const gen: GenerateContext = { registry: model.registry, random: randomFor(context.seed, context.step, operation.id), now: context.now, ...(call.dialect === undefined ? {} : { dialect: call.dialect }), ...(call.body === undefined ? {} : { input: call.body }) };
  const input = validateRequest(model, operation, request, call.params, call.body);
  const label = call.label === undefined ? {} : { label: call.label };
  if ('status' in input) return { response: refuse(model, operation, input, gen), operation: operation.id, ...label };
  // A protocol whose answers are the document's own media types answers in one the request's Accept takes, or refuses with 406.
  const accept = protocolOf(operation).negotiates === true ? headerText(request.headers, 'accept') : undefined;
  const unacceptable = accept === undefined ? null : notAcceptable(operation, accept);
  if (unacceptable !== null) return { response: refuse(model, operation, unacceptable, gen), operation: operation.id, ...label };
  if (accept !== undefined) gen.accept = accept;
  // Values the protocol found in the input it decoded (a SOAP list's filters) are read as query parameters; the declared ones win.
  const query = call.query === undefined ? input.query : { ...call.query, ...input.query };
  const resource = operation.resource === null ? undefined : model.resources.get(operation.resource);
  const ex: Exchange = { model, operation, path: withStandIns(resource, call.params), query, body: input.body ?? protocolOf(operation).callBody(operation, input.query), bodyMediaType: input.bodyMediaType, ...(input.files === undefined ? {} : { files: input.files }), state, context, gen, minted: 0 };
  withRpcScope(ex);
  const response = run(ex);
  // A HEAD answer is the GET answer's status and headers, its length included, without the body.
  if (request.method.toUpperCase() === 'HEAD') {
    if (response.body !== null) response.headers['content-length'] = String(response.body.byteLength);
    response.body = null;
  }
  return { response, operation: operation.id, ...label };
}

function run(ex: Exchange) {
  // An operation that declares no success answers the first response it declares, and does nothing else (respond.ts).
  if (declaresNoSuccess(ex.operation)) return answer(chooseSuccess(ex.operation, 200), undefined, ex.gen);
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
  return answer(chooseSuccess(ex.operation, 200), undefined, ex.gen, { arrays: ex.operation.answerArrays });
}
