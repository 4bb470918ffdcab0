import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import { attribute, childElements, textOf, XSI_NS, type XmlElement } from '../../../xml/xml-tree.js';
import { soapSimulation, type SoapSimulation } from './test-soap-calls.js';

/**
 * SOAP-encoded (rpc/encoded) services driven over raw envelopes as their clients write them:
 * Apache Axis 1 (each struct, array and Long a `multiRef` after the call, referred to by
 * `href`), .NET and SOAP::Lite (`xsi:type` on every value, inline), and clients that name no
 * type at all; SOAP 1.2's encoding (`enc:ref`, `enc:itemType`) where the binding uses it.
 * Answers are read as those clients read them: the `<OpResponse>` wrapper, unqualified part
 * accessors, `xsi:type` on every value, arrays' `soapenc:arrayType`, the `encodingStyle`.
 */

const fixture = (name: string) => readFileSync(new URL(`../../../../test-fixtures/wsdl/${name}`, import.meta.url));
const SOAP11 = 'http://schemas.xmlsoap.org/soap/envelope/';
const SOAP12 = 'http://www.w3.org/2003/05/soap-envelope';
const ENC11 = 'http://schemas.xmlsoap.org/soap/encoding/';
const ENC12 = 'http://www.w3.org/2003/05/soap-encoding';
const XSD = 'http://www.w3.org/2001/XMLSchema';
const DECLARED = `xmlns:xsd="${XSD}" xmlns:xsi="${XSI_NS}" xmlns:soapenc="${ENC11}"`;

type Version = '1.1' | '1.2';

interface Answer {
  status: number;
  text: string;
  /** The Body's first element. */
  body: XmlElement;
}

function post(sim: SoapSimulation, action: string, body: string, version: Version = '1.1'): Answer {
  const env = version === '1.1' ? SOAP11 : SOAP12;
  const headers: Record<string, string> = version === '1.1' ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` } : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` };
  const answer = sim.client.call({ method: 'POST', path: '/', headers, body: `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="${env}" ${DECLARED} xmlns:enc="${ENC12}"><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>` });
  const envelope = parseXml(new TextEncoder().encode(answer.text));
  const bodyElement = childElements(envelope).find((c) => c.local === 'Body')!;
  return { status: answer.status, text: answer.text, body: childElements(bodyElement)[0]! };
}

const child = (element: XmlElement, local: string): XmlElement => {
  const found = childElements(element).find((c) => c.local === local);
  if (found === undefined) throw new Error(`<${element.name}> has no <${local}>`);
  return found;
};

/** An `xsi:type` (or other QName attribute) as `{namespace}local`, resolved where it is written. */
function qnameAttribute(element: XmlElement, local: string, ns: string): string | undefined {
  const value = attribute(element, local, ns);
  if (value === undefined) return undefined;
  const colon = value.indexOf(':');
  const prefix = colon < 0 ? '' : value.slice(0, colon);
  let uri: string | undefined;
  for (let at: XmlElement | null = element; at !== null && uri === undefined; at = at.parent) uri = at.declared[prefix];
  return `{${uri ?? ''}}${value.slice(colon + 1)}`;
}

const xsiType = (element: XmlElement) => qnameAttribute(element, 'type', XSI_NS);

function faultString(answer: Answer): string {
  expect(answer.body.local, answer.text).toBe('Fault');
  const reason = childElements(answer.body).find((c) => c.local === 'faultstring' || c.local === 'Reason')!;
  return reason.local === 'Reason' ? textOf(childElements(reason)[0]!) : textOf(reason);
}

describe('a calculator bound rpc/encoded for SOAP 1.1 and 1.2 (calculator-encoded.wsdl)', () => {
  it('takes a call with xsi:type on every value (.NET, SOAP::Lite) and one with none, and answers the encoded result', async () => {
    const sim = await soapSimulation(fixture('calculator-encoded.wsdl'));
    for (const call of [
      `<m:Add xmlns:m="urn:numbers" soapenv:encodingStyle="${ENC11}"><a xsi:type="xsd:int">2</a><b xsi:type="xsd:int">40</b></m:Add>`,
      '<m:Add xmlns:m="urn:numbers"><a>2</a><b>40</b></m:Add>',
    ]) {
      const answer = post(sim, 'urn:numbers#Add', call);
      expect(answer.status, answer.text).toBe(200);
      expect([answer.body.ns, answer.body.local]).toEqual(['urn:numbers', 'AddResponse']);
      expect(attribute(answer.body, 'encodingStyle', SOAP11)).toBe(ENC11);
      const result = child(answer.body, 'result');
      // An unqualified accessor with its type named.
      expect(result.ns).toBe('');
      expect(xsiType(result)).toBe(`{${XSD}}int`);
      expect(textOf(result)).toMatch(/^-?\d+$/);
    }
  });

  it('refuses a value its type cannot hold with a Client Fault naming the part', async () => {
    const sim = await soapSimulation(fixture('calculator-encoded.wsdl'));
    const answer = post(sim, 'urn:numbers#Add', '<m:Add xmlns:m="urn:numbers"><a xsi:type="xsd:int">two</a><b xsi:type="xsd:int">40</b></m:Add>');
    expect(answer.status).toBe(500);
    expect(textOf(child(answer.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(answer)).toMatch(/\ba must be integer/);
  });

  it('answers an array as soapenc:Array with its items’ type and count, each item typed', async () => {
    const sim = await soapSimulation(fixture('calculator-encoded.wsdl'));
    const answer = post(sim, 'urn:numbers#SplitWords', '<m:SplitWords xmlns:m="urn:numbers"><sentence xsi:type="xsd:string">one two three</sentence></m:SplitWords>');
    expect(answer.status, answer.text).toBe(200);
    const words = child(answer.body, 'words');
    const items = childElements(words);
    expect(xsiType(words)).toBe(`{${ENC11}}Array`);
    const arrayType = attribute(words, 'arrayType', ENC11)!;
    expect(qnameAttribute(words, 'arrayType', ENC11)).toBe(`{${XSD}}string[${items.length}]`);
    expect(arrayType).toMatch(/\[\d+\]$/);
    for (const item of items) expect([item.local, xsiType(item)]).toEqual(['item', `{${XSD}}string`]);
  });

  it('reads an array’s items whatever their names, and refuses an item its type cannot hold, naming it', async () => {
    const sim = await soapSimulation(fixture('calculator-encoded.wsdl'));
    const values = (items: string) => `<m:Average xmlns:m="urn:numbers"><values xsi:type="soapenc:Array" soapenc:arrayType="xsd:double[3]">${items}</values><weights soapenc:arrayType="xsd:double[0]" xsi:type="soapenc:Array"/></m:Average>`;
    const fine = post(sim, 'urn:numbers#Average', values('<double>1.5</double><item xsi:type="xsd:double">2</item><v>3e0</v>'));
    expect(fine.status, fine.text).toBe(200);
    expect(xsiType(child(fine.body, 'mean'))).toBe(`{${XSD}}double`);
    const refused = post(sim, 'urn:numbers#Average', values('<item>1</item><item>many</item>'));
    expect(refused.status).toBe(500);
    expect(faultString(refused)).toMatch(/\bvalues\W1\b/);
  });

  it('answers SOAP 1.2 in SOAP 1.2’s encoding: enc:itemType and enc:arraySize, the encodingStyle in the 1.2 envelope’s namespace', async () => {
    const sim = await soapSimulation(fixture('calculator-encoded.wsdl'));
    const answer = post(sim, 'urn:numbers#SplitWords', `<m:SplitWords xmlns:m="urn:numbers" soapenv:encodingStyle="${ENC12}"><sentence>one two</sentence></m:SplitWords>`, '1.2');
    expect(answer.status, answer.text).toBe(200);
    expect(attribute(answer.body, 'encodingStyle', SOAP12)).toBe(ENC12);
    const words = child(answer.body, 'words');
    expect(qnameAttribute(words, 'itemType', ENC12)).toBe(`{${XSD}}string`);
    expect(attribute(words, 'arraySize', ENC12)).toBe(String(childElements(words).length));
    expect(attribute(words, 'arrayType', ENC11)).toBeUndefined();
  });
});

describe('a stock-quote feed answering arrays of structs (stock-quotes-encoded.wsdl)', () => {
  it('reads an Apache Axis 1 call whose array and Long are multiRefs, and answers an array of typed structs', async () => {
    const sim = await soapSimulation(fixture('stock-quotes-encoded.wsdl'));
    const quotes = post(
      sim,
      '',
      `<ns1:getQuotes soapenv:encodingStyle="${ENC11}" xmlns:ns1="urn:quotes.ticker-example.test"><symbols href="#id0"/></ns1:getQuotes>` +
        `<multiRef id="id0" soapenc:root="0" soapenv:encodingStyle="${ENC11}" xsi:type="soapenc:Array" soapenc:arrayType="soapenc:string[2]"><item xsi:type="soapenc:string">ACME</item><item href="#id1"/></multiRef>` +
        `<multiRef id="id1" soapenc:root="0" soapenv:encodingStyle="${ENC11}" xsi:type="soapenc:string">INIT</multiRef>`,
    );
    expect(quotes.status, quotes.text).toBe(200);
    const returned = child(quotes.body, 'getQuotesReturn');
    const items = childElements(returned);
    expect(qnameAttribute(returned, 'arrayType', ENC11)).toBe(`{http://beans.quotes.ticker-example.test}Quote[${items.length}]`);
    for (const item of items) {
      expect(xsiType(item)).toBe('{http://beans.quotes.ticker-example.test}Quote');
      expect(childElements(item).map((c) => [c.local, xsiType(c)])).toEqual([
        ['symbol', `{${ENC11}}string`],
        ['last', `{${XSD}}double`],
        ['change', `{${XSD}}double`],
        ['volume', `{${XSD}}long`],
        ['time', `{${XSD}}dateTime`],
      ]);
    }
    const history = post(sim, '', `<ns1:getHistory xmlns:ns1="urn:quotes.ticker-example.test"><symbol xsi:type="soapenc:string">ACME</symbol><days xsi:type="xsd:int">5</days><since href="#id0"/></ns1:getHistory><multiRef id="id0" soapenc:root="0" xsi:type="xsd:long">1700000000000</multiRef>`);
    expect(history.status, history.text).toBe(200);
    // The multiRef written before the call: the call is still the Body's serialization root.
    const before = post(sim, '', `<multiRef id="id0" soapenc:root="0" xsi:type="xsd:long">1700000000000</multiRef><ns1:getHistory xmlns:ns1="urn:quotes.ticker-example.test"><symbol xsi:type="soapenc:string">ACME</symbol><days xsi:type="xsd:int">5</days><since href="#id0"/></ns1:getHistory>`);
    expect(before.status, before.text).toBe(200);
    expect(before.body.local).toBe('getHistoryResponse');
  });

  it('refuses a reference to no value, and a value that refers to itself, with Client Faults that say so', async () => {
    const sim = await soapSimulation(fixture('stock-quotes-encoded.wsdl'));
    const dangling = post(sim, '', '<ns1:getQuote xmlns:ns1="urn:quotes.ticker-example.test"><symbol href="#nowhere"/></ns1:getQuote>');
    expect(textOf(child(dangling.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(dangling)).toContain('"nowhere"');
    const cycle = post(sim, '', '<ns1:getQuotes xmlns:ns1="urn:quotes.ticker-example.test"><symbols href="#a"/></ns1:getQuotes><multiRef id="a" xsi:type="soapenc:Array"><item href="#a"/></multiRef>');
    expect(textOf(child(cycle.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(cycle)).toContain('refers to itself');
  });
});

describe('an address book of structs within structs (address-book-encoded.wsdl)', () => {
  const CREATE_AXIS =
    `<ns1:createContact soapenv:encodingStyle="${ENC11}" xmlns:ns1="urn:addressbook"><contact href="#id0"/></ns1:createContact>` +
    `<multiRef id="id0" soapenc:root="0" xsi:type="ns2:Contact" xmlns:ns2="urn:addressbook:types"><name xsi:type="xsd:string">Ada Lovelace</name><email xsi:type="xsd:string">ada@example.test</email><address href="#id1"/><phones href="#id2"/></multiRef>` +
    `<multiRef id="id1" soapenc:root="0" xsi:type="ns3:Address" xmlns:ns3="urn:addressbook:types"><city xsi:type="xsd:string">London</city><street xsi:type="xsd:string">12 St James's Square</street><postcode xsi:type="xsd:string">SW1Y 4JH</postcode></multiRef>` +
    `<multiRef id="id2" soapenc:root="0" xsi:type="soapenc:Array" soapenc:arrayType="ns4:Phone[2]" xmlns:ns4="urn:addressbook:types"><item href="#id3"/><item href="#id3"/></multiRef>` +
    `<multiRef id="id3" soapenc:root="0" xsi:type="ns5:Phone" xmlns:ns5="urn:addressbook:types"><kind xsi:type="xsd:string">home</kind><number xsi:type="xsd:string">+44 20 7946 0000</number></multiRef>`;

  /** A Contact of an answer as the fields it holds: simple values as text, structs and arrays as theirs. */
  function fields(element: XmlElement): unknown {
    const children = childElements(element);
    if (children.length === 0) return attribute(element, 'nil', XSI_NS) === 'true' ? null : textOf(element);
    if (attribute(element, 'arrayType', ENC11) !== undefined || attribute(element, 'itemType', ENC12) !== undefined) return children.map(fields);
    return Object.fromEntries(children.map((c) => [c.local, fields(c)]));
  }

  it('creates a contact sent as Axis multiRefs (a shared value referred to twice), then reads, updates, lists and deletes it', async () => {
    const sim = await soapSimulation(fixture('address-book-encoded.wsdl'));
    const created = post(sim, 'urn:addressbook#createContact', CREATE_AXIS);
    expect(created.status, created.text).toBe(200);
    const contact = fields(child(created.body, 'return')) as Record<string, unknown>;
    const phone = { kind: 'home', number: '+44 20 7946 0000' };
    expect(contact).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.test', address: { street: "12 St James's Square", city: 'London', postcode: 'SW1Y 4JH' }, phones: [phone, phone] });
    const id = contact.contactId as string;
    expect(id).toMatch(/^-?\d+$/);

    // Read by a client that names no types.
    const read = post(sim, 'urn:addressbook#getContact', `<m:getContact xmlns:m="urn:addressbook"><contactId>${id}</contactId></m:getContact>`);
    expect(fields(child(read.body, 'return'))).toEqual(contact);
    expect(xsiType(child(read.body, 'return'))).toBe('{urn:addressbook:types}Contact');

    // Updated by SOAP::Lite: every value inline, typed.
    const updated = post(sim, 'urn:addressbook#updateContact', `<m:updateContact xmlns:m="urn:addressbook"><contactId xsi:type="xsd:int">${id}</contactId><contact xsi:type="namesp1:Contact" xmlns:namesp1="urn:addressbook:types"><name xsi:type="xsd:string">Ada King</name></contact></m:updateContact>`);
    expect(updated.status, updated.text).toBe(200);
    expect(fields(child(updated.body, 'return'))).toMatchObject({ contactId: id, name: 'Ada King', email: 'ada@example.test' });

    const listed = post(sim, 'urn:addressbook#listContacts', '<m:listContacts xmlns:m="urn:addressbook"><maxResults xsi:type="xsd:int">10</maxResults></m:listContacts>');
    const all = child(listed.body, 'return');
    expect(qnameAttribute(all, 'arrayType', ENC11)).toBe('{urn:addressbook:types}Contact[1]');
    expect((fields(all) as Record<string, unknown>[]).map((c) => c.name)).toEqual(['Ada King']);

    const deleted = post(sim, 'urn:addressbook#deleteContact', `<m:deleteContact xmlns:m="urn:addressbook"><contactId xsi:type="xsd:int">${id}</contactId></m:deleteContact>`);
    expect([textOf(child(deleted.body, 'deleted')), xsiType(child(deleted.body, 'deleted'))]).toEqual(['true', `{${XSD}}boolean`]);
    const gone = post(sim, 'urn:addressbook#getContact', `<m:getContact xmlns:m="urn:addressbook"><contactId>${id}</contactId></m:getContact>`);
    expect(textOf(child(gone.body, 'faultcode'))).toMatch(/:Client$/);
  });

  it('takes SOAP 1.2’s references (enc:ref to enc:id) and answers in SOAP 1.2’s encoding', async () => {
    const sim = await soapSimulation(fixture('address-book-encoded.wsdl'));
    const created = post(
      sim,
      'urn:addressbook#createContact',
      `<m:createContact xmlns:m="urn:addressbook" soapenv:encodingStyle="${ENC12}"><contact enc:ref="c1"/></m:createContact>` +
        `<m:contactValue enc:id="c1" xmlns:m="urn:addressbook"><name>Grace Hopper</name><phones enc:itemType="ab:Phone" enc:arraySize="1" xmlns:ab="urn:addressbook:types"><item enc:ref="p1"/></phones></m:contactValue>` +
        '<m:phoneValue enc:id="p1" xmlns:m="urn:addressbook"><kind>work</kind><number>555-0100</number></m:phoneValue>',
      '1.2',
    );
    expect(created.status, created.text).toBe(200);
    const contact = child(created.body, 'return');
    expect(fields(contact)).toMatchObject({ name: 'Grace Hopper', phones: [{ kind: 'work', number: '555-0100' }] });
    expect(attribute(created.body, 'encodingStyle', SOAP12)).toBe(ENC12);
    const phones = child(contact, 'phones');
    expect([qnameAttribute(phones, 'itemType', ENC12), attribute(phones, 'arraySize', ENC12)]).toEqual(['{urn:addressbook:types}Phone', '1']);
  });
});

describe('xsi:type naming a type derived from the declared one (address-book-encoded.wsdl)', () => {
  const BUSINESS = 'urn:addressbook:business';
  const create = (contact: string) => `<m:createContact xmlns:m="urn:addressbook" xmlns:ab="urn:addressbook:types" xmlns:biz="${BUSINESS}">${contact}</m:createContact>`;

  it('reads a derived type’s own fields where its base is declared, keeps them in the record and answers them as that type', async () => {
    const sim = await soapSimulation(fixture('address-book-encoded.wsdl'));
    const created = post(sim, 'urn:addressbook#createContact', create('<contact xsi:type="biz:BusinessContact"><name>Jane Roe</name><company>Roe &amp; Co</company><vatNumber>GB123456789</vatNumber></contact>'));
    expect(created.status, created.text).toBe(200);
    const returned = child(created.body, 'return');
    expect(xsiType(returned)).toBe(`{${BUSINESS}}BusinessContact`);
    expect(childElements(returned).map((c) => c.local)).toEqual(expect.arrayContaining(['contactId', 'name', 'company', 'vatNumber']));
    const id = textOf(child(returned, 'contactId'));
    const read = post(sim, 'urn:addressbook#getContact', `<m:getContact xmlns:m="urn:addressbook"><contactId>${id}</contactId></m:getContact>`);
    const contact = child(read.body, 'return');
    expect([xsiType(contact), textOf(child(contact, 'company')), textOf(child(contact, 'vatNumber'))]).toEqual([`{${BUSINESS}}BusinessContact`, 'Roe & Co', 'GB123456789']);
    // The base type's elements come first, as the extension orders them.
    expect(childElements(contact).map((c) => c.local).indexOf('company')).toBeGreaterThan(childElements(contact).map((c) => c.local).indexOf('name'));
  });

  it('still refuses a derived type’s field sent without the xsi:type that allows it', async () => {
    const sim = await soapSimulation(fixture('address-book-encoded.wsdl'));
    const refused = post(sim, 'urn:addressbook#createContact', create('<contact><name>Jane Roe</name><company>Roe</company></contact>'));
    expect(textOf(child(refused.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(refused)).toContain('<company>');
  });

  it('refuses, naming it, an xsi:type the schema does not declare, and one not derived from the declared type', async () => {
    const sim = await soapSimulation(fixture('address-book-encoded.wsdl'));
    const unknown = post(sim, 'urn:addressbook#createContact', create('<contact xsi:type="biz:PartnerContact"><name>Jane Roe</name></contact>'));
    expect(textOf(child(unknown.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(unknown)).toContain(`xsi:type="biz:PartnerContact" names {${BUSINESS}}PartnerContact, a type the service's schema does not declare`);
    const unrelated = post(sim, 'urn:addressbook#createContact', create('<contact xsi:type="ab:Address"><street>1 Main St</street></contact>'));
    expect(textOf(child(unrelated.body, 'faultcode'))).toMatch(/:Client$/);
    expect(faultString(unrelated)).toContain('names {urn:addressbook:types}Address, which is not {urn:addressbook:types}Contact or a type derived from it');
  });
});
