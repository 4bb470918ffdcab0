/**
 * Messages as real clients write them, against test-fixtures/wsdl/fidelity/order-desk.wsdl
 * over raw envelopes of both SOAP versions: namespaces however they are declared, deep and
 * attributed content, `xs:any` and `xs:anyType`, dates with and without zones, a document
 * body of several parts, a declared fault's detail about the request it refuses, and a WSDL
 * whose HTTP bindings and HTTP-only port type are named in warnings.
 */
import { describe, expect, it } from 'vitest';
import { Diagnostics } from '../../../diagnostics/diagnostics.js';
import { fixture } from '../../../testing/fixtures.js';
import { compileWsdl } from '../../../wsdl/compile-wsdl.js';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElement, childElements, textOf, type XmlElement } from '../../../xml/xml-tree.js';
import { soapSimulation, type SoapSimulation } from './test-soap-calls.js';

const WSDL = fixture('wsdl/fidelity/order-desk.wsdl');
const ORDERS = 'urn:northgate:orders';
const COMMON = 'urn:northgate:common';
const ENVELOPE = { '1.1': 'http://schemas.xmlsoap.org/soap/envelope/', '1.2': 'http://www.w3.org/2003/05/soap-envelope' } as const;
type Version = keyof typeof ENVELOPE;

function post(sim: SoapSimulation, version: Version, operation: string, body: string, bodyAttributes = '') {
  const action = `urn:northgate:${operation}`;
  const headers: Record<string, string> = version === '1.1' ? { 'content-type': 'text/xml; charset=utf-8', soapaction: `"${action}"` } : { 'content-type': `application/soap+xml; charset=utf-8; action="${action}"` };
  const answer = sim.client.call({ method: 'POST', path: '/', headers, body: `<env:Envelope xmlns:env="${ENVELOPE[version]}"><env:Body${bodyAttributes}>${body}</env:Body></env:Envelope>` });
  const root = parseXml(answer.text);
  const payload = childElements(childElement(root, ENVELOPE[version], 'Body')!)[0]!;
  return { status: answer.status, text: answer.text, payload };
}

/** The child elements of `element` at `path` (local names), the first of each step but the last. */
function at(element: XmlElement, ...path: string[]): XmlElement[] {
  let found = [element];
  for (const local of path) found = childElements(found[0]!).filter((child) => child.local === local);
  return found;
}

const ORDER_CONTENT = (id: string) =>
  `<placedAt>2024-03-01T10:00:00+02:00</placedAt><deliveryDate>2024-03-05-05:00</deliveryDate><deliverySlot>09:30:00</deliverySlot>` +
  `<line sku="A-1" quantity="2"><description>Bolt</description><note author="ann"><text>check</text><reply author="bo"><text>done</text><reply><text>${id}</text></reply></reply></note></line>` +
  `<line sku="B-2" quantity="5"><description>Nut</description></line>`;

describe.each(['1.1', '1.2'] as const)('an order desk over SOAP %s', (version) => {
  it('reads a default namespace on the body element, inherited by unqualified children, and answers each element as the schema qualifies it', async () => {
    const sim = await soapSimulation(WSDL);
    const created = post(sim, version, 'CreateOrder', `<CreateOrder xmlns="${ORDERS}"><order><partyName xmlns="${COMMON}">Ada</partyName>${ORDER_CONTENT('x')}</order></CreateOrder>`);
    expect(created.status, created.text).toBe(200);
    const [order] = at(created.payload, 'order');
    expect(order!.ns).toBe('');
    // Party's elements are the common schema's (qualified); Order's own are not (unqualified).
    expect(at(created.payload, 'order', 'partyName').map((e) => [e.ns, textOf(e)])).toEqual([[COMMON, 'Ada']]);
    expect(at(created.payload, 'order', 'placedAt').map((e) => e.ns)).toEqual(['']);
  });

  it('reads children qualified where the schema says unqualified and the other way round, and prefixes redeclared at any depth', async () => {
    const sim = await soapSimulation(WSDL);
    const body = `<a:CreateOrder xmlns:a="${ORDERS}"><a:order xmlns:a="${COMMON}" xmlns:b="${ORDERS}"><partyName>Ada</partyName><b:placedAt>2024-03-01T10:00:00Z</b:placedAt><b:line xmlns:b="urn:elsewhere" sku="A-1" quantity="1"><b:description>Bolt</b:description></b:line></a:order></a:CreateOrder>`;
    const created = post(sim, version, 'CreateOrder', body);
    expect(created.status, created.text).toBe(200);
    expect(textOf(at(created.payload, 'order', 'partyName')[0]!)).toBe('Ada');
    expect(at(created.payload, 'order', 'line').map((l) => textOf(at(l, 'description')[0]!))).toEqual(['Bolt']);
  });

  it('reads nil and instance attributes in the XML Schema drafts\' namespaces old toolkits send', async () => {
    const sim = await soapSimulation(WSDL);
    for (const [xsi, nil] of [['http://www.w3.org/1999/XMLSchema-instance', 'null="1"'], ['http://www.w3.org/2000/10/XMLSchema-instance', 'nil="true"']]) {
      const body = `<o:CreateOrder xmlns:o="${ORDERS}" xmlns:xsi="${xsi}" xmlns:xsd="http://www.w3.org/1999/XMLSchema"><order><partyName xsi:type="xsd:string">Ada</partyName><contact xsi:${nil}/><placedAt xsi:type="xsd:timeInstant">2024-03-01T10:00:00Z</placedAt></order></o:CreateOrder>`;
      const created = post(sim, version, 'CreateOrder', body);
      expect(created.status, created.text).toBe(200);
      const [contact] = at(created.payload, 'order', 'contact');
      expect(contact!.attributes.map((a) => [a.ns, a.local, a.value])).toEqual([['http://www.w3.org/2001/XMLSchema-instance', 'nil', 'true']]);
      expect(textOf(at(created.payload, 'order', 'partyName')[0]!)).toBe('Ada');
    }
  });

  it('refuses an element the schema cannot hold with a Fault that names it', async () => {
    const sim = await soapSimulation(WSDL);
    const refused = post(sim, version, 'CreateOrder', `<o:CreateOrder xmlns:o="${ORDERS}"><order><partyName>Ada</partyName><placedAt>2024-03-01T10:00:00Z</placedAt><couponCode>X</couponCode></order></o:CreateOrder>`);
    expect(refused.status).toBe(version === '1.1' ? 500 : 400);
    expect(refused.payload.local).toBe('Fault');
    expect(refused.text).toContain('couponCode');
  });

  it('gives back deep content, repeated elements with attributes, xs:any and xs:anyType content, and dates with their zones as sent', async () => {
    const sim = await soapSimulation(WSDL);
    const extras = `<metadata><k:source xmlns:k="urn:keys" channel="web">shop</k:source><k:batch xmlns:k="urn:keys">7</k:batch></metadata><extensions><x:flag xmlns:x="urn:x" on="yes">gift</x:flag></extensions>`;
    const created = post(sim, version, 'CreateOrder', `<o:CreateOrder xmlns:o="${ORDERS}"><order><c:partyName xmlns:c="${COMMON}">Ada</c:partyName>${ORDER_CONTENT('deepest')}${extras}</order></o:CreateOrder>`);
    expect(created.status, created.text).toBe(200);
    const id = textOf(at(created.payload, 'order', 'orderId')[0]!);
    const read = post(sim, version, 'GetOrder', `<o:GetOrder xmlns:o="${ORDERS}"><orderId>${id}</orderId></o:GetOrder>`);
    expect(read.status, read.text).toBe(200);
    const [order] = at(read.payload, 'order');
    for (const [field, sent] of [['placedAt', '2024-03-01T10:00:00+02:00'], ['deliveryDate', '2024-03-05-05:00'], ['deliverySlot', '09:30:00']] as const) {
      expect([field, textOf(at(order!, field)[0]!)]).toEqual([field, sent]);
    }
    const lines = at(order!, 'line');
    expect(lines.map((l) => [l.attributes.map((a) => `${a.local}=${a.value}`).sort(), textOf(at(l, 'description')[0]!)])).toEqual([
      [['quantity=2', 'sku=A-1'], 'Bolt'],
      [['quantity=5', 'sku=B-2'], 'Nut'],
    ]);
    expect(textOf(at(lines[0]!, 'note', 'reply', 'reply', 'text')[0]!)).toBe('deepest');
    expect(at(lines[0]!, 'note', 'reply')[0]!.attributes.map((a) => a.value)).toEqual(['bo']);
    const metadata = childElements(at(order!, 'metadata')[0]!);
    expect(metadata.map((e) => [e.ns, e.local, textOf(e), e.attributes.map((a) => a.value)])).toEqual([
      ['urn:keys', 'source', 'shop', ['web']],
      ['urn:keys', 'batch', '7', []],
    ]);
    const extension = childElements(at(order!, 'extensions')[0]!);
    expect(extension.map((e) => [e.ns, e.local, textOf(e)])).toEqual([['urn:x', 'flag', 'gift']]);
  });

  it('refuses a date that is not one, zone or none', async () => {
    const sim = await soapSimulation(WSDL);
    const refused = post(sim, version, 'CreateOrder', `<o:CreateOrder xmlns:o="${ORDERS}"><order><partyName>Ada</partyName><placedAt>2024-02-30T10:00:00</placedAt></order></o:CreateOrder>`);
    expect(refused.payload.local).toBe('Fault');
    expect(refused.text).toContain('placedAt');
  });

  it('reads every part of a document body of several parts', async () => {
    const sim = await soapSimulation(WSDL);
    const placed = post(sim, version, 'PlaceOrder', `<o:OrderDetails xmlns:o="${ORDERS}"><partyName>Ada</partyName><placedAt>2024-03-01T10:00:00Z</placedAt></o:OrderDetails><o:Priority xmlns:o="${ORDERS}">urgent</o:Priority>`);
    expect(placed.status, placed.text).toBe(200);
    const id = textOf(at(placed.payload, 'order', 'orderId')[0]!);
    const read = post(sim, version, 'GetOrder', `<o:GetOrder xmlns:o="${ORDERS}"><orderId>${id}</orderId></o:GetOrder>`);
    expect(textOf(at(read.payload, 'order', 'partyName')[0]!)).toBe('Ada');
    // The second part is read and checked against its own element: a priority outside its enumeration is refused.
    const refused = post(sim, version, 'PlaceOrder', `<o:OrderDetails xmlns:o="${ORDERS}"><partyName>Ada</partyName><placedAt>2024-03-01T10:00:00Z</placedAt></o:OrderDetails><o:Priority xmlns:o="${ORDERS}">whenever</o:Priority>`);
    expect(refused.payload.local).toBe('Fault');
    expect(refused.text).toContain('Priority');
  });

  it('reads the parts inside the first part\'s element, each named after its part, as the soap npm client writes them', async () => {
    const sim = await soapSimulation(WSDL);
    const placed = post(sim, version, 'PlaceOrder', `<o:OrderDetails xmlns:o="${ORDERS}"><details><partyName>Grace</partyName><placedAt>2024-03-01T10:00:00Z</placedAt></details><priority>urgent</priority></o:OrderDetails>`);
    expect(placed.status, placed.text).toBe(200);
    expect(textOf(at(placed.payload, 'order', 'partyName')[0]!)).toBe('Grace');
    // The first part's own content is read as itself: every part is required, so the missing one is named.
    const own = post(sim, version, 'PlaceOrder', `<o:OrderDetails xmlns:o="${ORDERS}"><partyName>Hedy</partyName><placedAt>2024-03-01T10:00:00Z</placedAt></o:OrderDetails>`);
    expect(own.payload.local).toBe('Fault');
    expect(own.text).toContain('Priority is required');
  });

  it("answers the declared not-found fault with the id the request asked for in its detail", async () => {
    const sim = await soapSimulation(WSDL);
    const missing = post(sim, version, 'GetOrder', `<o:GetOrder xmlns:o="${ORDERS}"><orderId>ORD-404-missing</orderId></o:GetOrder>`);
    expect(missing.status).toBe(version === '1.1' ? 500 : 400);
    const detail = childElements(childElements(missing.payload).find((e) => e.local === 'detail' || e.local === 'Detail')!)[0]!;
    expect([detail.ns, detail.local]).toEqual([ORDERS, 'OrderNotFound']);
    expect(textOf(at(detail, 'orderId')[0]!)).toBe('ORD-404-missing');
  });
});

describe('a WSDL bound over SOAP and HTTP', () => {
  it('builds the SOAP bindings and names each HTTP binding and the operations only HTTP binds in warnings', async () => {
    const diagnostics = new Diagnostics();
    const compiled = await compileWsdl(WSDL, diagnostics);
    expect(Object.keys(compiled.soap.operations)).toEqual(['CreateOrder', 'GetOrder', 'DeleteOrder', 'ListOrders', 'PlaceOrder']);
    expect(Object.values(compiled.soap.operations).every((op) => op.bindings.map((b) => b.version).join() === '1.1,1.2')).toBe(true);
    const warnings = diagnostics.warnings.map((w) => [w.code, w.message]);
    const notSoap = warnings.filter(([code]) => code === 'wsdl_binding_not_soap').map(([, message]) => message);
    expect(notSoap).toHaveLength(3);
    expect(notSoap[0]).toMatch(/OrderDeskHttpGet.*HTTP GET/);
    expect(notSoap[1]).toMatch(/OrderDeskHttpPost.*HTTP POST/);
    expect(notSoap[2]).toMatch(/ReportingHttpGet.*HTTP GET/);
    const unbound = warnings.filter(([code]) => code === 'wsdl_operation_unbound').map(([, message]) => message);
    expect(unbound).toEqual([expect.stringMatching(/ReportingPort.*OrderSummary/)]);
  });
});
