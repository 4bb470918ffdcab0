import { describe, expect, it } from 'vitest';
import type { Artifact } from '../../../artifact/artifact.js';
import { compileArtifact } from '../../../testing/fixtures.js';
import { SimClient } from '../../../testing/sim-client.js';

/**
 * `xsi:type` naming a type derived by extension, in a document/literal service: a `<vehicle>`
 * declared as a `Vehicle` may be sent as a `Car` (another namespace) with the Car's own fields.
 * A Simulator built before types were kept (no `soap.types`) reads the declared type as it did.
 */
const FLEET = `<?xml version="1.0"?>
<wsdl:definitions targetNamespace="urn:fleet" xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:fleet" xmlns:v="urn:fleet:vehicles" xmlns:car="urn:fleet:cars">
  <wsdl:types>
    <xs:schema targetNamespace="urn:fleet:vehicles" elementFormDefault="qualified">
      <xs:complexType name="Vehicle"><xs:sequence>
        <xs:element name="vehicleId" type="xs:string" minOccurs="0"/><xs:element name="registration" type="xs:string"/><xs:element name="make" type="xs:string" minOccurs="0"/>
      </xs:sequence></xs:complexType>
      <xs:element name="CreateVehicle"><xs:complexType><xs:sequence><xs:element name="vehicle" type="v:Vehicle"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="CreateVehicleResponse"><xs:complexType><xs:sequence><xs:element name="vehicle" type="v:Vehicle"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="GetVehicle"><xs:complexType><xs:sequence><xs:element name="vehicleId" type="xs:string"/></xs:sequence></xs:complexType></xs:element>
      <xs:element name="GetVehicleResponse"><xs:complexType><xs:sequence><xs:element name="vehicle" type="v:Vehicle"/></xs:sequence></xs:complexType></xs:element>
    </xs:schema>
    <xs:schema targetNamespace="urn:fleet:cars" elementFormDefault="qualified">
      <xs:import namespace="urn:fleet:vehicles"/>
      <xs:complexType name="Car"><xs:complexContent><xs:extension base="v:Vehicle"><xs:sequence>
        <xs:element name="doors" type="xs:int"/><xs:element name="electric" type="xs:boolean" minOccurs="0"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="CreateIn"><wsdl:part name="p" element="v:CreateVehicle"/></wsdl:message>
  <wsdl:message name="CreateOut"><wsdl:part name="p" element="v:CreateVehicleResponse"/></wsdl:message>
  <wsdl:message name="GetIn"><wsdl:part name="p" element="v:GetVehicle"/></wsdl:message>
  <wsdl:message name="GetOut"><wsdl:part name="p" element="v:GetVehicleResponse"/></wsdl:message>
  <wsdl:portType name="Fleet">
    <wsdl:operation name="CreateVehicle"><wsdl:input message="tns:CreateIn"/><wsdl:output message="tns:CreateOut"/></wsdl:operation>
    <wsdl:operation name="GetVehicle"><wsdl:input message="tns:GetIn"/><wsdl:output message="tns:GetOut"/></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="FleetSoap" type="tns:Fleet"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>
    <wsdl:operation name="CreateVehicle"><soap:operation soapAction="urn:fleet#CreateVehicle"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
    <wsdl:operation name="GetVehicle"><soap:operation soapAction="urn:fleet#GetVehicle"/><wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>
  </wsdl:binding>
  <wsdl:service name="Fleet"><wsdl:port name="FleetSoap" binding="tns:FleetSoap"><soap:address location="http://fleet.example.test/soap"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;

const CAR = '<v:CreateVehicle xmlns:v="urn:fleet:vehicles" xmlns:c="urn:fleet:cars" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><v:vehicle xsi:type="c:Car"><v:registration>AB12 CDE</v:registration><v:make>Volvo</v:make><c:doors>5</c:doors><c:electric>true</c:electric></v:vehicle></v:CreateVehicle>';

async function call(client: SimClient, action: string, body: string) {
  return client.call({ method: 'POST', path: '/', headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: `"urn:fleet#${action}"` }, body: `<s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${body}</s:Body></s:Envelope>` });
}

describe('a derived type sent where its base is declared (document/literal)', () => {
  it('is read with its own fields, kept, and answered as that type', async () => {
    const { artifact } = await compileArtifact(FLEET);
    expect(Object.keys(artifact.soap!.types ?? {}).sort()).toEqual(expect.arrayContaining(['{urn:fleet:cars}Car', '{urn:fleet:vehicles}Vehicle']));
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const created = await call(client, 'CreateVehicle', CAR);
    expect(created.status, created.text).toBe(200);
    const id = /<ns\d+:vehicleId>([^<]+)</.exec(created.text)?.[1];
    expect(id).toBeDefined();
    const read = await call(client, 'GetVehicle', `<v:GetVehicle xmlns:v="urn:fleet:vehicles"><v:vehicleId>${id}</v:vehicleId></v:GetVehicle>`);
    expect(read.status, read.text).toBe(200);
    // The derived type named by a prefix the answer declares, its fields in its own namespace after the base's.
    const prefix = /xmlns:(ns\d+)="urn:fleet:cars"/.exec(read.text)?.[1];
    expect(read.text).toMatch(new RegExp(`<ns\\d+:vehicle xsi:type="${prefix}:Car">`));
    expect(read.text).toMatch(new RegExp(`<ns\\d+:make>Volvo</ns\\d+:make><${prefix}:doors>5</${prefix}:doors><${prefix}:electric>true</${prefix}:electric>`));
  });

  it('is refused as before by a Simulator built without the types', async () => {
    const { artifact } = await compileArtifact(FLEET);
    const { types: _types, ...soap } = artifact.soap!;
    const older: Artifact = { ...artifact, soap };
    const client = await SimClient.open(older, { sampleRecords: 0 });
    const refused = await call(client, 'CreateVehicle', CAR);
    expect(refused.status).toBe(500);
    expect(refused.text).toContain('unexpected element &lt;c:doors&gt;');
  });
});

describe('an xsi:type on a simple value', () => {
  it('naming a declared simple type, or one the schema does not hold, reads the value as declared', async () => {
    const { artifact } = await compileArtifact(FLEET);
    const client = await SimClient.open(artifact, { sampleRecords: 0 });
    const typed = '<v:CreateVehicle xmlns:v="urn:fleet:vehicles" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:o="urn:other"><v:vehicle><v:registration xsi:type="o:Plate">AB12 CDE</v:registration></v:vehicle></v:CreateVehicle>';
    const created = await call(client, 'CreateVehicle', typed);
    expect(created.status, created.text).toBe(200);
    expect(created.text).toMatch(/<ns\d+:registration>AB12 CDE</);
  });
});
