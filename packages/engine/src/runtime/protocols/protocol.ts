/**
 * The seam between the runtime and the wire protocols it speaks (REST, AWS JSON, AWS query,
 * SOAP). A protocol decodes a request into the call it makes (an operation and its input),
 * encodes a success answer in its envelope, and writes a refusal in its own error format; the
 * generic request path checks, runs a behaviour and answers through it without testing which
 * protocol a call is.
 */
import type { SimRequest, SimResponse } from '@simplane/core';
import type { ArtifactOperation, ProtocolName, ArtifactParameter } from '../../artifact/artifact.js';
import type { Json } from '../../json.js';
import type { Refusal } from '../answers/refusal-reason.js';
import type { RuntimeModel } from '../model.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import type { GenerateContext } from '../values/generate-context.js';
import type { RawInput } from './rest/parameters.js';

/** A success answer before any protocol envelope: its status, declared media type (null when none), value and headers. */
export interface PlainAnswer {
  status: number;
  mediaType: string | null;
  value: Json;
  headers: Record<string, string>;
}

/**
 * What a request asks for. `call`: the operation, its path parameters and the request as the
 * operation reads it (AWS query's form POST as its GET call); `body` is the input the protocol
 * decoded itself (SOAP's envelope content as JSON), checked against the operation's request
 * schema, and absent where the request's body is read as the document declares it; `query`
 * holds values of that input behaviours read as query parameters (a SOAP list's filters and
 * limits, where the artifact says its input holds them). `refused`:
 * no operation can take the request, written in `protocol`'s error format (the operation's, else
 * REST's, when none is said). `answered`: the
 * protocol answers the request itself (SOAP's `?wsdl`). `dialect`: the protocol's variant the
 * request spoke (SOAP 1.1 or 1.2), for its answer; `label`: the step's name where the protocol
 * names the call itself (`SOAP CreateCustomer`).
 */
export type Call =
  | { kind: 'call'; operation: ArtifactOperation; params: Record<string, string>; request: SimRequest; body?: Json; query?: Record<string, Json>; dialect?: string; label?: string }
  | { kind: 'refused'; refusal: Refusal; operation: ArtifactOperation | null; protocol?: Protocol; dialect?: string }
  | { kind: 'answered'; response: SimResponse };

/** Where the Simulation is reached, for documents that name it (the Simulation's `endpoint`, absolute or from `/`). */
export interface CallContext {
  endpoint: string;
}

export interface Protocol {
  /** The name the artifact gives an operation of this protocol (ArtifactOperation.protocol). */
  readonly name: ProtocolName;
  /**
   * The call a request makes, when this protocol reads it (null leaves it to the next one):
   * a routed call, a refusal, or an answer the protocol gives itself (SOAP's `?wsdl`).
   */
  decode(model: RuntimeModel, request: SimRequest, context: CallContext): Call | null;
  /** Whether the request names its operation in its body, so it cannot be classified without it (SOAP, AWS query's form POST). */
  namesCallInBody?(model: RuntimeModel, request: SimRequest): boolean;
  /** The input a behaviour reads as the call's body when the request has none: AWS query's parameters. */
  callBody(operation: ArtifactOperation, query: Record<string, Json>): Json | undefined;
  /** A parameter read the protocol's own way (AWS query's `Tags.member.1.Key`); absent: as the document's style says. */
  readParameter?(registry: SchemaRegistry, param: ArtifactParameter, raw: RawInput): Json | undefined;
  /**
   * A success answer in the protocol's own envelope (AWS query's `<CallResponse><CallResult>`),
   * or null to answer as the document declares it. A protocol without an envelope leaves it out.
   */
  encode?(operation: ArtifactOperation, answer: PlainAnswer, ctx: GenerateContext): SimResponse | null;
  /**
   * Whether its answers come in the media types the document declares, chosen by the request's
   * `Accept` (406 where it takes none); a protocol with an envelope of its own answers in it.
   */
  readonly negotiates?: boolean;
  /**
   * The `403 simulation_read_only` refusal of a call that can write, in the protocol's own error
   * format where it has one (SOAP's Fault, naming the operation); absent: the platform's.
   */
  refuseWrite?(model: RuntimeModel, operation: ArtifactOperation, dialect: string | undefined): SimResponse;
  /** A refusal in the protocol's own error format. */
  refuse(model: RuntimeModel, operation: ArtifactOperation | null, refusal: Refusal, ctx: GenerateContext): SimResponse;
}
