import { describe, expect, it } from 'vitest';
import { actionOf, readEnvelope, SOAP11_NS, SOAP12_NS, soapVersionOfContentType } from './read-envelope.js';

const bytes = (text: string) => Buffer.from(text);
const soap = (ns: string, inner: string) => bytes(`<?xml version="1.0"?><s:Envelope xmlns:s="${ns}">${inner}</s:Envelope>`);

describe('readEnvelope', () => {
  it('reads a SOAP 1.1 envelope: version, header blocks and the payload', () => {
    const read = readEnvelope(soap(SOAP11_NS, '<s:Header><h:a xmlns:h="urn:h">1</h:a><h:b xmlns:h="urn:h"/></s:Header><s:Body>\n <m:Get xmlns:m="urn:m"><id>1</id></m:Get></s:Body>'));
    expect(read).toMatchObject({ version: '1.1', headers: [{ local: 'a' }, { local: 'b' }], payload: { ns: 'urn:m', local: 'Get' } });
  });

  it('reads a SOAP 1.2 envelope whose Header is empty and self-closed', () => {
    expect(readEnvelope(soap(SOAP12_NS, '<s:Header/><s:Body><m:Get xmlns:m="urn:m"/></s:Body>'))).toMatchObject({ version: '1.2', headers: [], payload: { local: 'Get' } });
  });

  it('gives a null payload for an empty Body', () => {
    expect(readEnvelope(soap(SOAP11_NS, '<s:Body/>'))).toMatchObject({ version: '1.1', headers: [], payload: null, body: { local: 'Body' } });
  });

  it('tells a foreign envelope namespace (VersionMismatch) from something that is no envelope', () => {
    expect(readEnvelope(soap('urn:not-soap', '<s:Body/>'))).toMatchObject({ problem: 'version_mismatch' });
    expect(readEnvelope(bytes('<Get/>'))).toMatchObject({ problem: 'not_envelope' });
    expect(readEnvelope(soap(SOAP11_NS, '<s:Header/>'))).toMatchObject({ problem: 'not_envelope', message: 'the Envelope has no Body' });
  });

  it('refuses malformed and hostile bodies without expanding anything', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE s:Envelope [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><s:Envelope xmlns:s="${SOAP11_NS}"><s:Body><x>&c;</x></s:Body></s:Envelope>`;
    const xxe = `<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><s:Envelope xmlns:s="${SOAP11_NS}"><s:Body><x>&e;</x></s:Body></s:Envelope>`;
    for (const hostile of [laughs, xxe]) expect(readEnvelope(bytes(hostile))).toMatchObject({ problem: 'malformed', message: expect.stringContaining('DOCTYPE') });
    expect(readEnvelope(soap(SOAP11_NS, '<s:Body><x>&undeclared;</x></s:Body>'))).toMatchObject({ problem: 'malformed' });
    expect(readEnvelope(soap(SOAP11_NS, '<s:Body><x></s:Body>'))).toMatchObject({ problem: 'malformed' });
    expect(readEnvelope(bytes(''))).toMatchObject({ problem: 'malformed' });
    expect(readEnvelope(new Uint8Array([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e]))).toMatchObject({ problem: 'malformed' });
  });
});

describe('soapVersionOfContentType', () => {
  it('knows 1.1 by text/xml and 1.2 by application/soap+xml', () => {
    expect(soapVersionOfContentType('text/xml; charset=utf-8')).toBe('1.1');
    expect(soapVersionOfContentType(' Application/SOAP+XML;charset=utf-8;action="urn:a"')).toBe('1.2');
    expect(soapVersionOfContentType('application/json')).toBeNull();
    expect(soapVersionOfContentType(undefined)).toBeNull();
  });
});

describe('actionOf', () => {
  it("reads 1.1's SOAPAction header without its quotes", () => {
    expect(actionOf({ soapaction: '"urn:crm/GetCustomer"' }, '1.1')).toBe('urn:crm/GetCustomer');
    expect(actionOf({ SOAPAction: ['urn:x'] }, '1.1')).toBe('urn:x');
    expect(actionOf({ soapaction: '""' }, '1.1')).toBeNull();
    expect(actionOf({}, '1.1')).toBeNull();
  });

  it("reads 1.2's action parameter of the content type", () => {
    expect(actionOf({ 'content-type': 'application/soap+xml; charset=utf-8; action="urn:crm/Get;x"' }, '1.2')).toBe('urn:crm/Get;x');
    expect(actionOf({ 'content-type': 'application/soap+xml;Action=urn:a' }, '1.2')).toBe('urn:a');
    expect(actionOf({ 'content-type': 'application/soap+xml; action=""' }, '1.2')).toBeNull();
    expect(actionOf({ 'content-type': 'application/soap+xml', soapaction: 'urn:a' }, '1.2')).toBeNull();
  });
});
