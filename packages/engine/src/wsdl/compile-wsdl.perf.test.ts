import { strToU8, zipSync, type Zippable } from 'fflate';
import { expect, it } from 'vitest';
import { Diagnostics } from '../diagnostics/diagnostics.js';
import { parseXml } from '../xml/parse-xml.js';
import { readBundle } from './bundle/read-bundle.js';
import { compileWsdl } from './compile-wsdl.js';

/**
 * A large service: a WSDL of 4 MB or so and 40 XSDs, each XSD holding types that refer to the
 * previous XSD's. Compiling must stay linear (each document parsed once, each type converted
 * once) and so well within the 3 seconds a build may spend on it. A loaded machine (CI runs
 * two test files at once) is slower at everything, so the time is held against parsing the
 * same documents once, the least any compile must do, as well as against a bound far above
 * what an idle machine takes (about a quarter of a second).
 */
function largeBundle(): Uint8Array {
  const files: Zippable = {};
  const xsds: string[] = [];
  for (let x = 0; x < 40; x++) {
    const types: string[] = [];
    for (let t = 0; t < 60; t++) {
      const previous = x > 0 ? `<xs:element name="link" type="p:T${x - 1}_${t}" minOccurs="0"/>` : '';
      types.push(`<xs:complexType name="T${x}_${t}"><xs:sequence><xs:element name="id" type="xs:string"/><xs:element name="amount" type="xs:decimal" minOccurs="0"/><xs:element name="when" type="xs:dateTime"/>${previous}</xs:sequence><xs:attribute name="kind" type="xs:string"/></xs:complexType>`);
    }
    const imports = x > 0 ? `<xs:import namespace="urn:x${x - 1}" schemaLocation="x${x - 1}.xsd"/>` : '';
    files[`xsd/x${x}.xsd`] = strToU8(`<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="urn:x${x}" xmlns:p="urn:x${Math.max(0, x - 1)}" elementFormDefault="qualified">${imports}${types.join('\n')}</xs:schema>`);
    xsds.push(`<xs:import namespace="urn:x${x}" schemaLocation="../xsd/x${x}.xsd"/>`);
  }
  const elements: string[] = [];
  const messages: string[] = [];
  const operations: string[] = [];
  const bindings: string[] = [];
  for (let o = 0; o < 3000; o++) {
    const type = `x:T${o % 40}_${o % 60}`;
    elements.push(`<xs:element name="Op${o}"><xs:complexType><xs:sequence><xs:element name="id" type="xs:string"/><xs:element name="filter" type="xs:string" minOccurs="0" maxOccurs="unbounded"/><xs:element name="page" type="xs:int" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>`);
    elements.push(`<xs:element name="Op${o}Response"><xs:complexType><xs:sequence><xs:element name="item" type="${type.replace('x:', `x${o % 40}:`)}" maxOccurs="unbounded"/></xs:sequence></xs:complexType></xs:element>`);
    messages.push(`<wsdl:message name="Op${o}In"><wsdl:part name="parameters" element="tns:Op${o}"/></wsdl:message><wsdl:message name="Op${o}Out"><wsdl:part name="parameters" element="tns:Op${o}Response"/></wsdl:message>`);
    operations.push(`<wsdl:operation name="Op${o}"><wsdl:documentation>Operation number ${o}, which does a thing to the records it is given and answers them.</wsdl:documentation><wsdl:input message="tns:Op${o}In"/><wsdl:output message="tns:Op${o}Out"/></wsdl:operation>`);
    for (const soap of ['soap', 'soap12']) bindings.push(`<wsdl:operation name="Op${o}"><${soap}:operation soapAction="urn:svc/Op${o}"/><wsdl:input><${soap}:body use="literal"/></wsdl:input><wsdl:output><${soap}:body use="literal"/></wsdl:output></wsdl:operation>`);
  }
  const prefixes = Array.from({ length: 40 }, (_, x) => `xmlns:x${x}="urn:x${x}"`).join(' ');
  const wsdl = `<?xml version="1.0"?>
<wsdl:definitions name="Large" targetNamespace="urn:svc" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:soap12="http://schemas.xmlsoap.org/wsdl/soap12/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:svc" ${prefixes}>
<wsdl:types><xs:schema targetNamespace="urn:svc" elementFormDefault="qualified">${xsds.join('')}${elements.join('\n')}</xs:schema></wsdl:types>
${messages.join('\n')}
<wsdl:portType name="Large">${operations.join('\n')}</wsdl:portType>
<wsdl:binding name="B11" type="tns:Large"><soap:binding style="document"/>${bindings.filter((_, i) => i % 2 === 0).join('\n')}</wsdl:binding>
<wsdl:binding name="B12" type="tns:Large"><soap12:binding style="document"/>${bindings.filter((_, i) => i % 2 === 1).join('\n')}</wsdl:binding>
<wsdl:service name="S"><wsdl:port name="P" binding="tns:B11"><soap:address location="http://x.test/"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;
  return zipSync({ 'wsdl/large.wsdl': strToU8(wsdl), ...files });
}

it('compiles a 4 MB WSDL with 40 XSDs in time linear in its size', async () => {
  const bundle = largeBundle();
  let started = performance.now();
  for (const bytes of readBundle(bundle).files.values()) parseXml(bytes);
  const parsing = performance.now() - started;
  started = performance.now();
  const diagnostics = new Diagnostics();
  const compiled = await compileWsdl(bundle, diagnostics);
  const elapsed = performance.now() - started;
  expect(compiled.document.operations).toHaveLength(3000);
  expect(compiled.soap.documents).toHaveLength(41);
  expect(compiled.soap.documents[0]!.text.length).toBeGreaterThan(3_500_000);
  expect(diagnostics.warnings).toEqual([]);
  expect(elapsed).toBeLessThan(Math.max(3000, 6 * parsing));
}, 60_000);
