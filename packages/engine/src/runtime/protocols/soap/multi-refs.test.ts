import { describe, expect, it } from 'vitest';
import { parseXml } from '../../../xml/parse-xml.js';
import { childElements } from '../../../xml/xml-tree.js';
import { MultiRefs } from './multi-refs.js';
import { readElement } from './xml-to-json.js';

const ENV = 'xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:enc="http://www.w3.org/2003/05/soap-encoding"';

/** The Body's first element read by a schema that allows anything, its references resolved within the Body. */
function read(body: string) {
  const envelope = parseXml(`<soapenv:Envelope ${ENV}><soapenv:Body>${body}</soapenv:Body></soapenv:Envelope>`);
  const bodyElement = childElements(envelope)[0]!;
  return readElement(childElements(bodyElement)[0]!, true, {}, { refs: new MultiRefs(bodyElement) });
}

describe('multi-reference values', () => {
  it('read a value wherever it is referred to, by SOAP 1.1 href and SOAP 1.2 enc:ref', () => {
    expect(read('<call><a href="#x"/><b href="#x"/><c enc:ref="y"/></call><v id="x"><n>1</n></v><w enc:id="y">two</w>')).toEqual({ value: { a: { n: '1' }, b: { n: '1' }, c: 'two' } });
  });

  it('refuse references that share values to expand a small body without end', () => {
    // Each level refers to the next twice: 2^40 readings of 40 elements.
    const levels = Array.from({ length: 40 }, (_, i) => `<v id="l${i}"><a href="#l${i + 1}"/><b href="#l${i + 1}"/></v>`).join('');
    const outcome = read(`<call><top href="#l0"/></call>${levels}<v id="l40">end</v>`);
    expect(outcome).toMatchObject({ problem: 'the multi-reference values expand beyond the size of the body' });
  });

  it('refuse a cycle, and a reference outside the message', () => {
    expect(read('<call><a href="#x"/></call><v id="x"><again href="#x"/></v>')).toMatchObject({ problem: 'the value "x" refers to itself' });
    expect(read('<call><a href="http://elsewhere.test/value"/></call>')).toMatchObject({ problem: expect.stringContaining('is not to a value in the message') });
  });
});
