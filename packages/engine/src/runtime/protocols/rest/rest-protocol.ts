import type { Protocol } from '../protocol.js';
import { restRefusal } from './rest-refusal.js';

/** Calls as their OpenAPI document describes them: every operation no other protocol speaks. */
export const restProtocol: Protocol = {
  name: 'rest',
  speaks: () => true,
  decode: (_model, request) => request,
  callBody: () => undefined,
  refuse: restRefusal,
};
