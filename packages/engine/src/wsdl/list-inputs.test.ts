import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { folderZip, WSDL_FIXTURES } from './test-fixture-zip.js';
import { describe, expect, it } from 'vitest';
import type { Artifact, ArtifactOperation } from '../artifact/artifact.js';
import { compileArtifact } from '../testing/fixtures.js';
import { listed, soapCall, soapOperation, soapSimulation } from '../runtime/protocols/soap/test-soap-calls.js';

/**
 * A SOAP list's input read as its ListShape at build time (list-inputs.ts): the filters,
 * limits, offsets, pages and cursors its input elements give, on the fixtures of
 * test-fixtures/wsdl and the catalog, and on a parcel-locker service whose rpc parts use SOAP's
 * own paging names. The expectations come from each document's schemas.
 */
const FIXTURES = WSDL_FIXTURES;
const CATALOG = new URL('../../../composition/catalog/customers.wsdl', import.meta.url);


function listOf(artifact: Artifact, id: string): NonNullable<ArtifactOperation['list']> {
  const op = artifact.operations.find((o) => o.id === id);
  expect(op?.behaviour).toBe('list');
  return op!.list!;
}

const inputParameters = (artifact: Artifact, id: string) => artifact.soap!.operations[id]!.input.parameters;

/** Parcel lockers: rpc/literal, a list filtered by status (`ALL` for any) and size, bounded by `maxRows` from `startIndex`; a search by criteria and paging parts. */
const PARCEL_LOCKERS = `<?xml version="1.0" encoding="UTF-8"?>
<wsdl:definitions name="ParcelLockers" targetNamespace="urn:example:lockers:service"
    xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/"
    xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="urn:example:lockers:service" xmlns:pl="urn:example:lockers:types">
  <wsdl:types>
    <xs:schema targetNamespace="urn:example:lockers:types" elementFormDefault="qualified">
      <xs:simpleType name="ParcelStatus"><xs:restriction base="xs:string">
        <xs:enumeration value="WAITING"/><xs:enumeration value="COLLECTED"/><xs:enumeration value="RETURNED"/>
      </xs:restriction></xs:simpleType>
      <xs:simpleType name="ParcelStatusFilter"><xs:restriction base="xs:string">
        <xs:enumeration value="ALL"/><xs:enumeration value="WAITING"/><xs:enumeration value="COLLECTED"/><xs:enumeration value="RETURNED"/>
      </xs:restriction></xs:simpleType>
      <xs:simpleType name="ParcelSize"><xs:restriction base="xs:string">
        <xs:enumeration value="SMALL"/><xs:enumeration value="MEDIUM"/><xs:enumeration value="LARGE"/>
      </xs:restriction></xs:simpleType>
      <xs:complexType name="NewParcel"><xs:sequence>
        <xs:element name="lockerId" type="xs:string"/>
        <xs:element name="size" type="pl:ParcelSize"/>
        <xs:element name="status" type="pl:ParcelStatus"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="Parcel"><xs:complexContent><xs:extension base="pl:NewParcel"><xs:sequence>
        <xs:element name="parcelId" type="xs:string"/>
      </xs:sequence></xs:extension></xs:complexContent></xs:complexType>
      <xs:complexType name="ParcelList"><xs:sequence>
        <xs:element name="parcel" type="pl:Parcel" minOccurs="0" maxOccurs="unbounded"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="ParcelCriteria"><xs:sequence>
        <xs:element name="lockerId" type="xs:string" minOccurs="0"/>
        <xs:element name="status" type="pl:ParcelStatus" minOccurs="0"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="Paging"><xs:sequence>
        <xs:element name="firstResult" type="xs:int"/>
        <xs:element name="fetchSize" type="xs:int"/>
      </xs:sequence></xs:complexType>
      <xs:complexType name="ParcelPage"><xs:sequence>
        <xs:element name="parcel" type="pl:Parcel" minOccurs="0" maxOccurs="unbounded"/>
        <xs:element name="totalRecords" type="xs:int"/>
        <xs:element name="moreResults" type="xs:boolean"/>
      </xs:sequence></xs:complexType>
    </xs:schema>
  </wsdl:types>
  <wsdl:message name="RegisterParcelRequest"><wsdl:part name="parcel" type="pl:NewParcel"/></wsdl:message>
  <wsdl:message name="RegisterParcelResponse"><wsdl:part name="parcel" type="pl:Parcel"/></wsdl:message>
  <wsdl:message name="GetParcelRequest"><wsdl:part name="parcelId" type="xs:string"/></wsdl:message>
  <wsdl:message name="GetParcelResponse"><wsdl:part name="parcel" type="pl:Parcel"/></wsdl:message>
  <wsdl:message name="ListParcelsRequest">
    <wsdl:part name="status" type="pl:ParcelStatusFilter"/>
    <wsdl:part name="size" type="pl:ParcelSize"/>
    <wsdl:part name="maxRows" type="xs:int"/>
    <wsdl:part name="startIndex" type="xs:int"/>
  </wsdl:message>
  <wsdl:message name="ListParcelsResponse"><wsdl:part name="parcels" type="pl:ParcelList"/></wsdl:message>
  <wsdl:message name="SearchParcelsRequest"><wsdl:part name="criteria" type="pl:ParcelCriteria"/><wsdl:part name="paging" type="pl:Paging"/></wsdl:message>
  <wsdl:message name="SearchParcelsResponse"><wsdl:part name="result" type="pl:ParcelPage"/></wsdl:message>
  <wsdl:portType name="LockerPort">
    <wsdl:operation name="RegisterParcel"><wsdl:input message="tns:RegisterParcelRequest"/><wsdl:output message="tns:RegisterParcelResponse"/></wsdl:operation>
    <wsdl:operation name="GetParcel"><wsdl:input message="tns:GetParcelRequest"/><wsdl:output message="tns:GetParcelResponse"/></wsdl:operation>
    <wsdl:operation name="ListParcels"><wsdl:input message="tns:ListParcelsRequest"/><wsdl:output message="tns:ListParcelsResponse"/></wsdl:operation>
    <wsdl:operation name="SearchParcels"><wsdl:input message="tns:SearchParcelsRequest"/><wsdl:output message="tns:SearchParcelsResponse"/></wsdl:operation>
  </wsdl:portType>
  <wsdl:binding name="LockerBinding" type="tns:LockerPort">
    <soap:binding style="rpc" transport="http://schemas.xmlsoap.org/soap/http"/>
    ${['RegisterParcel', 'GetParcel', 'ListParcels', 'SearchParcels']
      .map(
        (name) => `<wsdl:operation name="${name}"><soap:operation soapAction="urn:example:lockers:${name}"/>
      <wsdl:input><soap:body use="literal" namespace="urn:example:lockers:service"/></wsdl:input>
      <wsdl:output><soap:body use="literal" namespace="urn:example:lockers:service"/></wsdl:output></wsdl:operation>`,
      )
      .join('\n    ')}
  </wsdl:binding>
  <wsdl:service name="LockerService"><wsdl:port name="LockerPort" binding="tns:LockerBinding"><soap:address location="http://lockers.example.test/soap"/></wsdl:port></wsdl:service>
</wsdl:definitions>`;

describe('a SOAP list read from its input at build time', () => {
  it('filters the catalog customers by status and bounds them by maxResults', async () => {
    const { artifact } = await compileArtifact(readFileSync(CATALOG));
    const list = listOf(artifact, 'ListCustomers');
    expect(list.filters).toEqual([{ parameter: 'status', field: 'status' }]);
    expect(list.parameters).toEqual({ limit: 'maxResults', offset: null, page: null, cursor: null, sort: null });
    expect([list.paging, list.totalField, list.next?.offered]).toEqual(['none', 'totalCount', false]);
    expect(inputParameters(artifact, 'ListCustomers')).toEqual({ status: ['status'], maxResults: ['maxResults'] });
  });

  it('filters payroll employees by department and any of several statuses, paged by PageNumber and PageSize', async () => {
    const { artifact } = await compileArtifact(folderZip('bundle-payroll', 'wsdl/payroll.wsdl'));
    const list = listOf(artifact, 'FindEmployees');
    expect(list.filters).toEqual([
      { parameter: 'Department', field: 'Department' },
      { parameter: 'Status', field: 'Status' },
    ]);
    expect(list.parameters).toEqual({ limit: 'PageSize', offset: null, page: 'PageNumber', cursor: null, sort: null });
    // The count is an attribute of the `<FindEmployeesResult>` the answer is carried in.
    expect([list.paging, list.totalField, list.next?.offered]).toEqual(['page', 'TotalCount', true]);
    // `LastNameStartsWith` names no field of an employee: it is not an equality filter.
    expect(Object.keys(inputParameters(artifact, 'FindEmployees')!).sort()).toEqual(['Department', 'PageNumber', 'PageSize', 'Status']);
  });

  it('filters the carrier shipments by status, bare document style, counted by an attribute', async () => {
    const { artifact } = await compileArtifact(readFileSync(join(FIXTURES, 'carrier-shipping-soap12.wsdl')));
    const list = listOf(artifact, 'ListShipments');
    // `shipperAccount` is not kept on a shipment's detail, nor are the date bounds.
    expect(list.filters).toEqual([{ parameter: 'status', field: 'status' }]);
    expect([list.paging, list.parameters.limit, list.totalField]).toEqual(['none', null, 'count']);
    expect(inputParameters(artifact, 'ListShipments')).toEqual({ status: ['status'] });
  });

  it("reads the CRM search's criteria element beside its own maxResults, and its list's page token", async () => {
    const { artifact } = await compileArtifact(readFileSync(join(FIXTURES, 'crm-customers.wsdl')));
    const search = listOf(artifact, 'SearchCustomers');
    expect(search.filters).toEqual([
      { parameter: 'email', field: 'email' },
      { parameter: 'status', field: 'status' },
    ]);
    expect(search.parameters.limit).toBe('maxResults');
    expect(inputParameters(artifact, 'SearchCustomers')).toEqual({ email: ['criteria', 'email'], status: ['criteria', 'status'], maxResults: ['maxResults'] });
    const list = listOf(artifact, 'ListCustomers');
    expect(list.parameters).toEqual({ limit: 'pageSize', offset: null, page: null, cursor: 'pageToken', sort: null });
    expect([list.paging, list.nextCursorField, list.totalField, list.next?.offered, list.next?.end]).toEqual(['cursor', 'nextPageToken', 'totalCount', true, 'null']);
  });

  it('gives the bank its rpc parts that name no field of an account as no filter', async () => {
    const { artifact } = await compileArtifact(readFileSync(join(FIXTURES, 'bank-accounts-rpc.wsdl')));
    const list = listOf(artifact, 'ListAccounts');
    expect([list.filters, list.paging]).toEqual([[], 'none']);
    expect(inputParameters(artifact, 'ListAccounts')).toBeUndefined();
  });

  it("reads rpc parts named as SOAP services page: maxRows, startIndex from 1, a text size that filters, an `ALL` status", async () => {
    const { artifact } = await compileArtifact(PARCEL_LOCKERS);
    const list = listOf(artifact, 'ListParcels');
    expect(list.filters).toEqual([
      { parameter: 'status', field: 'status', any: ['ALL'] },
      { parameter: 'size', field: 'size' },
    ]);
    expect(list.parameters).toEqual({ limit: 'maxRows', offset: 'startIndex', page: null, cursor: null, sort: null });
    expect([list.paging, list.offsetBase, list.next?.offered]).toEqual(['offset', 1, true]);
    expect(inputParameters(artifact, 'ListParcels')).toEqual({ status: ['status'], size: ['size'], maxRows: ['maxRows'], startIndex: ['startIndex'] });
  });

  it('reads the elements of criteria and paging parts, firstResult counting from 0, and the total and has-more fields', async () => {
    const { artifact } = await compileArtifact(PARCEL_LOCKERS);
    const search = listOf(artifact, 'SearchParcels');
    expect(search.filters).toEqual([
      { parameter: 'lockerId', field: 'lockerId' },
      { parameter: 'status', field: 'status' },
    ]);
    expect(search.parameters).toEqual({ limit: 'fetchSize', offset: 'firstResult', page: null, cursor: null, sort: null });
    expect([search.paging, search.offsetBase, search.totalField, search.hasMoreField]).toEqual(['offset', undefined, 'totalRecords', 'moreResults']);
    expect(inputParameters(artifact, 'SearchParcels')).toEqual({
      lockerId: ['criteria', 'lockerId'],
      status: ['criteria', 'status'],
      firstResult: ['paging', 'firstResult'],
      fetchSize: ['paging', 'fetchSize'],
    });
  });
});

describe('a SOAP list of parcels answered as its input asks', () => {
  const parcels = async () => {
    const sim = await soapSimulation(PARCEL_LOCKERS);
    const register = (lockerId: string, size: string, status: string) =>
      soapCall(sim, 'RegisterParcel', `<s:RegisterParcel xmlns:s="urn:example:lockers:service" xmlns:pl="urn:example:lockers:types"><parcel><pl:lockerId>${lockerId}</pl:lockerId><pl:size>${size}</pl:size><pl:status>${status}</pl:status></parcel></s:RegisterParcel>`);
    const made = [register('L1', 'SMALL', 'WAITING'), register('L1', 'LARGE', 'COLLECTED'), register('L2', 'LARGE', 'WAITING'), register('L2', 'SMALL', 'WAITING')];
    return { sim, ids: made.map((answer) => (answer['parcel'] as { parcelId: string }).parcelId) };
  };
  const listParcels = (parts: string) => `<s:ListParcels xmlns:s="urn:example:lockers:service">${parts}</s:ListParcels>`;

  it('starts at startIndex 1 with the first parcel, maxRows at a time, and takes ALL for any status', async () => {
    const { sim, ids } = await parcels();
    const page = (start: number) => listed(soapCall(sim, 'ListParcels', listParcels(`<status>ALL</status><size>SMALL</size><maxRows>1</maxRows><startIndex>${start}</startIndex>`)), 'parcel', 'parcels');
    expect(page(1).map((p) => p['parcelId'])).toEqual([ids[0]]);
    expect(page(2).map((p) => p['parcelId'])).toEqual([ids[3]]);
    expect(page(3)).toEqual([]);
    const large = listed(soapCall(sim, 'ListParcels', listParcels('<status>WAITING</status><size>LARGE</size><maxRows>10</maxRows><startIndex>1</startIndex>')), 'parcel', 'parcels');
    expect(large.map((p) => p['parcelId'])).toEqual([ids[2]]);
  });

  it('filters a search by its criteria and pages it from firstResult 0, saying whether more follow', async () => {
    const { sim, ids } = await parcels();
    expect(soapOperation(sim, 'SearchParcels').input.parameters).toBeDefined();
    const search = (first: number) =>
      soapCall(sim, 'SearchParcels', `<s:SearchParcels xmlns:s="urn:example:lockers:service" xmlns:pl="urn:example:lockers:types"><criteria><pl:status>WAITING</pl:status></criteria><paging><pl:firstResult>${first}</pl:firstResult><pl:fetchSize>2</pl:fetchSize></paging></s:SearchParcels>`);
    const first = search(0);
    expect(listed(first, 'parcel').map((p) => p['parcelId'])).toEqual([ids[0], ids[2]]);
    expect([first['totalRecords'], first['moreResults']]).toEqual([3, true]);
    const last = search(2);
    expect(listed(last, 'parcel').map((p) => p['parcelId'])).toEqual([ids[3]]);
    expect([last['totalRecords'], last['moreResults']]).toEqual([3, false]);
  });
});
