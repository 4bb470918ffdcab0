import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import type { Json, JsonObject } from '../../../json.js';
import { serialiseArtifact } from '../../../artifact/build-artifact.js';
import { SimClient } from '../../../testing/sim-client.js';
import { listed, soapCall, soapSimulation, type SoapSimulation, type SoapVersion } from './test-soap-calls.js';

/**
 * SOAP lists answer as their input asks, over raw envelopes: a status element keeps the records
 * with that status (a repeated one, those with any of its values), a limit caps the answer and
 * a page number or page token moves on through the records and comes to an end, on the
 * catalog's customer directory, the payroll bundle, the carrier's SOAP 1.2 service and the CRM.
 * Expectations about seeded records are taken from the same Simulation's unfiltered list.
 */
const FIXTURES = new URL('../../../../test-fixtures/wsdl/', import.meta.url);
const CATALOG = new URL('../../../../../composition/catalog/customers.wsdl', import.meta.url);
const CATALOG_NS = 'urn:simplane:catalog:customers';
const PAYROLL_NS = 'http://services.paywell-hr.example/EmployeeService/2021';
const CARRIER_NS = 'urn:northwind-parcel:shipping:2019-03';
const CRM_NS = 'http://crm.acme-example.test/schemas/customer/v4';

/** A bundle folder zipped with its WSDL first, as an upload. */
function bundle(folder: string, main: string): Uint8Array {
  const root = fileURLToPath(new URL(`${folder}/`, FIXTURES));
  const files = readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((f) => f.isFile())
    .map((f) => relative(root, join(f.parentPath, f.name)).split('\\').join('/'))
    .sort((a, b) => Number(b === main) - Number(a === main) || a.localeCompare(b));
  return zipSync(Object.fromEntries(files.map((f) => [f, readFileSync(join(root, f))])));
}

const field = (name: string) => (record: JsonObject): Json | undefined => record[name];

describe('the catalog customer directory', () => {
  async function directory(): Promise<{ sim: SoapSimulation; names: string[] }> {
    const sim = await soapSimulation(readFileSync(CATALOG));
    const people: [string, string][] = [['Ada', 'active'], ['Brook', 'suspended'], ['Cato', 'active'], ['Dana', 'active'], ['Emil', 'closed']];
    for (const [name, status] of people) {
      soapCall(sim, 'CreateCustomer', `<c:CreateCustomer xmlns:c="${CATALOG_NS}"><c:customer><c:name>${name}</c:name><c:email>${name.toLowerCase()}@example.com</c:email><c:status>${status}</c:status></c:customer></c:CreateCustomer>`);
    }
    return { sim, names: people.map(([name]) => name) };
  }
  const listCustomers = (sim: SoapSimulation, inner: string, version: SoapVersion = '1.1') => soapCall(sim, 'ListCustomers', `<c:ListCustomers xmlns:c="${CATALOG_NS}">${inner}</c:ListCustomers>`, version);

  it.each(['1.1', '1.2'] as const)('answers only the customers of the status asked for, counted in totalCount (SOAP %s)', async (version) => {
    const { sim, names } = await directory();
    const all = listCustomers(sim, '', version);
    expect(listed(all, 'customer').map(field('name'))).toEqual(names);
    const active = listCustomers(sim, '<c:status>active</c:status>', version);
    expect(listed(active, 'customer').map(field('name'))).toEqual(['Ada', 'Cato', 'Dana']);
    expect(active['totalCount']).toBe(3);
    expect(listed(listCustomers(sim, '<c:status>closed</c:status>', version), 'customer').map(field('name'))).toEqual(['Emil']);
  });

  it('caps the answer at maxResults, alone and with a status', async () => {
    const { sim } = await directory();
    const two = listCustomers(sim, '<c:maxResults>2</c:maxResults>');
    expect(listed(two, 'customer').map(field('name'))).toEqual(['Ada', 'Brook']);
    expect(two['totalCount']).toBe(5);
    const activeTwo = listCustomers(sim, '<c:status>active</c:status><c:maxResults>2</c:maxResults>');
    expect(listed(activeTwo, 'customer').map(field('name'))).toEqual(['Ada', 'Cato']);
    expect(activeTwo['totalCount']).toBe(3);
  });

  it('answers every customer to an artifact whose input names no list parameters, as an older artifact does', async () => {
    const { sim, names } = await directory();
    const artifact = structuredClone(sim.artifact);
    const input = Object.values(artifact.soap!.operations).find((op) => op.name === 'ListCustomers')!.input;
    expect(input.parameters).toEqual({ status: ['status'], maxResults: ['maxResults'] });
    delete input.parameters;
    const older: SoapSimulation = { artifact, client: await SimClient.fromBytes(serialiseArtifact(artifact).bytes, { sampleRecords: 0 }) };
    for (const [name, status] of [['Ada', 'active'], ['Brook', 'suspended']]) {
      soapCall(older, 'CreateCustomer', `<c:CreateCustomer xmlns:c="${CATALOG_NS}"><c:customer><c:name>${name}</c:name><c:email>x@example.com</c:email><c:status>${status}</c:status></c:customer></c:CreateCustomer>`);
    }
    expect(listed(listCustomers(older, '<c:status>active</c:status>'), 'customer').map(field('name'))).toEqual(names.slice(0, 2));
  });
});

describe('the payroll bundle (document/literal wrapped, .NET style)', () => {
  const find = (sim: SoapSimulation, inner: string) => soapCall(sim, 'FindEmployees', `<e:FindEmployees xmlns:e="${PAYROLL_NS}">${inner}</e:FindEmployees>`);
  const ids = (answer: JsonObject) => listed(answer, 'Employee').map(field('EmployeeID'));

  it('keeps the employees of the department and of any of the statuses asked for', async () => {
    const sim = await soapSimulation(bundle('bundle-payroll', 'wsdl/payroll.wsdl'), 8);
    const all = listed(find(sim, '<e:PageSize>100</e:PageSize>'), 'Employee');
    expect(all).toHaveLength(8);
    const [first, second] = [...new Set(all.map(field('Status')))] as string[];
    const held = (statuses: Json[]) => all.filter((e) => statuses.includes(e['Status']!)).map(field('EmployeeID'));
    // The seed gives the eight employees two statuses or more, so a status leaves some out.
    expect(second).toBeDefined();
    const one = find(sim, `<e:Status>${first}</e:Status><e:PageSize>100</e:PageSize>`);
    expect(ids(one)).toEqual(held([first!]));
    expect(one['TotalCount']).toBe(held([first!]).length);
    expect(ids(find(sim, `<e:Status>${first}</e:Status><e:Status>${second}</e:Status><e:PageSize>100</e:PageSize>`))).toEqual(held([first!, second!]));
    const department = all[0]!['Department'] as string;
    expect(ids(find(sim, `<e:Department>${department}</e:Department><e:PageSize>100</e:PageSize>`))).toEqual(all.filter((e) => e['Department'] === department).map(field('EmployeeID')));
  });

  it('answers PageSize employees per PageNumber, moving on through them and ending with an empty page', async () => {
    const sim = await soapSimulation(bundle('bundle-payroll', 'wsdl/payroll.wsdl'), 5);
    const all = ids(find(sim, '<e:PageSize>100</e:PageSize>'));
    expect(all).toHaveLength(5);
    const page = (n: number) => find(sim, `<e:PageNumber>${n}</e:PageNumber><e:PageSize>2</e:PageSize>`);
    expect([ids(page(1)), ids(page(2)), ids(page(3))]).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)]);
    expect(ids(page(4))).toEqual([]);
    expect(page(2)['TotalCount']).toBe(5);
  });
});

describe('the carrier (SOAP 1.2, document/literal bare, unqualified elements)', () => {
  it('keeps the shipments of any of the statuses asked for', async () => {
    const sim = await soapSimulation(readFileSync(new URL('carrier-shipping-soap12.wsdl', FIXTURES)), 8);
    const query = (statuses: string[]) =>
      soapCall(sim, 'ListShipments', `<p:ShipmentQuery xmlns:p="${CARRIER_NS}"><shipperAccount>ACME-01</shipperAccount>${statuses.map((s) => `<status>${s}</status>`).join('')}</p:ShipmentQuery>`, '1.2');
    const all = listed(query([]), 'ShipmentDetail');
    expect(all).toHaveLength(8);
    const [first, second] = [...new Set(all.map(field('status')))] as string[];
    expect(second).toBeDefined();
    const held = (statuses: string[]) => all.filter((s) => statuses.includes(s['status'] as string)).map(field('trackingNumber'));
    const one = query([first!]);
    expect(listed(one, 'ShipmentDetail').map(field('trackingNumber'))).toEqual(held([first!]));
    expect(one['count']).toBe(held([first!]).length);
    expect(listed(query([first!, second!]), 'ShipmentDetail').map(field('trackingNumber'))).toEqual(held([first!, second!]));
  });
});

describe('the CRM (SOAP 1.1 and 1.2)', () => {
  it('follows nextPageToken pageSize customers at a time until it is nil', async () => {
    const sim = await soapSimulation(readFileSync(new URL('crm-customers.wsdl', FIXTURES)), 5);
    const list = (inner: string) => soapCall(sim, 'ListCustomers', `<c:ListCustomers xmlns:c="${CRM_NS}">${inner}</c:ListCustomers>`, '1.2');
    const all = listed(list('<c:pageSize>100</c:pageSize>'), 'customer').map(field('customerId'));
    expect(all).toHaveLength(5);
    const pages: (Json | undefined)[][] = [];
    let token: Json | undefined;
    for (let asked = 0; asked < 5; asked += 1) {
      const answer = list(`<c:pageSize>2</c:pageSize>${typeof token === 'string' ? `<c:pageToken>${token}</c:pageToken>` : ''}`);
      pages.push(listed(answer, 'customer').map(field('customerId')));
      token = answer['nextPageToken'];
      if (token === null) break;
    }
    expect(pages).toEqual([all.slice(0, 2), all.slice(2, 4), all.slice(4)]);
    expect(token).toBeNull();
  });

  it("filters a search by the status in its criteria element and caps it at maxResults", async () => {
    const sim = await soapSimulation(readFileSync(new URL('crm-customers.wsdl', FIXTURES)), 8);
    const search = (inner: string) => soapCall(sim, 'SearchCustomers', `<c:SearchCustomers xmlns:c="${CRM_NS}">${inner}</c:SearchCustomers>`);
    const all = listed(soapCall(sim, 'ListCustomers', `<c:ListCustomers xmlns:c="${CRM_NS}"><c:pageSize>100</c:pageSize></c:ListCustomers>`), 'customer');
    const status = all[0]!['status'] as string;
    const held = all.filter((c) => c['status'] === status).map(field('customerId'));
    expect(held.length).toBeLessThan(all.length);
    expect(listed(search(`<c:criteria><c:status>${status}</c:status></c:criteria>`), 'customer').map(field('customerId'))).toEqual(held);
    expect(listed(search(`<c:criteria><c:status>${status}</c:status></c:criteria><c:maxResults>1</c:maxResults>`), 'customer').map(field('customerId'))).toEqual(held.slice(0, 1));
  });
});
