import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElement, textOf, XML_NS } from '../../../xml/xml-tree.js';
import { contentTypeFor, envelope, faultEnvelope, faultStatus, faultXml } from './envelope-xml.js';
import { readEnvelope, SOAP11_NS, SOAP12_NS } from './read-envelope.js';

const payload = (xml: string) => {
  const read = readEnvelope(Buffer.from(xml));
  if ('problem' in read) throw new Error(read.message);
  return read;
};

describe('envelope', () => {
  it('wraps body and header content in the version namespace', () => {
    const xml = envelope('1.1', '<m:r xmlns:m="urn:m"/>', '<h:t xmlns:h="urn:h"/>');
    expect(xml).toBe(`<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="${SOAP11_NS}"><soap:Header><h:t xmlns:h="urn:h"/></soap:Header><soap:Body><m:r xmlns:m="urn:m"/></soap:Body></soap:Envelope>`);
    expect(payload(envelope('1.2', '<r/>'))).toMatchObject({ version: '1.2', headers: [], payload: { local: 'r' } });
    expect(envelope('1.2', '')).not.toContain('Header');
  });
});

describe('faultXml', () => {
  it('writes SOAP 1.1 faults with Client/Server codes', () => {
    const fault = payload(faultEnvelope('1.1', { code: 'client', reason: 'bad <id> & "x"', detail: '<e:NotFound xmlns:e="urn:e"><id>1</id></e:NotFound>', subcode: 'InvalidInput' })).payload!;
    expect(fault).toMatchObject({ ns: SOAP11_NS, local: 'Fault' });
    expect(textOf(childElement(fault, '', 'faultcode')!)).toBe('soap:Client.InvalidInput');
    expect(textOf(childElement(fault, '', 'faultstring')!)).toBe('bad <id> & "x"');
    expect(childElement(childElement(fault, '', 'detail')!, 'urn:e', 'NotFound')).toBeDefined();
    expect(faultXml('1.1', { code: 'server', reason: 'r' })).toBe('<soap:Fault><faultcode>soap:Server</faultcode><faultstring>r</faultstring></soap:Fault>');
  });

  it('writes SOAP 1.2 faults with Sender/Receiver codes, a lang-tagged reason and a Subcode', () => {
    const fault = payload(faultEnvelope('1.2', { code: 'client', reason: 'no\u0000 way', detail: '<d/>', subcode: '{urn:errors}NotFound' })).payload!;
    const code = childElement(fault, SOAP12_NS, 'Code')!;
    expect(textOf(childElement(code, SOAP12_NS, 'Value')!)).toBe('soap:Sender');
    const sub = childElement(childElement(code, SOAP12_NS, 'Subcode')!, SOAP12_NS, 'Value')!;
    expect(textOf(sub)).toBe('sub:NotFound');
    expect(sub.declared).toEqual({ sub: 'urn:errors' });
    const text = childElement(childElement(fault, SOAP12_NS, 'Reason')!, SOAP12_NS, 'Text')!;
    expect(text.attributes).toMatchObject([{ ns: XML_NS, local: 'lang', value: 'en' }]);
    expect(textOf(text)).toBe('no\uFFFD way');
    expect(childElement(childElement(fault, SOAP12_NS, 'Detail')!, '', 'd')).toBeDefined();
  });

  it('names every code in each version', () => {
    const codes = { client: ['Client', 'Sender'], server: ['Server', 'Receiver'], version_mismatch: ['VersionMismatch', 'VersionMismatch'], must_understand: ['MustUnderstand', 'MustUnderstand'] } as const;
    for (const [code, [v11, v12]] of Object.entries(codes) as [keyof typeof codes, readonly [string, string]][]) {
      expect(faultXml('1.1', { code, reason: 'r' })).toContain(`<faultcode>soap:${v11}</faultcode>`);
      expect(faultXml('1.2', { code, reason: 'r' })).toContain(`<soap:Value>soap:${v12}</soap:Value>`);
      expect(() => parseXml(faultEnvelope('1.2', { code, reason: ']]><x' }))).not.toThrow();
    }
    expect(faultStatus('1.1', 'client')).toBe(500);
    expect(faultStatus('1.2', 'client')).toBe(400);
    expect(faultStatus('1.2', 'server')).toBe(500);
  });
});

describe('contentTypeFor', () => {
  it('names the version, and 1.2 carries the action', () => {
    expect(contentTypeFor('1.1', 'urn:a')).toBe('text/xml; charset=utf-8');
    expect(contentTypeFor('1.2')).toBe('application/soap+xml; charset=utf-8');
    expect(contentTypeFor('1.2', 'urn:a"\r\nX: y')).toBe('application/soap+xml; charset=utf-8; action="urn:a\\"X: y"');
  });
});
