import { describe, expect, it } from 'vitest';
import { parseXml } from './parse-xml.js';
import { childElements } from './xml-tree.js';

describe('parseXml', () => {
  it('keeps self-closing elements where they are written', () => {
    const root = parseXml('<a><b/><c/><d><e/></d><f/></a>');
    expect(root.local).toBe('a');
    expect(childElements(root).map((e) => e.local)).toEqual(['b', 'c', 'd', 'f']);
    expect(childElements(childElements(root)[2]!).map((e) => e.local)).toEqual(['e']);
    expect(childElements(root)[2]!.parent).toBe(root);
  });
});

describe('parseXml on hostile documents', () => {
  it('stops at the depth limit instead of reading on', () => {
    const depth = 100_000;
    const text = `<a xmlns="urn:a">${'<n>'.repeat(depth)}deep${'</n>'.repeat(depth)}</a>`;
    expect(() => parseXml(text)).toThrow(/nested deeper than 256/);
  });
});
