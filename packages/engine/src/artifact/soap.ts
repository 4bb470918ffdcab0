import type { JsonSchema } from './json-schema.js';

/**
 * What a Simulator built from a WSDL keeps beside its operations: how each operation travels
 * in a SOAP envelope, and the documents served at `?wsdl` and `?xsd=`.
 *
 * Messages are JSON to the rest of the runtime. An element's content is a JSON Schema in
 * `Artifact.schemas` (XSD complex types become `#/schemas/<Name>`), annotated with the keyword
 * below so the SOAP protocol can read XML into that JSON and write it back, in order and
 * namespaced as the XSD says:
 *
 * - on an object schema, `"x-xml": {"order": ["a", "b"]}`: the JSON property names in the
 *   order the XSD's sequence puts their elements (attributes and text need no place);
 * - on a property's schema (beside `$ref` where it refers), `"x-xml": {"name": "customerId",
 *   "ns": "urn:example"}` with `"attribute": true` for an attribute, `"text": true` for a simple
 *   content's text (the property `$value`), `"list": true` for an `xs:list` (space-separated),
 *   `"wrapped"` never (XSD has no wrapper; an array is a repeated element, each item one element);
 * - `"x-xml": {"any": true}` on a property holding `xs:any` content, kept as its XML text;
 * - `"x-xml": {"array": {"item": "item", "itemType": {ns, local}}}` on a SOAP-encoded array
 *   (a type restricting `soapenc:Array`): one element whose children, of any name, are the
 *   JSON array's items; written as `<item>`s, `itemType` named in `soapenc:arrayType`;
 * - `"x-xml": {"type": {ns, local}}` on a schema made from a named XSD type, in a WSDL with
 *   encoded messages only: the `xsi:type` an encoded answer writes for its values.
 *
 * A property's JSON name is the element's local name (an attribute's too, `@name` where an
 * element has the same name). `xsi:nil="true"` reads as null where the schema allows null
 * (`nillable`). Simple types map to JSON types: numbers to `integer`/`number` with their
 * facets, `boolean`, and the rest to strings with `format` (`date-time`, `date`) or `pattern`.
 */
export interface SoapModel {
  /** The WSDL first, then every document it imports, as served (addresses already rewritten, see SOAP_ENDPOINT). */
  documents: SoapDocument[];
  /** By ArtifactOperation id. */
  operations: Record<string, SoapOperation>;
  /**
   * The named complex types an `xsi:type` may name in a message, by `{ns}local`: those the
   * messages use and those derived from them. An element declared with a type may hold one
   * derived from it (`xsi:type="ns:Derived"`), read by the derived type's schema; an `xsi:type`
   * naming a type not here is refused. Absent in older artifacts, whose messages are read by
   * their declared types whatever `xsi:type` says.
   */
  types?: Record<string, SoapType>;
}

export interface SoapType {
  /** The component in `Artifact.schemas`. */
  schema: string;
  /** The `{ns}local` of the type it derives from, where that is in the table. */
  base?: string;
}

/**
 * Written in place of the service address in served documents, and before `?xsd=` in import
 * locations; the runtime replaces it with the Simulation's endpoint when it serves them.
 */
export const SOAP_ENDPOINT = 'urn:simplane:endpoint';

export interface SoapDocument {
  /** Relative path as the bundle names it (`main.wsdl`, `schemas/common/types.xsd`), `/` separated, no `..` left. */
  path: string;
  /** The document's XML text. */
  text: string;
}

export interface XmlQName {
  ns: string;
  local: string;
}

export interface SoapOperation {
  /** The WSDL operation's name, as a step's label (`SOAP <name>`) and faults say it. */
  name: string;
  /** The binding's SOAP version: the first of `bindings` (1.1 where a 1.1 binding has the operation). */
  version: '1.1' | '1.2';
  style: 'document' | 'rpc';
  /** The binding's `soapAction` (1.1) or `soapAction` used as 1.2's `action`; null when empty. The first of `bindings`' action. */
  action: string | null;
  /**
   * Every SOAP version whose binding has the operation, 1.1 first, each with its action: one
   * operation answers a port type bound for 1.1 and 1.2 alike, under either version's envelope.
   */
  bindings: SoapBinding[];
  input: SoapMessage;
  /** Null for a one-way operation (answered 202 with no body). */
  output: SoapMessage | null;
  faults: SoapFault[];
}

export interface SoapBinding {
  version: '1.1' | '1.2';
  /** That binding's `soapAction`; null when empty. */
  action: string | null;
  /** The SOAP encoding that binding answers in, where its output is encoded (SoapMessage.encoding); absent for literal. */
  encoding?: string;
}

export interface SoapMessage {
  /**
   * The body's one child element: for document style the part's element, for rpc style the
   * wrapper named after the operation (input) or `<name>Response` (output) in the body's
   * `namespace`.
   */
  element: XmlQName;
  /**
   * The element's content as JSON (what the behaviour reads or writes), the same object as the
   * ArtifactOperation's request body or 200 answer schema. For rpc style, an object whose
   * properties are the parts, unqualified.
   */
  schema: JsonSchema;
  /** SOAP header blocks the binding declares for the message. */
  headers: SoapHeader[];
  /**
   * For a document-style message whose body carries several parts (elements side by side in
   * the Body): each part and its element, in part order. `element` is then the first of them, and
   * `schema` an object with one property per part, named by its element's local name (a part
   * with a type and no element: by the part's name), as an rpc wrapper's content is. Absent for
   * one part, and in artifacts built before such bodies were read whole (only the first part was).
   */
  parts?: SoapPart[];
  /**
   * For a body bound `use="encoded"`: the encoding style's URI (SOAP 1.1's
   * `http://schemas.xmlsoap.org/soap/encoding/` or 1.2's `http://www.w3.org/2003/05/soap-encoding`).
   * Its values may carry `xsi:type` and refer to others (`href`, 1.2's `enc:ref`); answers name
   * each value's type and the encoding. Absent for a literal body (and in older artifacts).
   */
  encoding?: string;
  /**
   * For an output whose element holds one child that carries the answer, as .NET services write
   * `<GetEmployeeResponse><GetEmployeeResult>` and JAX-WS `<getEmployeeResponse><return>`: that
   * child's property. The operation's 200 answer schema is then its content, which behaviours
   * fill; the protocol puts the value back inside it on the wire. Absent otherwise.
   */
  result?: string;
  /**
   * For an input whose element holds a simple value (a bare `<TrackingNumber>1Z...</TrackingNumber>`):
   * the field behaviours read it under, the element's local name, as the one field of an object
   * (the operation's request schema). Absent otherwise.
   */
  field?: string;
  /**
   * For an input that holds the record in one element beside simple ones (`<AddEmployee>
   * <NewEmployee>...</NewEmployee>`, `<UpdateAccount><accountNumber/><changes>...</changes>`):
   * that element's property. Behaviours read its fields beside the others, as one object (the
   * operation's request schema). Absent otherwise.
   */
  record?: string;
  /**
   * For a list's input (version 4): where each input the list's ListShape names (a filter, the
   * limit, offset, page or cursor) is in the value behaviours read, as property names from the
   * top (`["status"]`, `["criteria", "status"]`). The protocol gives behaviours these values as
   * query parameters, where a list reads them. Absent where the input names none, and in older
   * artifacts, whose SOAP lists answered every record.
   */
  parameters?: Record<string, string[]>;
}

/** One part of a document-style body of several parts. */
export interface SoapPart {
  /** The `wsdl:part` name. */
  part: string;
  /** The element it travels as: the part's `element`, else an unqualified one named after the part. */
  element: XmlQName;
}

export interface SoapHeader {
  element: XmlQName;
  schema: JsonSchema;
}

export interface SoapFault {
  /** The `wsdl:fault` name. */
  name: string;
  /** The detail element and its content; null when the fault's message has no element part. */
  element: XmlQName | null;
  schema: JsonSchema | null;
  /** What the fault's name says it answers: not_found (`CustomerNotFound`), invalid (`ValidationFault`), conflict, unauthorized; null otherwise. */
  meaning: 'not_found' | 'invalid' | 'conflict' | 'unauthorized' | null;
}
