import type { Protocol } from '../protocol.js';
import { awsJsonRefusal, isAwsJsonCall } from './aws-errors.js';

/** AWS's JSON protocol: calls named in `X-Amz-Target` (routed as the document's route variants), refused with the exception in `__type`. */
export const awsJsonProtocol: Protocol = {
  name: 'aws-json',
  decode: () => null,
  callBody: () => undefined,
  refuse: (_model, operation, refusal) => {
    if (!isAwsJsonCall(operation)) throw new Error('an AWS JSON refusal needs an AWS JSON call');
    return awsJsonRefusal(operation, refusal);
  },
};
