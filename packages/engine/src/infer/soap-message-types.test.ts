import { describe, expect, it } from 'vitest';
import { compileDocument } from '../compile/compile-document.js';
import { EngineSimulator } from '../runtime/loaded-simulator.js';
import { readArtifact } from '../artifact/build-artifact.js';
import { MapState } from '../testing/map-state.js';

const NS = 'urn:parcels';

/** A carrier's service: parcels made and read by name, tracked by an operation whose name says nothing of them. */
const WSDL = `<?xml version="1.0"?>
<definitions xmlns="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="${NS}" targetNamespace="${NS}">
  <types><xs:schema targetNamespace="${NS}" elementFormDefault="qualified">
    <xs:complexType name="Parcel"><xs:sequence>
      <xs:element name="trackingNumber" type="xs:string"/><xs:element name="weight" type="xs:decimal"/><xs:element name="status" type="xs:string"/>
    </xs:sequence></xs:complexType>
    <xs:element name="CreateParcel"><xs:complexType><xs:sequence><xs:element name="weight" type="xs:decimal"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="CreateParcelResponse"><xs:complexType><xs:sequence><xs:element name="parcel" type="tns:Parcel"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="GetParcel"><xs:complexType><xs:sequence><xs:element name="trackingNumber" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="GetParcelResponse"><xs:complexType><xs:sequence><xs:element name="parcel" type="tns:Parcel"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="Trace"><xs:complexType><xs:sequence><xs:element name="trackingNumber" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="TraceResponse"><xs:complexType><xs:sequence><xs:element name="parcel" type="tns:Parcel"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="Quote"><xs:complexType><xs:sequence><xs:element name="weight" type="xs:decimal"/></xs:sequence></xs:complexType></xs:element>
    <xs:element name="QuoteResponse"><xs:complexType><xs:sequence><xs:element name="parcel" type="tns:Parcel"/></xs:sequence></xs:complexType></xs:element>
  </xs:schema></types>
  ${['CreateParcel', 'GetParcel', 'Trace', 'Quote'].map((op) => `<message name="${op}In"><part name="p" element="tns:${op}"/></message><message name="${op}Out"><part name="p" element="tns:${op}Response"/></message>`).join('')}
  <portType name="Parcels">${['CreateParcel', 'GetParcel', 'Trace', 'Quote'].map((op) => `<operation name="${op}"><input message="tns:${op}In"/><output message="tns:${op}Out"/></operation>`).join('')}</portType>
  <binding name="ParcelsSoap" type="tns:Parcels"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    ${['CreateParcel', 'GetParcel', 'Trace', 'Quote'].map((op) => `<operation name="${op}"><soap:operation soapAction="${NS}/${op}"/><input><soap:body use="literal"/></input><output><soap:body use="literal"/></output></operation>`).join('')}
  </binding>
  <service name="Parcels"><port name="ParcelsSoap" binding="tns:ParcelsSoap"><soap:address location="http://parcels.example.com/soap"/></port></service>
</definitions>`;

function call(simulator: EngineSimulator, state: MapState, step: number, operation: string, body: string): string {
  const envelope = `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/" xmlns:p="${NS}"><s:Body>${body}</s:Body></s:Envelope>`;
  const result = simulator.handle({ method: 'POST', path: '/', query: '', headers: { 'content-type': 'text/xml', soapaction: `"${NS}/${operation}"` }, body: Buffer.from(envelope) }, state, { seed: 'types', step, now: new Date('2024-01-01T00:00:00Z') });
  expect(result.response.status, Buffer.from(result.response.body ?? []).toString()).toBe(200);
  return Buffer.from(result.response.body!).toString();
}

describe('SOAP operations sharing an entity by their message types', () => {
  it('reads the record for an operation that takes the key and answers the record, whatever its name', async () => {
    const outcome = await compileDocument({ spec: Buffer.from(WSDL), specKind: null, filter: [], overlays: [] });
    if (!outcome.ok) throw new Error(outcome.detail);
    const understood = Object.fromEntries(outcome.operations.map((op) => [op.operation, [op.behaviour, op.resource, op.read_only]]));
    expect(understood).toEqual({
      CreateParcel: ['create', 'Parcel', false],
      GetParcel: ['read', 'Parcel', true],
      // Takes the parcel's key and answers a parcel: a read of the entity.
      Trace: ['read', 'Parcel', true],
      // Answers a parcel but names none: answered from the schema.
      Quote: ['static', null, true],
    });

    const simulator = new EngineSimulator(readArtifact(outcome.artifact));
    const state = new MapState();
    const created = call(simulator, state, 1, 'CreateParcel', '<p:CreateParcel><p:weight>2.5</p:weight></p:CreateParcel>');
    const number = /<ns1:trackingNumber>([^<]+)</.exec(created)![1]!;
    const traced = call(simulator, state, 2, 'Trace', `<p:Trace><p:trackingNumber>${number}</p:trackingNumber></p:Trace>`);
    expect(traced).toContain(`<ns1:trackingNumber>${number}</ns1:trackingNumber>`);
    expect(traced).toContain('<ns1:weight>2.5</ns1:weight>');
  });
});
