import { strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { XmlRefused } from '../xml/parse-xml.js';
import { ElementBudget } from './element-budget.js';

describe('ElementBudget', () => {
  it('bounds the elements of all documents together, not each alone', () => {
    const budget = new ElementBudget(10);
    expect(budget.parse(strToU8('<r><a/><b><c/></b></r>')).local).toBe('r');
    expect(budget.parse(strToU8('<r><a/><a/></r>')).children).toHaveLength(2);
    let refusal: unknown;
    try {
      budget.parse(strToU8('<r><a/><a/><a/></r>'));
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(XmlRefused);
    expect((refusal as XmlRefused).reason).toBe('elements');
    expect((refusal as XmlRefused).message).toBe("the bundle's documents hold more than 10 elements together");
  });
});
