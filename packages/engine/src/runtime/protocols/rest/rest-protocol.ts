import type { Protocol } from '../protocol.js';
import { routeCall } from '../route-call.js';
import { restRefusal } from './rest-refusal.js';

/** Calls as their OpenAPI document describes them, routed by path and method: every operation no other protocol speaks. */
export const restProtocol: Protocol = {
  name: 'rest',
  decode: (model, request) => routeCall(model, request),
  callBody: () => undefined,
  negotiates: true,
  refuse: restRefusal,
};
