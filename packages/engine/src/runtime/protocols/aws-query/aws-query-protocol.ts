import type { Protocol } from '../protocol.js';
import { withContentType } from '../../answers/encode.js';
import { uuidFrom } from '../../values/generate-value.js';
import { readParameter } from '../rest/parameters.js';
import { routeCall } from '../route-call.js';
import { readAwsQueryParameter } from './aws-query-params.js';
import { asQueryCall, isQueryForm, queryAction, queryAnswerXml, queryCallBody, queryRefusal } from './aws-query.js';
import { schemaTypes } from '../../schemas/schema-view.js';

/** AWS's query protocol: form-encoded calls at `/#Action=...`, answered and refused in XML. */
export const awsQueryProtocol: Protocol = {
  name: 'aws-query',
  // A form POST is the document's GET variant of the call; anything else is routed as REST.
  decode: (model, request) => {
    const call = asQueryCall(model, request);
    return call === request ? null : routeCall(model, call);
  },
  namesCallInBody: isQueryForm,
  callBody: queryCallBody,
  // Lists, maps and structures come one leaf a name (`Tags.member.1.Key`) unless sent whole.
  readParameter: (registry, param, raw) => {
    const types = schemaTypes(registry, param.schema) ?? [];
    if (param.in === 'query' && (types.includes('array') || types.includes('object')) && !raw.query.some(([n]) => n === param.name)) {
      const structured = readAwsQueryParameter(registry, param.name, param.schema, raw.query);
      if (structured !== undefined) return structured;
    }
    return readParameter(registry, param, raw);
  },
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
