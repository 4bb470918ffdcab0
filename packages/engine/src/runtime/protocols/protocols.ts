import type { RequestClass, SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation, ProtocolName } from '../../artifact/artifact.js';
import type { Refusal } from '../answers/refusal-reason.js';
import type { RuntimeModel } from '../model.js';
import type { GenerateContext } from '../values/generate-context.js';
import { awsJsonProtocol } from './aws-json/aws-json-protocol.js';
import { awsQueryProtocol } from './aws-query/aws-query-protocol.js';
import type { Call, CallContext, Protocol } from './protocol.js';
import { restProtocol } from './rest/rest-protocol.js';
import { soapProtocol } from './soap/soap-protocol.js';

/** The protocols a call may speak, in the order they are asked; REST decodes and speaks for the rest. */
const PROTOCOLS: readonly Protocol[] = [soapProtocol, awsJsonProtocol, awsQueryProtocol, restProtocol];

const BY_NAME: Readonly<Record<ProtocolName, Protocol>> = { rest: restProtocol, 'aws-json': awsJsonProtocol, 'aws-query': awsQueryProtocol, soap: soapProtocol };

/** The protocol an operation's calls speak, as the artifact says (ArtifactOperation.protocol); REST for a request no operation matched. */
export function protocolOf(operation: ArtifactOperation | null): Protocol {
  return operation === null ? restProtocol : BY_NAME[operation.protocol ?? 'rest'];
}

/** The call a request makes, as the first protocol that reads it decodes it. */
export function decodeCall(model: RuntimeModel, request: SimRequest, context: CallContext): Call {
  for (const protocol of PROTOCOLS) {
    const call = protocol.decode(model, request, context);
    if (call !== null) return call;
  }
  throw new Error('REST decodes every request');
}

/** A refusal in the error format of the operation's protocol (for REST, the document's own). */
export function refuse(model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, ctx: GenerateContext, protocol = protocolOf(operation)): SimResponse {
  return protocol.refuse(model, operation, refusal, ctx);
}

/**
 * Which operation a request would run and whether it can write, before it runs. A call named in
 * the body (a SOAP envelope, an AWS query form) needs the body: without it (`bodyRead` false)
 * the answer asks for it.
 */
export function classifyCall(model: RuntimeModel, request: SimRequest, bodyRead: boolean): RequestClass {
  if (!bodyRead && PROTOCOLS.some((protocol) => protocol.namesCallInBody?.(model, request) === true)) return { operation: null, readOnly: false, needsBody: true };
  const call = decodeCall(model, request, { endpoint: '' });
  if (call.kind === 'answered' || call.operation === null || call.operation.readOnly) return { operation: call.kind === 'answered' ? null : (call.operation?.id ?? null), readOnly: true };
  const protocol = call.kind === 'refused' ? (call.protocol ?? protocolOf(call.operation)) : protocolOf(call.operation);
  const refusal = protocol.refuseWrite?.(model, call.operation, call.dialect);
  return { operation: call.operation.id, readOnly: false, ...(refusal === undefined ? {} : { readOnlyRefusal: refusal }) };
}
