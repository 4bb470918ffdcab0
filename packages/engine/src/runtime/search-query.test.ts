import { describe, expect, it } from 'vitest';
import { searchMatcher } from './search-query.js';

const ann = { id: 'cus_1', email: 'Ann@Example.com', name: 'Ann Lee', metadata: { plan: 'gold', seats: 3 }, address: { city: 'Oslo' } };
const bob = { id: 'cus_2', email: 'bob@example.com', name: 'Bob', metadata: { plan: 'free' } };

describe('a search query', () => {
  it('matches terms of Stripe\'s language: exact without case, a part with ~, keys into metadata, all of them together', () => {
    const pick = (query: string) => [ann, bob].filter(searchMatcher(query)).map((r) => r.id);
    expect(pick("email:'ann@example.com'")).toEqual(['cus_1']);
    expect(pick('email:"bob@example.com"')).toEqual(['cus_2']);
    expect(pick("name~'lee'")).toEqual(['cus_1']);
    expect(pick("metadata['plan']:'free'")).toEqual(['cus_2']);
    expect(pick('metadata.seats:3')).toEqual(['cus_1']);
    expect(pick("email~'example.com' AND metadata['plan']:'gold'")).toEqual(['cus_1']);
    expect(pick("email:'nobody@example.com'")).toEqual([]);
    // A term naming an object, or a field the record lacks, matches nothing.
    expect(pick("metadata:'gold'")).toEqual([]);
    expect(pick("phone:'1'")).toEqual([]);
  });

  it('reads a query without terms as free text, each word found in a text of the record or one level down', () => {
    const pick = (query: string) => [ann, bob].filter(searchMatcher(query)).map((r) => r.id);
    expect(pick('oslo')).toEqual(['cus_1']);
    expect(pick('example gold')).toEqual(['cus_1']);
    expect(pick('bob OR ann')).toEqual([]);
    expect(pick('   ')).toEqual(['cus_1', 'cus_2']);
  });

  it('reads only the first 2,048 characters of a query', () => {
    // The term past the bound is not read: the long word before it must appear, and does not.
    expect(searchMatcher(`${'a'.repeat(100_000)} email:'ann@example.com'`)(ann)).toBe(false);
    expect(searchMatcher(`${' '.repeat(2_000)}email:'ann@example.com'`)(ann)).toBe(true);
    expect(searchMatcher(`${' '.repeat(2_100)}email:'bob@example.com'`)(ann)).toBe(true);
  });
});
