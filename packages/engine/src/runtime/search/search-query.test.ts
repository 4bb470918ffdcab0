import { describe, expect, it } from 'vitest';
import type { JsonObject } from '../../json.js';
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

  it("joins terms with OR, looser than AND, negates with -, compares numbers and reads null as absent, as Stripe's language does", () => {
    const cid = { id: 'cus_3', email: 'cid@example.com', name: 'Cid', metadata: { plan: 'gold', seats: 12 } };
    const pick = (query: string) => [ann, bob, cid].filter(searchMatcher(query)).map((r) => r.id);
    expect(pick("email:'ann@example.com' OR email:'bob@example.com'")).toEqual(['cus_1', 'cus_2']);
    expect(pick("metadata['plan']:'gold' AND name:'cid' OR name:'bob'")).toEqual(['cus_2', 'cus_3']);
    expect(pick("-metadata['plan']:'gold'")).toEqual(['cus_2']);
    expect(pick("metadata['plan']:'gold' AND -name~'lee'")).toEqual(['cus_3']);
    // Numbers compare as numbers (12 > 3), not as texts.
    expect(pick('metadata.seats>3')).toEqual(['cus_3']);
    expect(pick('metadata.seats<=3')).toEqual(['cus_1']);
    expect(pick('metadata.seats>=3 AND metadata.seats<12')).toEqual(['cus_1']);
    expect(pick('address:null')).toEqual(['cus_2', 'cus_3']);
    expect(pick('-address:null')).toEqual(['cus_1']);
  });

  it('reads a query without terms as free text, each word found in a text of the record or one level down', () => {
    const pick = (query: string) => [ann, bob].filter(searchMatcher(query)).map((r) => r.id);
    expect(pick('oslo')).toEqual(['cus_1']);
    expect(pick('example gold')).toEqual(['cus_1']);
    expect(pick('bob OR ann')).toEqual(['cus_1', 'cus_2']);
    expect(pick('ann oslo or bob gold')).toEqual(['cus_1']);
    expect(pick('   ')).toEqual(['cus_1', 'cus_2']);
  });

  it('reads only the first 2,048 characters of a query', () => {
    // The term past the bound is not read: the long word before it must appear, and does not.
    expect(searchMatcher(`${'a'.repeat(100_000)} email:'ann@example.com'`)(ann)).toBe(false);
    expect(searchMatcher(`${' '.repeat(2_000)}email:'ann@example.com'`)(ann)).toBe(true);
    expect(searchMatcher(`${' '.repeat(2_100)}email:'bob@example.com'`)(ann)).toBe(true);
  });
});

describe('a JSON filter', () => {
  it('is read as its conditions, as Autotask\'s query endpoints take it: field names without case, all conditions together', () => {
    const companies: JsonObject[] = [
      { id: 7, companyName: 'Acme Corp', isActive: true, city: 'Oslo' },
      { id: 8, companyName: 'Beta Ltd', isActive: false },
      { id: 9, companyName: 'Acme Labs', isActive: true, city: 'Bergen' },
    ];
    const pick = (filter: unknown) => companies.filter(searchMatcher(JSON.stringify(filter))).map((c) => c.id);
    expect(pick({ filter: [{ op: 'eq', field: 'id', value: 8 }] })).toEqual([8]);
    expect(pick({ filter: [{ op: 'beginsWith', field: 'CompanyName', value: 'acme' }, { op: 'eq', field: 'isActive', value: true }] })).toEqual([7, 9]);
    expect(pick({ filter: [{ op: 'gt', field: 'id', value: 7 }, { op: 'noteq', field: 'companyName', value: 'Beta Ltd' }] })).toEqual([9]);
    expect(pick({ filter: [{ op: 'exist', field: 'city' }] })).toEqual([7, 9]);
    expect(pick({ filter: [{ op: 'or', items: [{ op: 'contains', field: 'companyName', value: 'labs' }] }] })).toEqual([9]);
    expect(pick({ filter: [{ op: 'in', field: 'id', value: [7, 8] }] })).toEqual([7, 8]);
    expect(pick({ filter: [{ op: 'or', items: [{ op: 'eq', field: 'id', value: 7 }, { op: 'eq', field: 'id', value: 8 }] }] })).toEqual([7, 8]);
    expect(pick({ filter: [{ op: 'eq', field: 'isActive', value: true }, { op: 'or', items: [{ op: 'eq', field: 'id', value: 8 }, { op: 'eq', field: 'city', value: 'Bergen' }] }] })).toEqual([9]);
    // Not a filter: read as free text.
    expect(companies.filter(searchMatcher('{"name":')).map((c) => c.id)).toEqual([]);
  });
});

describe("HubSpot's filter groups", () => {
  it('hold when any group holds, a group when all its filters do, on fields at the top or under properties', () => {
    const contacts: JsonObject[] = [
      { id: '1', properties: { email: 'ann@example.com', lifecyclestage: 'lead', num_employees: '50' } },
      { id: '2', properties: { email: 'bob@example.org', lifecyclestage: 'customer', num_employees: '500' } },
      { id: '3', properties: { email: 'cy@example.com', lifecyclestage: 'customer' } },
    ];
    const pick = (filterGroups: unknown) => contacts.filter(searchMatcher(JSON.stringify({ filterGroups }))).map((c) => c.id);
    const filter = (propertyName: string, operator: string, rest: Record<string, unknown> = {}) => ({ propertyName, operator, ...rest });
    expect(pick([{ filters: [filter('email', 'EQ', { value: 'bob@example.org' })] }])).toEqual(['2']);
    expect(pick([{ filters: [filter('lifecyclestage', 'EQ', { value: 'customer' }), filter('email', 'CONTAINS_TOKEN', { value: 'example.com' })] }])).toEqual(['3']);
    expect(pick([{ filters: [filter('email', 'EQ', { value: 'ann@example.com' })] }, { filters: [filter('email', 'EQ', { value: 'cy@example.com' })] }])).toEqual(['1', '3']);
    expect(pick([{ filters: [filter('lifecyclestage', 'NEQ', { value: 'lead' })] }])).toEqual(['2', '3']);
    expect(pick([{ filters: [filter('lifecyclestage', 'IN', { values: ['lead', 'other'] })] }])).toEqual(['1']);
    expect(pick([{ filters: [filter('lifecyclestage', 'NOT_IN', { values: ['lead'] })] }])).toEqual(['2', '3']);
    // Numbers written as texts compare as numbers: 500 is more than 60.
    expect(pick([{ filters: [filter('num_employees', 'GT', { value: '60' })] }])).toEqual(['2']);
    expect(pick([{ filters: [filter('num_employees', 'BETWEEN', { value: '10', highValue: '100' })] }])).toEqual(['1']);
    expect(pick([{ filters: [filter('num_employees', 'NOT_HAS_PROPERTY')] }])).toEqual(['3']);
    expect(pick([])).toEqual(['1', '2', '3']);
  });
});
