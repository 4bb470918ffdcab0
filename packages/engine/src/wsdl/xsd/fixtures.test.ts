import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../diagnostics/diagnostics.js';
import { parseXml } from '../../xml/parse-xml.js';
import { attribute, type XmlElement } from '../../xml/xml-tree.js';
import { generated } from './test-helpers.js';
import { xsChildren, XSD_NS } from './xsd-index.js';
import { XsdModel, type XsdSource } from './xsd-model.js';

/** The WSDL fixtures' schemas, converted whole: every global element and type, with values the generator makes for them. */
const ROOT = new URL('../../../test-fixtures/wsdl/', import.meta.url).pathname;
const VALID = ['bank-accounts-rpc.wsdl', 'bundle-payroll', 'bundle-travel', 'carrier-shipping-soap12.wsdl', 'crm-customers.wsdl', 'external-import.wsdl', 'legacy-encoded.wsdl', 'public-permits-register.wsdl', 'weather-bare.wsdl'];

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path).sort().flatMap((name) => files(join(path, name)));
}

function schemasIn(element: XmlElement, out: XmlElement[]): void {
  if (element.ns === XSD_NS && element.local === 'schema') out.push(element);
  else for (const child of element.children) if (typeof child !== 'string') schemasIn(child, out);
}

/** Every schema of a fixture, chameleon includes given their includer's namespace (as the WSDL side does). */
function sourcesOf(fixture: string): XsdSource[] {
  const found: { path: string; schema: XmlElement }[] = [];
  for (const file of files(join(ROOT, fixture)).filter((f) => /\.(wsdl|xsd)$/.test(f))) {
    const schemas: XmlElement[] = [];
    schemasIn(parseXml(readFileSync(file)), schemas);
    for (const schema of schemas) found.push({ path: relative(ROOT, file), schema });
  }
  const chameleons = new Map<string, string>();
  for (const { path, schema } of found) {
    for (const include of xsChildren(schema, 'include')) {
      const target = normalize(join(dirname(path), attribute(include, 'schemaLocation') ?? ''));
      chameleons.set(target, attribute(schema, 'targetNamespace') ?? '');
    }
  }
  return found.map((s) => (chameleons.has(s.path) && attribute(s.schema, 'targetNamespace') === undefined ? { ...s, targetNamespace: chameleons.get(s.path)! } : s));
}

describe('the WSDL fixtures\' schemas', () => {
  it.each(VALID)('%s converts, and the generator\'s values fit', (fixture) => {
    const sources = sourcesOf(fixture);
    const diagnostics = new Diagnostics();
    const model = new XsdModel(sources, diagnostics);
    const failures: string[] = [];
    for (const { schema, targetNamespace } of sources) {
      const ns = attribute(schema, 'targetNamespace') ?? targetNamespace ?? '';
      for (const child of xsChildren(schema)) {
        const local = attribute(child, 'name');
        if (local === undefined || (child.local !== 'element' && child.local !== 'complexType')) continue;
        const converted = child.local === 'element' ? model.element({ ns, local }, {}) : model.type({ ns, local }, {});
        for (const result of generated(model, converted, ['a', 'b', 'c'])) if (!result.ok) failures.push(`${local}: ${result.problem} in ${JSON.stringify(result.value)}`);
      }
    }
    expect(failures).toEqual([]);
    const unresolved = diagnostics.warnings.map((w) => `${w.code} ${w.location} ${w.message}`);
    if (fixture === 'external-import.wsdl') expect(unresolved).toHaveLength(2);
    else expect(unresolved).toEqual([]);
    expect(Object.keys(model.schemas).length).toBeGreaterThan(0);
  });

  it('reads the chameleon include of bundle-travel in its includer\'s namespace', () => {
    const model = new XsdModel(sourcesOf('bundle-travel'), new Diagnostics());
    model.element({ ns: 'http://schemas.skyway-travel.example/booking/2.0', local: 'CreateBooking' }, {});
    expect(model.schemas.FlightSegment).toMatchObject({ properties: { origin: { type: 'string', pattern: '^(?:[A-Z]{3})$' } } });
  });

  it('reads carrier-shipping\'s substitution group and unqualified elements', () => {
    const ns = 'urn:northwind-parcel:shipping:2019-03';
    const model = new XsdModel(sourcesOf('carrier-shipping-soap12.wsdl'), new Diagnostics());
    expect(model.elementInfo({ ns, local: 'Package' })).toMatchObject({ abstract: true, substitutes: [{ ns, local: 'Parcel' }, { ns, local: 'Pallet' }, { ns, local: 'Envelope' }] });
    model.element({ ns, local: 'Shipment' }, {});
    const texts = JSON.stringify(model.schemas);
    expect(texts).toContain(`"x-xml":{"name":"Parcel","ns":"${ns}"}`);
    expect(texts).toContain('"ns":""');
  });
});
