import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { strToU8, zipSync } from 'fflate';
import { folderZip, WSDL_FIXTURES } from './test-fixture-zip.js';
import { describe, expect, it } from 'vitest';
import { Diagnostics, SpecificationRejected } from '../diagnostics/diagnostics.js';
import { parseXml } from '../xml/parse-xml.js';
import { compileWsdl } from './compile-wsdl.js';

/** Each realistic WSDL of test-fixtures/wsdl compiled as an upload would be. */
const FIXTURES = WSDL_FIXTURES;


async function outcome(spec: Uint8Array) {
  const diagnostics = new Diagnostics();
  try {
    return { compiled: await compileWsdl(spec, diagnostics), diagnostics, issues: [] };
  } catch (error) {
    if (error instanceof SpecificationRejected) return { compiled: null, diagnostics, issues: error.issues };
    throw error;
  }
}

const fixture = (path: string): Uint8Array => readFileSync(join(FIXTURES, path));

describe('compileWsdl on the fixtures', () => {
  const builds: [string, () => Uint8Array, string, string[], string, string[]][] = [
    ['bank-accounts-rpc.wsdl', () => fixture('bank-accounts-rpc.wsdl'), 'AccountManagement', ['CreateAccount', 'GetAccount', 'UpdateAccount', 'CloseAccount', 'ListAccounts', 'GetBalance', 'TransferFunds', 'ValidateIban'], '1.1', []],
    ['carrier-shipping-soap12.wsdl', () => fixture('carrier-shipping-soap12.wsdl'), 'ShippingService', ['CreateShipment', 'GetShipment', 'UpdateShipment', 'CancelShipment', 'ListShipments', 'CalculateRate', 'ValidateAddress'], '1.2', []],
    ['crm-customers.wsdl', () => fixture('crm-customers.wsdl'), 'CustomerDirectory', ['CreateCustomer', 'GetCustomer', 'UpdateCustomer', 'DeleteCustomer', 'ListCustomers', 'SearchCustomers', 'Ping'], '1.1,1.2', []],
    ['external-import.wsdl', () => fixture('external-import.wsdl'), 'QuoteService', ['GetQuote', 'Ping'], '1.1', ['wsdl_import_external', 'wsdl_qname_unresolved', 'wsdl_qname_unresolved']],
    ['legacy-encoded.wsdl', () => fixture('legacy-encoded.wsdl'), 'OrderDeskService', ['getOrder', 'listOrders', 'getOrderCount', 'createOrder', 'updateOrder', 'deleteOrder', 'ping'], '1.1', []],
    ['public-permits-register.wsdl', () => fixture('public-permits-register.wsdl'), 'PermitRegister', ['CreatePermitApplication', 'GetPermitApplication', 'UpdatePermitApplication', 'WithdrawPermitApplication', 'ListPermitApplications', 'GetCategoryTree', 'UploadAttachment'], '1.1', []],
    ['weather-bare.wsdl', () => fixture('weather-bare.wsdl'), 'ForecastService', ['GetForecast', 'GetCurrentConditions', 'Ping'], '1.1,1.2', []],
    ['bundle-payroll', () => folderZip('bundle-payroll', 'wsdl/payroll.wsdl'), 'EmployeeService', ['AddEmployee', 'GetEmployee', 'UpdateEmployee', 'RemoveEmployee', 'FindEmployees', 'CalculatePayslip'], '1.1', []],
    ['bundle-travel', () => folderZip('bundle-travel', 'travel-service.wsdl'), 'BookingService', ['CreateBooking', 'RetrieveBooking', 'ModifyBooking', 'CancelBooking', 'SearchAvailability'], '1.1,1.2', []],
  ];

  for (const [name, load, title, operations, versions, warnings] of builds) {
    it(`builds ${name}: its operations, SOAP versions and warnings`, async () => {
      const { compiled, diagnostics, issues } = await outcome(load());
      expect(issues).toEqual([]);
      expect(compiled!.title).toBe(title);
      expect(compiled!.document.operations.map((op) => op.id)).toEqual(operations);
      for (const op of Object.values(compiled!.soap.operations)) expect(op.bindings.map((b) => b.version).join(',')).toBe(versions);
      expect(diagnostics.warnings.map((w) => w.code).filter((code) => code !== 'xsd_construct_unsupported' && !(name === 'legacy-encoded.wsdl' && code === 'wsdl_qname_unresolved'))).toEqual(warnings);
      for (const document of compiled!.soap.documents) {
        expect(document.text).not.toMatch(/location="https?:\/\/[^"]*(?:\.test|example)[^"]*"\s*\/>\s*<\/wsdl:port>/);
        expect(parseXml(document.text).local).toMatch(/^(definitions|schema)$/);
      }
    });
  }

  it('names the bundles documents by their paths, imports pointing at ?xsd=', async () => {
    const { compiled } = await outcome(folderZip('bundle-payroll', 'wsdl/payroll.wsdl'));
    expect(compiled!.soap.documents.map((d) => d.path)).toEqual(expect.arrayContaining(['wsdl/payroll.wsdl', 'schemas/common/types.xsd', 'schemas/payroll/employee.xsd', 'schemas/payroll/compensation.xsd']));
    expect(compiled!.soap.documents[0]!.text).toContain('?xsd=schemas%2F');
  });

  it.each(['wsdl20-description.wsdl', 'hostile/billion-laughs.wsdl', 'hostile/external-dtd.wsdl', 'hostile/external-entity.wsdl', 'hostile/parameter-entity.wsdl'])('refuses %s', async (path) => {
    const { issues } = await outcome(fixture(path));
    expect(issues.map((i) => i.code)).toEqual([path.startsWith('hostile/') ? 'xml_refused' : 'wsdl_version_unsupported']);
    expect(JSON.stringify(issues)).not.toMatch(/root:x:0|lollollol/);
  });

  it('refuses the generated hostile documents', async () => {
    const generator = join(FIXTURES, 'generate-large-bundle.mjs');
    const { hostileDocuments } = (await import(generator)) as { hostileDocuments: () => { name: string; text: string }[] };
    for (const { name, text } of hostileDocuments()) {
      const { issues } = await outcome(strToU8(text));
      expect([name, issues.map((i) => i.code)]).toEqual([name, ['xml_refused']]);
    }
  });

  it('compiles the generated 4 MB bundle of 40 XSDs (its build time is measured by npm run bench)', async () => {
    const generator = join(FIXTURES, 'generate-large-bundle.mjs');
    const { largeWsdlBundle } = (await import(generator)) as { largeWsdlBundle: () => { files: Map<string, string> } };
    const { files } = largeWsdlBundle();
    const zip = zipSync(Object.fromEntries([...files].map(([path, text]) => [path, strToU8(text)])));
    const { compiled, issues } = await outcome(zip);
    expect(issues).toEqual([]);
    expect(compiled!.soap.documents).toHaveLength(files.size);
    expect(compiled!.document.operations.length).toBeGreaterThan(100);
  }, 60_000);
});
