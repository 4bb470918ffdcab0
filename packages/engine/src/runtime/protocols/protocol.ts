/**
 * The seam between the runtime and the wire protocols it speaks (REST, AWS JSON, AWS query).
 * The generic request path decodes, checks, runs a behaviour and refuses through the
 * operation's protocol instead of testing which protocol a call is.
 */
import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation } from '../../artifact/artifact.js';
import type { Json } from '../../json.js';
import type { Refusal } from '../answers/refusal-reason.js';
import type { RuntimeModel } from '../model.js';
import type { GenerateContext } from '../values/generate-context.js';

/** A success answer before any protocol envelope: its status, declared media type (null when none), value and headers. */
export interface PlainAnswer {
  status: number;
  mediaType: string | null;
  value: Json;
  headers: Record<string, string>;
}

export interface Protocol {
  readonly name: 'rest' | 'aws-json' | 'aws-query';
  /** Whether an operation is a call of this protocol. */
  speaks(operation: ArtifactOperation): boolean;
  /**
   * A request as the document's routes read it, before it is routed: AWS query's form POST as
   * its GET call. A request this protocol does not speak is returned as it is.
   */
  decode(model: RuntimeModel, request: SimRequest): SimRequest;
  /** The input a behaviour reads as the call's body when the request has none: AWS query's parameters. */
  callBody(operation: ArtifactOperation, query: Record<string, Json>): Json | undefined;
  /**
   * A success answer in the protocol's own envelope (AWS query's `<CallResponse><CallResult>`),
   * or null to answer as the document declares it. A protocol without an envelope leaves it out.
   */
  encode?(operation: ArtifactOperation, answer: PlainAnswer, ctx: GenerateContext): SimResponse | null;
  /** A refusal in the protocol's own error format. */
  refuse(model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, ctx: GenerateContext): SimResponse;
}
