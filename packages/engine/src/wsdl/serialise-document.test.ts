import { describe, expect, it } from 'vitest';
import { parseXml } from '../xml/parse-xml.js';
import { serialiseDocument } from './serialise-document.js';

describe('serialiseDocument', () => {
  it('writes elements, namespace declarations, attributes and escaped text back as parsed', () => {
    const text = '<a:root xmlns:a="urn:a" xmlns="urn:d" x="1 &amp; &lt;2&gt; &quot;q&quot;"><child>t &amp; &lt;u&gt;<!-- gone --></child><b xmlns=""/><![CDATA[<raw>]]></a:root>';
    const written = serialiseDocument(parseXml(text));
    expect(written).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<a:root xmlns:a="urn:a" xmlns="urn:d" x="1 &amp; &lt;2&gt; &quot;q&quot;"><child>t &amp; &lt;u&gt;</child><b xmlns=""/>&lt;raw&gt;</a:root>\n');
    expect(serialiseDocument(parseXml(written))).toBe(written);
  });

  it('keeps line breaks in attribute values and rewrites the attributes asked for', () => {
    const root = parseXml('<r><e location="old" v="a&#10;b"/></r>');
    const written = serialiseDocument(root, (element, attribute) => (attribute.local === 'location' ? 'new' : undefined));
    expect(written).toContain('<e location="new" v="a&#10;b"/>');
  });
});
