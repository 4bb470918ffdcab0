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
  it('converts in less time than parsing it takes', () => {
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
    // Timings are held against parsing the same bytes, measured beside them: test machines run other suites at once.
    let started = performance.now();
    const sources = parse();
    const parsing = performance.now() - started;
    convert(sources);
    started = performance.now();
    const model = convert(sources);
    const converting = performance.now() - started;
    expect(Object.keys(model.schemas).length).toBeGreaterThan(300);
    expect(converting).toBeLessThan(parsing);
  }, 120_000);
});
