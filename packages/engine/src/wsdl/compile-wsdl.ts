import type { ArtifactResponse, JsonSchema } from '../artifact/artifact.js';
import type { SoapMessage, SoapModel, SoapOperation } from '../artifact/soap.js';
import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { reject } from '../diagnostics/diagnostics.js';
import type { NormalisedDocument, NormalisedOperation } from '../normalise/model.js';
import { readBundle } from './bundle/read-bundle.js';
import { collectSchemas } from './collect-schemas.js';
import { encodingOf, isEncoded } from './encoding-style.js';
import { type PlannedOperation, planOperations } from './plan-operations.js';
import { readDocuments } from './read-documents.js';
import { readWsdl } from './read-wsdl.js';
import { servedDocuments } from './served-documents.js';
import { warnUnsimulatedBindings } from './unsimulated-bindings.js';
import { type MessageContext, soapFaults, soapMessage } from './soap-messages.js';
import type { WsdlBodyBinding, WsdlDefinitions } from './wsdl-model.js';
import { XsdModel } from './xsd/xsd-model.js';

/**
 * The WSDL counterpart of parse, validate and normalise: from the uploaded bytes (a WSDL or a
 * zip of it and its XSDs) to the operations the inference step reads, plus the SOAP model the
 * runtime answers with. Each WSDL operation that a SOAP 1.1 or 1.2 binding binds (literal, or
 * encoded in SOAP's encoding) is one operation, `POST /#SOAP=<id>`, whose request body and 200 answer are its input and
 * output element's content.
 */
export interface CompiledWsdl {
  document: NormalisedDocument;
  soap: SoapModel;
  version: '1.1';
  title: string;
}

/** SOAP 1.1 travels as text/xml; 1.2 as application/soap+xml. An operation either binds is answered as 1.1's where 1.1 binds it. */
function mediaType(plan: PlannedOperation): string {
  return plan.bindings.some((b) => b.binding.version === '1.1') ? 'text/xml' : 'application/soap+xml';
}

function soapOperation(plan: PlannedOperation, definitions: WsdlDefinitions, context: Omit<MessageContext, 'operation'>): SoapOperation {
  const { operation } = plan;
  const messageContext = { ...context, definitions, operation: operation.name };
  const [first] = plan.bindings;
  const bound = first!.operation;
  return {
    name: operation.name,
    version: first!.binding.version,
    style: bound.style,
    action: bound.action,
    bindings: plan.bindings.map(({ binding, operation: b }) => {
      const answered = b.output ?? b.input;
      const encoding = answered === null || answered.use !== 'encoded' ? null : encodingOf(answered, binding.version);
      return { version: binding.version, action: b.action, ...(encoding === null ? {} : { encoding }) };
    }),
    input: encoded(soapMessage(messageContext, operation, 'input', bound.style, bound.input), bound.input, first!.binding.version),
    output: operation.output === null ? null : encoded(soapMessage(messageContext, operation, 'output', bound.style, bound.output), bound.output, first!.binding.version),
    faults: soapFaults(messageContext, operation),
  };
}

/** A message with the SOAP encoding its body is written in, where it is encoded. */
function encoded(message: SoapMessage, body: WsdlBodyBinding | null, version: '1.1' | '1.2'): SoapMessage {
  const encoding = body === null || body.use !== 'encoded' ? null : encodingOf(body, version);
  return encoding === null ? message : { ...message, encoding };
}

function normalisedOperation(plan: PlannedOperation, soap: SoapOperation): NormalisedOperation {
  const type = mediaType(plan);
  const content = (schema: JsonSchema) => ({ [type]: { schema, examples: [] } });
  const responses: Record<string, ArtifactResponse> =
    soap.output === null ? { '202': { description: 'Accepted', headers: {}, content: {} } } : { '200': { description: 'OK', headers: {}, content: content(soap.output.schema) } };
  return {
    id: plan.id,
    operationId: plan.operation.name,
    method: 'POST',
    path: `/#SOAP=${plan.id}`,
    summary: plan.operation.documentation,
    tags: [plan.operation.portType.name.local],
    deprecated: false,
    parameters: [],
    requestBody: { required: true, content: content(soap.input.schema) },
    responses,
    security: [],
  };
}

/**
 * Compiles a WSDL upload. Throws SpecificationRejected (via `reject` or the caller's
 * `diagnostics.rejectIfErrors()`) when the upload cannot be simulated; warnings are left in
 * `diagnostics`. `tick` runs after each operation, so a large service reports progress and can
 * be stopped.
 */
export async function compileWsdl(spec: Uint8Array, diagnostics: Diagnostics, tick: (done: number) => Promise<void> = async () => {}): Promise<CompiledWsdl> {
  const bundle = readBundle(spec);
  const set = readDocuments(bundle, diagnostics);
  diagnostics.rejectIfErrors();
  const definitions = readWsdl(set, diagnostics);
  const plans = planOperations(definitions, diagnostics);
  warnUnsimulatedBindings(definitions, diagnostics);
  if (plans.length === 0) {
    const why = definitions.bindings.length === 0 ? 'it declares no SOAP 1.1 or 1.2 binding' : 'none of its SOAP bindings binds a usable operation (see the warnings)';
    reject('wsdl_no_soap_binding', { location: `${bundle.main}#/definitions` }, `${bundle.main} cannot be simulated: ${why}.`);
  }
  // Encoded messages name each value's type (`xsi:type`), so their schemas keep the XSD types' names.
  const model = new XsdModel(collectSchemas(set), diagnostics, { typeNames: plans.some((plan) => plan.bindings.some((b) => isEncoded(b.operation))) });
  const operations: Record<string, SoapOperation> = {};
  const normalised: NormalisedOperation[] = [];
  for (const [index, plan] of plans.entries()) {
    const soap = soapOperation(plan, definitions, { model, diagnostics, definitions });
    operations[plan.id] = soap;
    normalised.push(normalisedOperation(plan, soap));
    await tick(index + 1);
  }
  const types = model.types();
  const title = definitions.title ?? bundle.main.replace(/^.*\//, '').replace(/\.[^.]*$/, '');
  return {
    document: { title, apiVersion: '', basePaths: [''], schemas: model.schemas, securitySchemes: {}, operations: normalised },
    soap: { documents: servedDocuments(set), operations, types },
    version: '1.1',
    title,
  };
}
