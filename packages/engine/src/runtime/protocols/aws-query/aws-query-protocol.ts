import type { Protocol } from '../protocol.js';
import { asQueryCall, queryAction, queryCallBody, queryRefusal } from './aws-query.js';

/** AWS's query protocol: form-encoded calls at `/#Action=...`, answered and refused in XML. */
export const awsQueryProtocol: Protocol = {
  name: 'aws-query',
  speaks: (operation) => queryAction(operation) !== null,
  decode: asQueryCall,
  callBody: queryCallBody,
  refuse: (_model, operation, refusal, ctx) => {
    if (operation === null) throw new Error('an AWS query refusal needs an AWS query call');
    return queryRefusal(operation, refusal, ctx);
  },
};
