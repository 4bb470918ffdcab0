import type { XmlElement, XmlName } from '../xml/xml-tree.js';
import type { NamedIndex } from './named-index.js';
import type { SoapVersion } from './namespaces.js';

/**
 * WSDL 1.1 definitions as read from every WSDL of a bundle (read-wsdl.ts), with the element
 * and document each came from so a diagnostic can point at it. QNames that named nothing
 * declared are null, already reported.
 */

/** Where a definition was written. */
export interface Written {
  path: string;
  node: XmlElement;
}

export interface WsdlPart extends Written {
  name: string;
  element: XmlName | null;
  type: XmlName | null;
}

export interface WsdlMessage extends Written {
  name: XmlName;
  parts: WsdlPart[];
}

export interface WsdlMessageRef extends Written {
  /** The `name` of the input, output or fault, when given. */
  name: string | null;
  message: XmlName | null;
}

export interface WsdlAbstractOperation extends Written {
  name: string;
  portType: WsdlPortType;
  documentation: string | null;
  input: WsdlMessageRef | null;
  output: WsdlMessageRef | null;
  faults: WsdlMessageRef[];
}

export interface WsdlPortType extends Written {
  name: XmlName;
  operations: WsdlAbstractOperation[];
}

export type SoapUse = 'literal' | 'encoded';

export interface WsdlHeaderBinding extends Written {
  message: XmlName | null;
  part: string;
  use: SoapUse;
}

/** A `wsdl:input` or `wsdl:output` of a binding operation: its `soap:body` and `soap:header`s. */
export interface WsdlBodyBinding extends Written {
  use: SoapUse;
  /** `soap:body parts`: the parts in the body, null when all are. */
  parts: string[] | null;
  /** `soap:body namespace`: the rpc wrapper's namespace. */
  namespace: string | null;
  /** `soap:body encodingStyle`: the encodings an encoded body names (URIs, most specific first); null when absent. */
  encodingStyle: string[] | null;
  headers: WsdlHeaderBinding[];
}

export interface WsdlFaultBinding extends Written {
  name: string;
  use: SoapUse;
}

export interface WsdlBindingOperation extends Written {
  name: string;
  action: string | null;
  style: 'document' | 'rpc';
  input: WsdlBodyBinding | null;
  output: WsdlBodyBinding | null;
  faults: WsdlFaultBinding[];
}

export interface WsdlBinding extends Written {
  name: XmlName;
  version: SoapVersion;
  portType: WsdlPortType | null;
  operations: WsdlBindingOperation[];
}

/** A binding that is not SOAP 1.1 or 1.2 (`http:binding`, a MIME-only or unknown extension): read only to be named in a warning. */
export interface WsdlOtherBinding extends Written {
  name: XmlName;
  /** What binds it, as a reader would name it: `HTTP GET`, `HTTP POST`, or the extension element's name. */
  kind: string;
}

export interface WsdlDefinitions {
  /** The main WSDL's `definitions name`, else its first service's name, else null. */
  title: string | null;
  messages: NamedIndex<WsdlMessage>;
  /** In document order. */
  portTypes: WsdlPortType[];
  /** SOAP 1.1 and 1.2 bindings only, in document order. */
  bindings: WsdlBinding[];
  /** The other bindings, in document order. */
  otherBindings: WsdlOtherBinding[];
}
