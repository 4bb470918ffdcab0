import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation } from '../../artifact/artifact.js';
import type { Refusal } from '../answers/refusal-reason.js';
import type { RuntimeModel } from '../model.js';
import type { GenerateContext } from '../values/generate-context.js';
import { awsJsonProtocol } from './aws-json/aws-json-protocol.js';
import { awsQueryProtocol } from './aws-query/aws-query-protocol.js';
import type { Protocol } from './protocol.js';
import { restProtocol } from './rest/rest-protocol.js';

/** The protocols a call may speak, in the order they are asked; REST speaks for the rest. */
const PROTOCOLS: readonly Protocol[] = [awsJsonProtocol, awsQueryProtocol, restProtocol];

/** The protocol an operation's calls speak; REST for a request no operation matched. */
export function protocolOf(operation: ArtifactOperation | null): Protocol {
  if (operation === null) return restProtocol;
  return PROTOCOLS.find((protocol) => protocol.speaks(operation)) ?? restProtocol;
}

/** A request as the document's routes read it, each protocol decoding what it speaks. */
export function decodeRequest(model: RuntimeModel, request: SimRequest): SimRequest {
  return PROTOCOLS.reduce((decoded, protocol) => protocol.decode(model, decoded), request);
}

/** A refusal in the error format of the operation's protocol (for REST, the document's own). */
export function refuse(model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, ctx: GenerateContext): SimResponse {
  return protocolOf(operation).refuse(model, operation, refusal, ctx);
}
