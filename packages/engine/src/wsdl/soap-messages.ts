import type { JsonSchema } from '../artifact/artifact.js';
import type { SoapFault, SoapHeader, SoapMessage, SoapPart, XmlQName } from '../artifact/soap.js';
import type { Diagnostics, IssueAt } from '../diagnostics/diagnostics.js';
import type { Json } from '../json.js';
import { clark, type XmlElement } from '../xml/xml-tree.js';
import { faultMeaning } from './fault-meaning.js';
import { locate } from './locate.js';
import type { WsdlAbstractOperation, WsdlBodyBinding, WsdlDefinitions, WsdlMessage, WsdlMessageRef, WsdlPart } from './wsdl-model.js';
import type { XsdModel } from './xsd/xsd-model.js';

/**
 * The SOAP shape of an operation's messages: which element the body carries and what JSON it
 * holds. Document style (wrapped or bare) carries the body part's global element as it is;
 * rpc style wraps the parts in an element named after the operation, each part an unqualified
 * child, as WSDL 1.1 section 3.5 says.
 */
export interface MessageContext {
  definitions: WsdlDefinitions;
  model: XsdModel;
  diagnostics: Diagnostics;
  /** The WSDL operation's name, for diagnostics. */
  operation: string;
}

/** The message a reference names, or null (reported) when none is declared by that name. */
function lookup(context: MessageContext, ref: WsdlMessageRef): WsdlMessage | null {
  if (ref.message === null) return null;
  const message = context.definitions.messages.get(ref.message);
  if (message === undefined) {
    context.diagnostics.warn('wsdl_qname_unresolved', { operation: context.operation, location: locate(ref.path, ref.node) }, `The message ${clark(ref.message)} is not declared; the ${ref.node.local} is simulated as empty.`);
  }
  return message ?? null;
}

const at = (context: MessageContext, part: { path: string; node: XmlElement }): IssueAt => ({ operation: context.operation, location: locate(part.path, part.node) });

/** The element a part stands for and its content: its `element`, else an unqualified element named after it holding its `type`. */
function partContent(context: MessageContext, part: WsdlPart): { element: XmlQName; schema: JsonSchema } {
  if (part.element !== null) return { element: part.element, schema: context.model.element(part.element, at(context, part)) };
  if (part.type !== null) return { element: { ns: '', local: part.name }, schema: context.model.type(part.type, at(context, part)) };
  context.diagnostics.warn('wsdl_part_untyped', at(context, part), `The part ${part.name} has neither an element nor a type; it is simulated as any content.`);
  return { element: { ns: '', local: part.name }, schema: {} };
}

/** The parts the body carries: those `soap:body parts` names, else all but those a `soap:header` of the same message takes. */
function bodyParts(context: MessageContext, message: WsdlMessage, body: WsdlBodyBinding | null): WsdlPart[] {
  if (body?.parts != null) {
    const out: WsdlPart[] = [];
    for (const name of body.parts) {
      const part = message.parts.find((p) => p.name === name);
      if (part !== undefined) out.push(part);
      else context.diagnostics.warn('wsdl_qname_unresolved', { operation: context.operation, location: locate(body.path, body.node) }, `soap:body names the part ${name}, which the message ${message.name.local} does not have.`);
    }
    return out;
  }
  const inHeaders = new Set((body?.headers ?? []).filter((h) => h.message !== null && clark(h.message) === clark(message.name)).map((h) => h.part));
  return message.parts.filter((part) => !inHeaders.has(part.name));
}

function headers(context: MessageContext, body: WsdlBodyBinding | null): SoapHeader[] {
  const out: SoapHeader[] = [];
  for (const header of body?.headers ?? []) {
    const message = lookup(context, { path: header.path, node: header.node, name: null, message: header.message });
    const part = message?.parts.find((p) => p.name === header.part);
    if (message !== null && part === undefined) {
      context.diagnostics.warn('wsdl_qname_unresolved', at(context, header), `soap:header names the part ${header.part}, which the message ${message.name.local} does not have; the header is left out.`);
    }
    if (part !== undefined) out.push(partContent(context, part));
  }
  return out;
}

/** A document-style body: the one part's element, or (several parts) each part's element side by side, read as one object (SoapMessage.parts). */
function documentBody(context: MessageContext, parts: WsdlPart[]): { element: XmlQName; schema: JsonSchema; parts?: SoapPart[] } {
  const [first] = parts;
  // An empty body (a document-style operation that takes nothing) has no element: `local` is ''.
  if (first === undefined) return { element: { ns: '', local: '' }, schema: { type: 'object', properties: {} } };
  for (const part of parts) {
    if (part.element === null && part.type !== null) {
      context.diagnostics.warn('wsdl_part_untyped', at(context, part), `The document-style part ${part.name} has a type but no element; it is simulated as an unqualified element <${part.name}>.`);
    }
  }
  if (parts.length === 1) return partContent(context, first);
  const carried = parts.map((part) => ({ part: part.name, element: part.element ?? { ns: '', local: part.name } }));
  return { element: carried[0]!.element, schema: rpcBody(context, parts), parts: carried };
}

/** The rpc wrapper's content: one property per part, in part order, each an unqualified child (or the part's element). */
function rpcBody(context: MessageContext, parts: WsdlPart[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const order: string[] = [];
  for (const part of parts) {
    const { element, schema } = partContent(context, part);
    const key = part.element === null ? part.name : element.local;
    const content = typeof schema === 'boolean' ? {} : schema;
    properties[key] = { ...content, 'x-xml': { ...(isRecord(content['x-xml']) ? content['x-xml'] : {}), name: element.local, ns: element.ns } };
    order.push(key);
  }
  return { type: 'object', properties, required: [...order], 'x-xml': { order } };
}

function isRecord(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The input or output of an operation as it travels in the SOAP body. */
export function soapMessage(context: MessageContext, operation: WsdlAbstractOperation, direction: 'input' | 'output', style: 'document' | 'rpc', body: WsdlBodyBinding | null): SoapMessage {
  const ref = direction === 'input' ? operation.input! : operation.output!;
  const message = lookup(context, ref);
  const parts = message === null ? [] : bodyParts(context, message, body);
  if (style === 'rpc') {
    const local = direction === 'input' ? operation.name : `${operation.name}Response`;
    return { element: { ns: body?.namespace ?? operation.portType.name.ns, local }, schema: rpcBody(context, parts), headers: headers(context, body) };
  }
  return { ...documentBody(context, parts), headers: headers(context, body) };
}

/** The operation's declared faults, each with its detail element (the fault message's first element part) and what it means. */
export function soapFaults(context: MessageContext, operation: WsdlAbstractOperation): SoapFault[] {
  return operation.faults.map((ref) => {
    const message = lookup(context, ref);
    const part = message?.parts.find((p) => p.element !== null);
    const name = ref.name ?? message?.name.local ?? '';
    const element = part?.element ?? null;
    return { name, element, schema: element === null ? null : context.model.element(element, at(context, part!)), meaning: faultMeaning(name, element?.local, message?.name.local) };
  });
}
