import type { OperationBehaviour } from '@simplane/core';
import type { NormalisedOperation } from '../normalise/model.js';
import { discriminatedCall, isQueryLike, readsOnly } from './naming.js';
import { parseSegments, type Segment, shapeKey } from './path-shape.js';
import type { ResourceShape } from './resource-shapes.js';
import { rpcCall } from './rpc-shapes.js';

export interface Understanding {
  behaviour: OperationBehaviour;
  resource: ResourceShape | null;
  readOnly: boolean;
  /** For actions: the action's name (the path's last word). */
  actionName: string | null;
}

const SAFE = new Set(['GET', 'HEAD', 'OPTIONS', 'TRACE']);

function onCollection(method: string, resource: ResourceShape): Understanding {
  if (method === 'GET' || method === 'HEAD') return { behaviour: 'list', resource, readOnly: true, actionName: null };
  if (method === 'POST') return { behaviour: 'create', resource, readOnly: false, actionName: null };
  // PUT or PATCH on the collection names the record in its body (the 2.0 petstore's PUT /pet).
  if (method === 'PUT') return { behaviour: 'replace', resource, readOnly: false, actionName: null };
  if (method === 'PATCH') return { behaviour: 'update', resource, readOnly: false, actionName: null };
  if (SAFE.has(method)) return { behaviour: 'static', resource: null, readOnly: true, actionName: null };
  // DELETE on a whole collection: a bulk change, kept as an action that writes.
  return { behaviour: 'action', resource, readOnly: false, actionName: method.toLowerCase() };
}

/** On an item (or a singleton): read, replace, update (PATCH, or POST as some APIs do), delete. */
function onItem(method: string, resource: ResourceShape): Understanding {
  const byMethod: Record<string, OperationBehaviour> = { GET: 'read', HEAD: 'read', PUT: 'replace', PATCH: 'update', POST: 'update', DELETE: 'delete' };
  const behaviour = byMethod[method];
  if (behaviour === undefined) return { behaviour: 'static', resource: null, readOnly: true, actionName: null };
  return { behaviour, resource, readOnly: behaviour === 'read', actionName: null };
}

/** The resource a sub-path acts on, and the action's name: `/orders/{id}/cancel`, `/orders/{id}:cancel`. */
function owner(segments: Segment[], shapes: Map<string, ResourceShape>): { resource: ResourceShape; name: string } | null {
  const last = segments.at(-1);
  const parent = segments.slice(0, -1);
  if (last?.kind === 'pattern') {
    const colon = /^\{[^{}]+\}:([A-Za-z][\w-]*)$/.exec(last.text);
    const resource = shapes.get(shapeKey(parent));
    if (colon && resource?.kind === 'collection') return { resource, name: colon[1] as string };
    return null;
  }
  if (last?.kind !== 'literal') return null;
  const base = parent.at(-1)?.kind === 'param' ? shapes.get(shapeKey(parent.slice(0, -1))) : shapes.get(shapeKey(parent));
  return base ? { resource: base, name: last.text } : null;
}

/**
 * An RPC-style call (`/conversations.info`, `POST /transfer/get`): the verb says what it does,
 * whatever the method; reads and lists never write. Another verb is an action on the record,
 * unless the method is safe: then it is answered from the schema.
 */
function byVerb(method: string, behaviour: OperationBehaviour, verb: string, resource: ResourceShape): Understanding {
  if (behaviour === 'action') return SAFE.has(method) ? { behaviour: 'static', resource: null, readOnly: true, actionName: null } : { behaviour, resource, readOnly: false, actionName: verb };
  return { behaviour, resource, readOnly: behaviour === 'read' || behaviour === 'list', actionName: null };
}

/**
 * How an operation is understood. Safe methods never write; writes on a resource path are CRUD;
 * writes on a sub-path of a resource are actions; anything else is static, and read-only only
 * when it is a POST whose name says it merely computes (search, validate, ...). When unsure,
 * an operation is taken to write.
 */
export function understand(op: NormalisedOperation, shapes: Map<string, ResourceShape>, path: string = op.path): Understanding {
  const segments = parseSegments(path);
  const key = shapeKey(segments);
  const collection = shapes.get(key);
  if (collection) return collection.kind === 'collection' ? onCollection(op.method, collection) : onItem(op.method, collection);
  const last = segments.at(-1);
  const item = last?.kind === 'param' ? shapes.get(shapeKey(segments.slice(0, -1))) : undefined;
  if (item?.kind === 'collection') return onItem(op.method, item);
  const rpc = rpcCall(path);
  const called = rpc === null ? undefined : shapes.get(`rpc:${rpc.noun}`);
  if (rpc !== null && called !== undefined) return byVerb(op.method, rpc.behaviour, rpc.verb, called);
  if (SAFE.has(op.method)) return { behaviour: 'static', resource: null, readOnly: true, actionName: null };
  const word = last?.kind === 'literal' ? last.text : null;
  if (op.method === 'POST' && word !== null && isQueryLike(word)) return { behaviour: 'static', resource: null, readOnly: true, actionName: null };
  // SOAP's `/#SOAP=CalculateRate`, outside any entity: answered from the schema and the seed, so it
  // provably changes no state (an operation whose behaviour cannot change state is read-only).
  if (word !== null && word.startsWith('#SOAP=')) return { behaviour: 'static', resource: null, readOnly: true, actionName: null };
  // AWS's `POST /#Action=DescribeInstances`: answered from the schema, read-only when its name says it reads.
  const call = word === null ? null : discriminatedCall(word);
  if (call !== null) return { behaviour: 'static', resource: null, readOnly: readsOnly(call), actionName: null };
  const acted = owner(segments, shapes);
  if (acted) return { behaviour: 'action', resource: acted.resource, readOnly: false, actionName: acted.name };
  return { behaviour: 'static', resource: null, readOnly: false, actionName: null };
}
