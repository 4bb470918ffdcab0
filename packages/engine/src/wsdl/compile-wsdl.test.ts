import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { SOAP_ENDPOINT } from '../artifact/soap.js';
import { Diagnostics, SpecificationRejected } from '../diagnostics/diagnostics.js';
import { compileWsdl } from './compile-wsdl.js';

const NS = 'xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:svc" xmlns:t="urn:types"';

const definitions = (body: string, name = 'Svc'): string => `<?xml version="1.0" encoding="UTF-8"?>\n<wsdl:definitions name="${name}" targetNamespace="urn:svc" ${NS}>${body}</wsdl:definitions>`;

const TYPES = `<wsdl:types><xs:schema targetNamespace="urn:types" elementFormDefault="qualified">
  <xs:element name="GetThing"><xs:complexType><xs:sequence><xs:element name="id" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="GetThingResponse"><xs:complexType><xs:sequence><xs:element name="name" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="ThingId" type="xs:string"/>
  <xs:element name="Auth"><xs:complexType><xs:sequence><xs:element name="token" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="ThingNotFound"><xs:complexType><xs:sequence><xs:element name="id" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="DuplicateThing"><xs:complexType><xs:sequence><xs:element name="id" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="BadInput"><xs:complexType><xs:sequence><xs:element name="field" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
  <xs:element name="AccessDenied"><xs:complexType><xs:sequence/></xs:complexType></xs:element>
  <xs:complexType name="Money"><xs:sequence><xs:element name="amount" type="xs:decimal"/></xs:sequence></xs:complexType>
</xs:schema></wsdl:types>`;

const MESSAGES = `
  <wsdl:message name="GetThingIn"><wsdl:part name="parameters" element="t:GetThing"/><wsdl:part name="auth" element="t:Auth"/></wsdl:message>
  <wsdl:message name="GetThingOut"><wsdl:part name="parameters" element="t:GetThingResponse"/></wsdl:message>
  <wsdl:message name="NotFound"><wsdl:part name="detail" element="t:ThingNotFound"/></wsdl:message>
  <wsdl:message name="Duplicate"><wsdl:part name="detail" element="t:DuplicateThing"/></wsdl:message>
  <wsdl:message name="Bad"><wsdl:part name="detail" element="t:BadInput"/></wsdl:message>
  <wsdl:message name="Denied"><wsdl:part name="detail" element="t:AccessDenied"/></wsdl:message>
  <wsdl:message name="Other"><wsdl:part name="detail" type="xs:string"/></wsdl:message>
  <wsdl:message name="BareIn"><wsdl:part name="id" element="t:ThingId"/></wsdl:message>
  <wsdl:message name="RpcIn"><wsdl:part name="id" type="xs:int"/><wsdl:part name="price" type="t:Money"/></wsdl:message>
  <wsdl:message name="RpcOut"><wsdl:part name="ok" type="xs:boolean"/></wsdl:message>`;

const PORT_TYPE = `<wsdl:portType name="Things">
  <wsdl:operation name="GetThing"><wsdl:documentation>Reads a <b xmlns="http://www.w3.org/1999/xhtml">thing</b>.
   </wsdl:documentation><wsdl:input message="tns:GetThingIn"/><wsdl:output message="tns:GetThingOut"/>
    <wsdl:fault name="NotFound" message="tns:NotFound"/><wsdl:fault name="Duplicate" message="tns:Duplicate"/><wsdl:fault name="Bad" message="tns:Bad"/><wsdl:fault name="Denied" message="tns:Denied"/><wsdl:fault name="Other" message="tns:Other"/></wsdl:operation>
  <wsdl:operation name="Bare"><wsdl:input message="tns:BareIn"/><wsdl:output message="tns:GetThingOut"/></wsdl:operation>
  <wsdl:operation name="Notify"><wsdl:input message="tns:BareIn"/></wsdl:operation>
</wsdl:portType>`;

const bindingOps = (soap: 'soap' | 'soap12', action = 'urn:get'): string => `
  <wsdl:operation name="GetThing"><${soap}:operation soapAction="${action}"/>
    <wsdl:input><${soap}:body use="literal" parts="parameters"/><${soap}:header message="tns:GetThingIn" part="auth" use="literal"/></wsdl:input>
    <wsdl:output><${soap}:body use="literal"/></wsdl:output>
    <wsdl:fault name="NotFound"><${soap}:fault name="NotFound" use="literal"/></wsdl:fault></wsdl:operation>
  <wsdl:operation name="Bare"><${soap}:operation soapAction=""/><wsdl:input><${soap}:body use="literal"/></wsdl:input><wsdl:output><${soap}:body use="literal"/></wsdl:output></wsdl:operation>
  <wsdl:operation name="Notify"><wsdl:input><${soap}:body use="literal"/></wsdl:input></wsdl:operation>`;

const SERVICE = `<wsdl:service name="ThingService">
  <wsdl:port name="P11" binding="tns:B11"><soap:address location="http://real.example.test/things"/></wsdl:port>
  <wsdl:port name="P12" binding="tns:B12"><soap12:address location="http://real.example.test/things12"/></wsdl:port>
</wsdl:service>`;

const DOCUMENT_WSDL = definitions(`${TYPES}${MESSAGES}${PORT_TYPE}
  <wsdl:binding name="B11" type="tns:Things"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps('soap')}</wsdl:binding>
  <wsdl:binding name="B12" type="tns:Things"><soap12:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindingOps('soap12', 'urn:get12')}</wsdl:binding>
  <wsdl:binding name="Http" type="tns:Things"><http:binding xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" verb="POST"/></wsdl:binding>
  ${SERVICE}`);

async function compile(spec: string | Uint8Array) {
  const diagnostics = new Diagnostics();
  const compiled = await compileWsdl(typeof spec === 'string' ? strToU8(spec) : spec, diagnostics);
  return { ...compiled, diagnostics };
}

async function rejection(spec: string | Uint8Array): Promise<{ code: string; message: string; location: string }[]> {
  try {
    await compileWsdl(typeof spec === 'string' ? strToU8(spec) : spec, new Diagnostics());
  } catch (error) {
    if (error instanceof SpecificationRejected) return error.issues;
    throw error;
  }
  throw new Error('not rejected');
}

describe('compileWsdl: document style', () => {
  it('makes one operation per bound port-type operation, answering both SOAP versions', async () => {
    const { document, soap, version, title, diagnostics } = await compile(DOCUMENT_WSDL);
    expect(version).toBe('1.1');
    expect(title).toBe('Svc');
    expect(document.operations.map((op) => [op.id, op.method, op.path])).toEqual([
      ['GetThing', 'POST', '/#SOAP=GetThing'],
      ['Bare', 'POST', '/#SOAP=Bare'],
      ['Notify', 'POST', '/#SOAP=Notify'],
    ]);
    expect(soap.operations['GetThing']!.bindings).toEqual([
      { version: '1.1', action: 'urn:get' },
      { version: '1.2', action: 'urn:get12' },
    ]);
    expect(soap.operations['GetThing']).toMatchObject({ name: 'GetThing', version: '1.1', action: 'urn:get', style: 'document' });
    expect(soap.operations['Bare']!.action).toBeNull();
    expect(document).toMatchObject({ apiVersion: '', basePaths: [''], securitySchemes: {} });
    // The HTTP binding of the same port type is left out, and named.
    expect(diagnostics.warnings.map((w) => [w.code, w.message])).toEqual([['wsdl_binding_not_soap', expect.stringMatching(/^The binding Http is bound by HTTP POST/)]]);
  });

  it('carries the wrapped element, its schema, headers and the summary', async () => {
    const { document, soap } = await compile(DOCUMENT_WSDL);
    const get = soap.operations['GetThing']!;
    expect(get.input.element).toEqual({ ns: 'urn:types', local: 'GetThing' });
    expect(get.output!.element).toEqual({ ns: 'urn:types', local: 'GetThingResponse' });
    expect(get.input.headers.map((h) => h.element)).toEqual([{ ns: 'urn:types', local: 'Auth' }]);
    const op = document.operations[0]!;
    expect(op).toMatchObject({ operationId: 'GetThing', summary: 'Reads a thing.', tags: ['Things'], parameters: [], security: [], deprecated: false });
    expect(op.requestBody!.content['text/xml']!.schema).toBe(get.input.schema);
    expect(op.responses['200']!.content['text/xml']!.schema).toBe(get.output!.schema);
    expect(get.input.schema).toEqual({ $ref: '#/schemas/GetThing' });
    expect(document.schemas['GetThing']).toMatchObject({ type: 'object', properties: { id: { type: 'string' } } });
  });

  it('takes a bare part element as the body, and answers a one-way operation 202', async () => {
    const { document, soap } = await compile(DOCUMENT_WSDL);
    expect(soap.operations['Bare']!.input.element).toEqual({ ns: 'urn:types', local: 'ThingId' });
    expect(soap.operations['Bare']!.input.schema).toMatchObject({ type: 'string' });
    expect(soap.operations['Notify']!.output).toBeNull();
    expect(document.operations[2]!.responses).toEqual({ '202': { description: 'Accepted', headers: {}, content: {} } });
  });

  it('reads what each fault means from its name', async () => {
    const { soap } = await compile(DOCUMENT_WSDL);
    expect(soap.operations['GetThing']!.faults.map((f) => [f.name, f.element?.local ?? null, f.meaning])).toEqual([
      ['NotFound', 'ThingNotFound', 'not_found'],
      ['Duplicate', 'DuplicateThing', 'conflict'],
      ['Bad', 'BadInput', 'invalid'],
      ['Denied', 'AccessDenied', 'unauthorized'],
      ['Other', null, null],
    ]);
  });

  it('serves every document with the address and imports pointed at the Simulation', async () => {
    const { soap } = await compile(DOCUMENT_WSDL);
    expect(soap.documents.map((d) => d.path)).toEqual(['service.wsdl']);
    const text = soap.documents[0]!.text;
    expect(text).not.toContain('real.example.test');
    expect(text).toContain(`<soap:address location="${SOAP_ENDPOINT}"/>`);
    expect(text).toContain(`<soap12:address location="${SOAP_ENDPOINT}"/>`);
    expect(text).toContain('xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"');
  });

  it('answers as application/soap+xml when only SOAP 1.2 binds an operation', async () => {
    const wsdl = definitions(`${TYPES}${MESSAGES}${PORT_TYPE}<wsdl:binding name="B12" type="tns:Things"><soap12:binding/>${bindingOps('soap12')}</wsdl:binding>`);
    const { document, soap } = await compile(wsdl);
    expect(soap.operations['GetThing']).toMatchObject({ version: '1.2', bindings: [{ version: '1.2', action: 'urn:get' }] });
    expect(Object.keys(document.operations[0]!.requestBody!.content)).toEqual(['application/soap+xml']);
  });

  it('is deterministic: the same bytes give the same output', async () => {
    const a = await compile(DOCUMENT_WSDL);
    const b = await compile(DOCUMENT_WSDL);
    expect(JSON.stringify({ ...b, diagnostics: b.diagnostics.warnings })).toBe(JSON.stringify({ ...a, diagnostics: a.diagnostics.warnings }));
  });
});

describe('compileWsdl: rpc style and encoded', () => {
  const rpc = (use: 'literal' | 'encoded') =>
    definitions(`${TYPES}${MESSAGES}
      <wsdl:portType name="Rpc"><wsdl:operation name="Price"><wsdl:input message="tns:RpcIn"/><wsdl:output message="tns:RpcOut"/></wsdl:operation>
        <wsdl:operation name="Get"><wsdl:input message="tns:GetThingOut"/><wsdl:output message="tns:GetThingOut"/></wsdl:operation></wsdl:portType>
      <wsdl:binding name="R" type="tns:Rpc"><soap:binding style="rpc"/>
        <wsdl:operation name="Price"><soap:operation soapAction="urn:price"/><wsdl:input><soap:body use="${use}" namespace="urn:rpc"/></wsdl:input><wsdl:output><soap:body use="${use}" namespace="urn:rpc"/></wsdl:output></wsdl:operation>
        <wsdl:operation name="Get"><soap:operation style="document"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
      </wsdl:binding>`);

  it('wraps rpc/literal parts in an element named after the operation, each part unqualified', async () => {
    const { soap, document } = await compile(rpc('literal'));
    const price = soap.operations['Price']!;
    expect(price.style).toBe('rpc');
    expect(price.input.element).toEqual({ ns: 'urn:rpc', local: 'Price' });
    expect(price.output!.element).toEqual({ ns: 'urn:rpc', local: 'PriceResponse' });
    expect(price.input.schema).toEqual({
      type: 'object',
      properties: {
        id: { type: 'integer', minimum: -2147483648, maximum: 2147483647, 'x-xml': { name: 'id', ns: '' } },
        price: { $ref: '#/schemas/Money', 'x-xml': { name: 'price', ns: '' } },
      },
      required: ['id', 'price'],
      'x-xml': { order: ['id', 'price'] },
    });
    expect(document.schemas['Money']).toBeDefined();
    expect(soap.operations['Get']!.style).toBe('document');
  });

  it('builds an rpc/encoded operation as rpc, its messages marked with the encoding its binding names (SOAP 1.1’s where it names none)', async () => {
    const { soap, diagnostics } = await compile(rpc('encoded'));
    expect(Object.keys(soap.operations)).toEqual(['Price', 'Get']);
    expect(diagnostics.warnings).toEqual([]);
    const price = soap.operations['Price']!;
    expect([price.style, price.input.element, price.output!.element]).toEqual(['rpc', { ns: 'urn:rpc', local: 'Price' }, { ns: 'urn:rpc', local: 'PriceResponse' }]);
    expect([price.input.encoding, price.output!.encoding]).toEqual(['http://schemas.xmlsoap.org/soap/encoding/', 'http://schemas.xmlsoap.org/soap/encoding/']);
    // Encoded values name their types: the parts keep the XSD types they are made from.
    expect(price.input.schema).toMatchObject({ properties: { id: { 'x-xml': { name: 'id', ns: '', type: { ns: 'http://www.w3.org/2001/XMLSchema', local: 'int' } } } } });
    expect(soap.operations['Get']!.input.encoding).toBeUndefined();
  });

  it('leaves out, with a warning naming it, an operation bound in an encoding that is neither SOAP 1.1 nor 1.2', async () => {
    const other = rpc('encoded').replaceAll('use="encoded"', 'use="encoded" encodingStyle="urn:example:custom-encoding"');
    const { soap, diagnostics } = await compile(other);
    expect(Object.keys(soap.operations)).toEqual(['Get']);
    expect(diagnostics.warnings.map((w) => [w.code, w.operation])).toEqual([['wsdl_encoded_unsupported', 'Price']]);
    expect(diagnostics.warnings[0]!.message).toContain('urn:example:custom-encoding');
    expect(diagnostics.warnings[0]!.location).toBe("service.wsdl#/definitions/binding[@name='R']/operation[@name='Price']");
    // A list of styles naming SOAP's among refinements of it is SOAP's.
    const refined = rpc('encoded').replaceAll('use="encoded"', 'use="encoded" encodingStyle="urn:example:restricted http://www.w3.org/2003/05/soap-encoding"');
    expect((await compile(refined)).soap.operations['Price']!.input.encoding).toBe('http://www.w3.org/2003/05/soap-encoding');
  });

  it('refuses a WSDL whose only operations are in an encoding it cannot simulate, and builds one whose only operations are SOAP-encoded', async () => {
    const only = (style: string) => definitions(`${MESSAGES}<wsdl:portType name="Rpc"><wsdl:operation name="Price"><wsdl:input message="tns:RpcIn"/></wsdl:operation></wsdl:portType>
      <wsdl:binding name="R" type="tns:Rpc"><soap:binding style="rpc"/><wsdl:operation name="Price"><wsdl:input><soap:body use="encoded" encodingStyle="${style}"/></wsdl:input></wsdl:operation></wsdl:binding>`);
    expect((await rejection(only('urn:example:custom-encoding')))[0]!.code).toBe('wsdl_no_soap_binding');
    expect(Object.keys((await compile(only('http://schemas.xmlsoap.org/soap/encoding/'))).soap.operations)).toEqual(['Price']);
  });
});

describe('compileWsdl: what it refuses and warns of', () => {
  it('refuses a WSDL with only HTTP bindings, and a WSDL 2.0 description', async () => {
    const http = definitions(`${MESSAGES}${PORT_TYPE}<wsdl:binding name="H" type="tns:Things"><http:binding xmlns:http="http://schemas.xmlsoap.org/wsdl/http/" verb="GET"/></wsdl:binding>`);
    const issues = await rejection(http);
    expect(issues[0]!.code).toBe('wsdl_no_soap_binding');
    expect(issues[0]!.message).toContain('no SOAP 1.1 or 1.2 binding');
    expect((await rejection('<description xmlns="http://www.w3.org/ns/wsdl"/>'))[0]!.code).toBe('wsdl_version_unsupported');
  });

  it('warns of a binding naming no port type, an untyped part, and an undeclared element', async () => {
    const wsdl = definitions(`${TYPES}
      <wsdl:message name="In"><wsdl:part name="x"/></wsdl:message><wsdl:message name="Out"><wsdl:part name="p" element="t:Nowhere"/></wsdl:message>
      <wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:In"/><wsdl:output message="tns:Out"/></wsdl:operation></wsdl:portType>
      <wsdl:binding name="Lost" type="tns:Missing"><soap:binding/></wsdl:binding>
      <wsdl:binding name="B" type="tns:P"><soap:binding/><wsdl:operation name="Op"><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>`);
    const { soap, diagnostics } = await compile(wsdl);
    expect(diagnostics.warnings.map((w) => [w.code, w.operation, w.location])).toEqual([
      ['wsdl_binding_unusable', '', "service.wsdl#/definitions/binding[@name='Lost']"],
      ['wsdl_part_untyped', 'Op', "service.wsdl#/definitions/message[@name='In']/part[@name='x']"],
      ['wsdl_qname_unresolved', 'Op', "service.wsdl#/definitions/message[@name='Out']/part[@name='p']"],
    ]);
    expect(soap.operations['Op']!.input).toMatchObject({ element: { ns: '', local: 'x' }, schema: {} });
  });

  it('finds messages and port types named without a prefix where the WSDL namespace is the default', async () => {
    const wsdl = `<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:svc">
      <types><xs:schema targetNamespace="urn:svc" xmlns:s="urn:svc"><xs:element name="Ping" type="xs:string"/></xs:schema></types>
      <message name="In"><part name="p" element="s:Ping" xmlns:s="urn:svc"/></message>
      <portType name="P"><operation name="Ping"><input message="In"/></operation></portType>
      <binding name="B" type="P"><soap:binding/><operation name="Ping"><input><soap:body use="literal"/></input></operation></binding>
    </definitions>`;
    const { soap, diagnostics } = await compile(wsdl);
    expect(soap.operations['Ping']!.input.element).toEqual({ ns: 'urn:svc', local: 'Ping' });
    expect(diagnostics.warnings).toEqual([]);
  });

  it('finds the body inside a MIME multipart binding, the attachment parts left out', async () => {
    const wsdl = definitions(`${TYPES}
      <wsdl:message name="Upload"><wsdl:part name="body" element="t:GetThing"/><wsdl:part name="file" type="xs:base64Binary"/></wsdl:message>
      <wsdl:portType name="P"><wsdl:operation name="Upload"><wsdl:input message="tns:Upload"/><wsdl:output message="tns:Upload"/></wsdl:operation></wsdl:portType>
      <wsdl:binding name="B" type="tns:P" xmlns:mime="http://schemas.xmlsoap.org/wsdl/mime/"><soap:binding/><wsdl:operation name="Upload">
        <wsdl:input><mime:multipartRelated><mime:part><soap:body parts="body" use="literal"/></mime:part><mime:part><mime:content part="file" type="application/octet-stream"/></mime:part></mime:multipartRelated></wsdl:input>
        <wsdl:output><soap:body parts="body" use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>`);
    const { soap, diagnostics } = await compile(wsdl);
    expect(soap.operations['Upload']!.input.element).toEqual({ ns: 'urn:types', local: 'GetThing' });
    expect(diagnostics.warnings).toEqual([]);
  });

  it('names operations that port types share after their port type', async () => {
    const portType = (name: string) => `<wsdl:portType name="${name}"><wsdl:operation name="Bare"><wsdl:input message="tns:BareIn"/></wsdl:operation></wsdl:portType>`;
    const binding = (name: string) => `<wsdl:binding name="B${name}" type="tns:${name}"><soap:binding/><wsdl:operation name="Bare"><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation></wsdl:binding>`;
    const { document } = await compile(definitions(`${TYPES}${MESSAGES}${portType('A')}${portType('B')}${binding('A')}${binding('B')}`));
    expect(document.operations.map((op) => [op.id, op.operationId, op.path, op.tags])).toEqual([
      ['A.Bare', 'Bare', '/#SOAP=A.Bare', ['A']],
      ['B.Bare', 'Bare', '/#SOAP=B.Bare', ['B']],
    ]);
  });
});

describe('compileWsdl: bundles', () => {
  const service = definitions(`<wsdl:import namespace="urn:svc" location="parts/messages.wsdl"/>
    <wsdl:types><xs:schema targetNamespace="urn:svc"><xs:import namespace="urn:types" schemaLocation="../xsd/types.xsd"/><xs:import namespace="urn:far" schemaLocation="https://far.example.test/far.xsd"/></xs:schema></wsdl:types>
    <wsdl:binding name="B11" type="tns:Things"><soap:binding/><wsdl:operation name="Bare"><wsdl:input><soap:body use="literal"/></wsdl:input></wsdl:operation></wsdl:binding>
    <wsdl:service name="S"><wsdl:port name="P" binding="tns:B11"><soap:address location="http://real.example.test/"/></wsdl:port></wsdl:service>`);
  const messages = definitions(`<wsdl:import namespace="urn:svc" location="../service.wsdl"/>
    <wsdl:message name="BareIn"><wsdl:part name="id" element="t:ThingId"/></wsdl:message>
    <wsdl:portType name="Things"><wsdl:operation name="Bare"><wsdl:input message="tns:BareIn"/></wsdl:operation></wsdl:portType>`);
  const types = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:types" xmlns:t="urn:types"><xs:include schemaLocation="common/ids.xsd"/></xs:schema>';
  const ids = '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:element name="ThingId" type="xs:string"/></xs:schema>';
  const zip = zipSync({ 'wsdl/service.wsdl': strToU8(service), 'wsdl/parts/messages.wsdl': strToU8(messages), 'xsd/types.xsd': strToU8(types), 'xsd/common/ids.xsd': strToU8(ids) });

  it('compiles a zip whose documents import each other across folders, in a cycle, with a chameleon include', async () => {
    const { soap, diagnostics } = await compile(zip);
    expect(soap.operations['Bare']!.input.element).toEqual({ ns: 'urn:types', local: 'ThingId' });
    expect(soap.operations['Bare']!.input.schema).toMatchObject({ type: 'string' });
    expect(soap.documents.map((d) => d.path)).toEqual(['wsdl/service.wsdl', 'wsdl/parts/messages.wsdl', 'xsd/types.xsd', 'xsd/common/ids.xsd']);
    expect(diagnostics.warnings.map((w) => [w.code, w.message.includes('https://far.example.test/far.xsd')])).toEqual([['wsdl_import_external', true]]);
  });

  it('serves each document with its imports pointing at ?xsd= and external ones as written', async () => {
    const { soap } = await compile(zip);
    const [main, parts, xsd] = soap.documents.map((d) => d.text);
    expect(main).toContain(`location="${SOAP_ENDPOINT}?xsd=wsdl%2Fparts%2Fmessages.wsdl"`);
    expect(main).toContain(`schemaLocation="${SOAP_ENDPOINT}?xsd=xsd%2Ftypes.xsd"`);
    expect(main).toContain('schemaLocation="https://far.example.test/far.xsd"');
    expect(main).toContain(`<soap:address location="${SOAP_ENDPOINT}"/>`);
    expect(parts).toContain(`location="${SOAP_ENDPOINT}?xsd=wsdl%2Fservice.wsdl"`);
    expect(xsd).toContain(`schemaLocation="${SOAP_ENDPOINT}?xsd=xsd%2Fcommon%2Fids.xsd"`);
  });

  it('refuses a hostile document inside the zip, without its entity anywhere', async () => {
    const evil = '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema">&e;</xs:schema>';
    const issues = await rejection(zipSync({ 'wsdl/service.wsdl': strToU8(service), 'wsdl/parts/messages.wsdl': strToU8(messages), 'xsd/types.xsd': strToU8(evil) }));
    expect(issues.map((i) => [i.code, i.location])).toEqual([['xml_refused', 'xsd/types.xsd:1']]);
  });

  it('reads an import that points back at a server, or gives no location, from the bundle file declaring its namespace', async () => {
    const wsdl = definitions(`<wsdl:types><xs:schema targetNamespace="urn:svc"><xs:import namespace="urn:types" schemaLocation="http://server.example.test/ws?xsd=1"/><xs:import namespace="urn:more"/></xs:schema></wsdl:types>
      <wsdl:message name="In"><wsdl:part name="id" element="t:ThingId"/></wsdl:message><wsdl:message name="Out"><wsdl:part name="m" element="m:More" xmlns:m="urn:more"/></wsdl:message>
      <wsdl:portType name="P"><wsdl:operation name="Op"><wsdl:input message="tns:In"/><wsdl:output message="tns:Out"/></wsdl:operation></wsdl:portType>
      <wsdl:binding name="B" type="tns:P"><soap:binding/><wsdl:operation name="Op"><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation></wsdl:binding>`);
    const spec = zipSync({
      'service.wsdl': strToU8(wsdl),
      'broken.xsd': strToU8('<xs:schema'),
      'xsd/ws_xsd1.xsd': strToU8('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:types"><xs:element name="ThingId" type="xs:string"/></xs:schema>'),
      'xsd/more.xsd': strToU8('<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:more"><xs:element name="More" type="xs:int"/></xs:schema>'),
    });
    const { soap, diagnostics } = await compile(spec);
    expect(soap.operations['Op']!.input.schema).toEqual({ type: 'string' });
    expect(soap.operations['Op']!.output!.schema).toMatchObject({ type: 'integer' });
    expect(diagnostics.warnings.map((w) => [w.code, w.message])).toEqual([
      ['wsdl_import_external', 'service.wsdl imports http://server.example.test/ws?xsd=1, which is not fetched; its namespace is read from xsd/ws_xsd1.xsd in the bundle instead.'],
    ]);
    expect(soap.documents.map((d) => d.path)).toEqual(['service.wsdl', 'xsd/ws_xsd1.xsd', 'xsd/more.xsd']);
    expect(soap.documents[0]!.text).toContain(`schemaLocation="${SOAP_ENDPOINT}?xsd=xsd%2Fws_xsd1.xsd"`);
    expect(soap.documents[0]!.text).toContain(`<xs:import namespace="urn:more" schemaLocation="${SOAP_ENDPOINT}?xsd=xsd%2Fmore.xsd"/>`);
  });
});
