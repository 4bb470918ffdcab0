import type { Protocol } from '../protocol.js';
import { withContentType } from '../../answers/encode.js';
import { uuidFrom } from '../../values/generate-value.js';
import { asQueryCall, queryAction, queryAnswerXml, queryCallBody, queryRefusal } from './aws-query.js';

/** AWS's query protocol: form-encoded calls at `/#Action=...`, answered and refused in XML. */
export const awsQueryProtocol: Protocol = {
  name: 'aws-query',
  speaks: (operation) => queryAction(operation) !== null,
  decode: asQueryCall,
  callBody: queryCallBody,
  // The value in the call's XML envelope, with a request id drawn from the request's randomness;
  // an answer the document declares in another media type than XML is left as it is.
  encode: (operation, answer, ctx) => {
    const action = queryAction(operation);
    if (action === null || (answer.mediaType !== null && !/xml/i.test(answer.mediaType))) return null;
    return { status: answer.status, headers: withContentType(answer.headers, 'text/xml'), body: Buffer.from(queryAnswerXml(action, answer.value, uuidFrom(ctx.random))) };
  },
  refuse: (_model, operation, refusal, ctx) => {
    if (operation === null) throw new Error('an AWS query refusal needs an AWS query call');
    return queryRefusal(operation, refusal, ctx);
  },
};
