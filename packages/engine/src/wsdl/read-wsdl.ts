import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { attribute, childElement, childElements, resolveQName, type XmlElement, type XmlName } from '../xml/xml-tree.js';
import { locate } from './locate.js';
import { NamedIndex } from './named-index.js';
import { HTTP_NS, MIME_NS, SOAP_BINDING_NS, type SoapVersion, WSDL_NS } from './namespaces.js';
import type { DocumentSet, ServiceDocument } from './read-documents.js';
import type { SoapUse, WsdlOtherBinding, WsdlAbstractOperation, WsdlBinding, WsdlBindingOperation, WsdlBodyBinding, WsdlDefinitions, WsdlMessage, WsdlMessageRef, WsdlPortType } from './wsdl-model.js';

/**
 * Reads the WSDL 1.1 definitions of every WSDL in the set into one model: messages, port types
 * and the SOAP 1.1 and 1.2 bindings; HTTP and other bindings are only named (nothing here
 * answers them, and unsimulated-bindings.ts warns about each). Services and addresses need no reading: the Simulator answers at its own
 * endpoint, and served documents have their addresses rewritten (served-documents.ts).
 */
class WsdlReader {
  readonly messages = new NamedIndex<WsdlMessage>();
  readonly portTypes: WsdlPortType[] = [];
  readonly bindings: WsdlBinding[] = [];
  readonly otherBindings: WsdlOtherBinding[] = [];
  readonly #portTypesByName = new NamedIndex<WsdlPortType>();
  readonly #pendingBindings: { binding: WsdlBinding; type: XmlName | null }[] = [];

  constructor(private readonly diagnostics: Diagnostics) {}

  /** A QName attribute resolved, or null (reported) when its prefix is undeclared. */
  qname(path: string, node: XmlElement, key: string, operation?: string): XmlName | null {
    const value = attribute(node, key);
    if (value === undefined) return null;
    const name = resolveQName(node, value);
    if (name === undefined) this.diagnostics.warn('wsdl_qname_unresolved', { operation, location: locate(path, node) }, `The ${key} ${JSON.stringify(value)} uses a namespace prefix that is not declared.`);
    return name ?? null;
  }

  read(document: ServiceDocument): void {
    const { path, root } = document;
    const namespace = attribute(root, 'targetNamespace') ?? '';
    for (const node of childElements(root, WSDL_NS, 'message')) {
      const name = { ns: namespace, local: attribute(node, 'name') ?? '' };
      const parts = childElements(node, WSDL_NS, 'part').map((part) => ({ path, node: part, name: attribute(part, 'name') ?? '', element: this.qname(path, part, 'element'), type: this.qname(path, part, 'type') }));
      this.messages.add(name, { path, node, name, parts });
    }
    for (const node of childElements(root, WSDL_NS, 'portType')) {
      const portType: WsdlPortType = { path, node, name: { ns: namespace, local: attribute(node, 'name') ?? '' }, operations: [] };
      portType.operations = childElements(node, WSDL_NS, 'operation').map((op) => this.#abstractOperation(path, op, portType));
      this.portTypes.push(portType);
      this.#portTypesByName.add(portType.name, portType);
    }
    for (const node of childElements(root, WSDL_NS, 'binding')) {
      const version = (['1.1', '1.2'] as const).find((v) => childElement(node, SOAP_BINDING_NS[v], 'binding') !== undefined);
      if (version === undefined) {
        this.otherBindings.push({ path, node, name: { ns: namespace, local: attribute(node, 'name') ?? '' }, kind: otherKind(node) });
        continue;
      }
      const style = attribute(childElement(node, SOAP_BINDING_NS[version], 'binding')!, 'style') === 'rpc' ? 'rpc' : 'document';
      const binding: WsdlBinding = { path, node, name: { ns: namespace, local: attribute(node, 'name') ?? '' }, version, portType: null, operations: [] };
      binding.operations = childElements(node, WSDL_NS, 'operation').map((op) => this.#bindingOperation(path, op, version, style));
      this.bindings.push(binding);
      this.#pendingBindings.push({ binding, type: this.qname(path, node, 'type') });
    }
  }

  /** Joins bindings to their port types once every document is read (a binding may come before the port type it names). */
  finish(title: string | null): WsdlDefinitions {
    for (const { binding, type } of this.#pendingBindings) {
      binding.portType = type === null ? null : (this.#portTypesByName.get(type) ?? null);
      if (binding.portType === null) {
        const named = attribute(binding.node, 'type');
        this.diagnostics.warn('wsdl_binding_unusable', { location: locate(binding.path, binding.node) }, `The binding ${binding.name.local} names ${named === undefined ? 'no port type' : `the port type ${named}, which is not declared`}; it is left out.`);
      }
    }
    return { title, messages: this.messages, portTypes: this.portTypes, bindings: this.bindings, otherBindings: this.otherBindings };
  }

  #messageRef(path: string, node: XmlElement | undefined, operation: string): WsdlMessageRef | null {
    if (node === undefined) return null;
    return { path, node, name: attribute(node, 'name') ?? null, message: this.qname(path, node, 'message', operation) };
  }

  #abstractOperation(path: string, node: XmlElement, portType: WsdlPortType): WsdlAbstractOperation {
    const name = attribute(node, 'name') ?? '';
    const documentation = childElement(node, WSDL_NS, 'documentation');
    const text = documentation === undefined ? '' : allText(documentation).trim().replace(/\s+/g, ' ');
    return {
      path,
      node,
      name,
      portType,
      documentation: text === '' ? null : text,
      input: this.#messageRef(path, childElement(node, WSDL_NS, 'input'), name),
      output: this.#messageRef(path, childElement(node, WSDL_NS, 'output'), name),
      faults: childElements(node, WSDL_NS, 'fault').map((fault) => this.#messageRef(path, fault, name)!),
    };
  }

  #bindingOperation(path: string, node: XmlElement, version: SoapVersion, bindingStyle: 'document' | 'rpc'): WsdlBindingOperation {
    const soap = SOAP_BINDING_NS[version];
    const name = attribute(node, 'name') ?? '';
    const operation = childElement(node, soap, 'operation');
    const style = operation === undefined ? bindingStyle : (attribute(operation, 'style') ?? bindingStyle);
    const action = operation === undefined ? '' : (attribute(operation, 'soapAction') ?? '');
    const body = (message: XmlElement | undefined): WsdlBodyBinding | null => {
      if (message === undefined) return null;
      const holder = soapPart(message, soap);
      const soapBody = childElement(holder, soap, 'body');
      const parts = soapBody === undefined ? undefined : attribute(soapBody, 'parts');
      return {
        path,
        node: message,
        use: useOf(soapBody),
        parts: parts === undefined ? null : parts.split(/\s+/).filter((p) => p !== ''),
        namespace: soapBody === undefined ? null : (attribute(soapBody, 'namespace') ?? null),
        encodingStyle: soapBody === undefined || attribute(soapBody, 'encodingStyle') === undefined ? null : attribute(soapBody, 'encodingStyle')!.split(/\s+/).filter((s) => s !== ''),
        headers: childElements(holder, soap, 'header').map((header) => ({ path, node: header, message: this.qname(path, header, 'message', name), part: attribute(header, 'part') ?? '', use: useOf(header) })),
      };
    };
    return {
      path,
      node,
      name,
      action: action === '' ? null : action,
      style: style === 'rpc' ? 'rpc' : 'document',
      input: body(childElement(node, WSDL_NS, 'input')),
      output: body(childElement(node, WSDL_NS, 'output')),
      faults: childElements(node, WSDL_NS, 'fault').map((fault) => ({ path, node: fault, name: attribute(fault, 'name') ?? '', use: useOf(childElement(fault, soap, 'fault')) })),
    };
  }
}

/** An element's text with its descendants' (documentation may hold XHTML markup). */
function allText(element: XmlElement): string {
  let text = '';
  for (const child of element.children) text += typeof child === 'string' ? child : allText(child);
  return text;
}

/**
 * Where a binding message's `soap:body` and `soap:header`s are: in it, or for SOAP with
 * attachments in the `mime:part` of its `mime:multipartRelated` that holds them (the other
 * MIME parts are attachments, not simulated).
 */
function soapPart(message: XmlElement, soap: string): XmlElement {
  if (childElement(message, soap, 'body') !== undefined) return message;
  for (const related of childElements(message, MIME_NS, 'multipartRelated')) {
    for (const part of childElements(related, MIME_NS, 'part')) if (childElement(part, soap, 'body') !== undefined) return part;
  }
  return message;
}

/** How a binding that is not SOAP's is bound: `HTTP GET` for `http:binding verb="GET"`, else its first extension element's name. */
function otherKind(binding: XmlElement): string {
  const http = childElement(binding, HTTP_NS, 'binding');
  if (http !== undefined) return `HTTP ${(attribute(http, 'verb') ?? '').toUpperCase()}`.trim();
  const extension = childElements(binding).find((child) => child.ns !== WSDL_NS);
  return extension === undefined ? 'no binding extension' : `${extension.name} (${extension.ns})`;
}

function useOf(node: XmlElement | undefined): SoapUse {
  return node !== undefined && attribute(node, 'use') === 'encoded' ? 'encoded' : 'literal';
}

/** The title a Simulator built from this WSDL takes: `definitions name`, else its first service's name. */
function titleOf(main: XmlElement): string | null {
  const name = attribute(main, 'name');
  if (name !== undefined && name.trim() !== '') return name.trim();
  const service = childElement(main, WSDL_NS, 'service');
  const serviceName = service === undefined ? undefined : attribute(service, 'name');
  return serviceName === undefined || serviceName.trim() === '' ? null : serviceName.trim();
}

export function readWsdl(set: DocumentSet, diagnostics: Diagnostics): WsdlDefinitions {
  const reader = new WsdlReader(diagnostics);
  for (const document of set.documents) if (document.kind === 'wsdl') reader.read(document);
  return reader.finish(titleOf(set.documents[0]!.root));
}
