import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../diagnostics/diagnostics.js';
import { parseXml } from '../../xml/parse-xml.js';
import { attribute, type XmlElement } from '../../xml/xml-tree.js';
import { xsChildren, XSD_NS } from './xsd-index.js';
import { XsdModel, type XsdSource } from './xsd-model.js';

// @ts-expect-error: a plain JavaScript generator beside the fixtures, without types.
import { largeWsdlBundle } from '../../../test-fixtures/wsdl/generate-large-bundle.mjs';

function schemasIn(element: XmlElement, out: XmlElement[]): void {
  if (element.ns === XSD_NS && element.local === 'schema') out.push(element);
  else for (const child of element.children) if (typeof child !== 'string') schemasIn(child, out);
}

describe('a 4 MB bundle of 40 schemas', () => {
  it('converts every element, choice, member and attribute of it', () => {
    const { files } = largeWsdlBundle() as { files: Map<string, string> };
    const bytes = [...files.values()].reduce((n, text) => n + text.length, 0);
    expect(bytes).toBeGreaterThan(4_000_000);
    const parse = () => {
      const sources: XsdSource[] = [];
      for (const [path, text] of files) {
        const found: XmlElement[] = [];
        schemasIn(parseXml(text), found);
        for (const schema of found) sources.push({ path, schema });
      }
      return sources;
    };
    const convert = (sources: XsdSource[]) => {
      const model = new XsdModel(sources, new Diagnostics());
      for (const { schema } of sources) {
        const ns = attribute(schema, 'targetNamespace') ?? '';
        for (const element of xsChildren(schema, 'element')) model.element({ ns, local: attribute(element, 'name') ?? '' }, {});
      }
      return model;
    };
    const sources = parse();
    const model = convert(sources);
    expect(Object.keys(model.schemas).length).toBeGreaterThan(300);
    // The same sources give the same schemas, converted again.
    expect(JSON.stringify(convert(sources).schemas)).toBe(JSON.stringify(model.schemas));
  }, 120_000);
});

describe('a type of very many elements and attributes', () => {
  it('converts every element, choice, member and attribute of it', () => {
    const elements = Array.from({ length: 20_000 }, (_, i) => `<xs:element name="e${i}" type="xs:string" minOccurs="0"/>`).join('');
    const choices = Array.from({ length: 2_000 }, (_, i) => `<xs:choice><xs:element name="c${i}" type="xs:int"/></xs:choice>`).join('');
    const attributes = Array.from({ length: 5_000 }, (_, i) => `<xs:attribute name="a${i}" type="xs:int"/>`).join('');
    const text = `<xs:schema xmlns:xs="${XSD_NS}" targetNamespace="urn:wide" xmlns:w="urn:wide"><xs:complexType name="Wide"><xs:sequence>${elements}${choices}<xs:element ref="w:Head"/></xs:sequence>${attributes}</xs:complexType><xs:element name="Head" type="xs:string"/>${Array.from({ length: 2_000 }, (_, i) => `<xs:element name="m${i}" substitutionGroup="w:Head"/>`).join('')}</xs:schema>`;
    const schema = parseXml(text);
    const model = new XsdModel([{ path: 'wide.xsd', schema }], new Diagnostics());
    model.type({ ns: 'urn:wide', local: 'Wide' }, {});
    expect(Object.keys((model.schemas.Wide as { anyOf?: unknown; properties?: object }).properties ?? {}).length).toBe(20_000 + 2_000 + 2_001 + 5_000);
  }, 120_000);
});
