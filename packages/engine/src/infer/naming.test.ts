import { describe, expect, it } from 'vitest';
import { isQueryLike, isVerbLike, looksPlural, singular, stateForms, words } from './naming.js';

describe('naming heuristics', () => {
  it('splits path words in any case style', () => {
    expect(words('markAsPaid')).toEqual(['mark', 'as', 'paid']);
    expect(words('bulk-cancel_now')).toEqual(['bulk', 'cancel', 'now']);
  });

  it('tells verbs, queries and plural nouns apart', () => {
    expect(['cancel', 'freeze', 'uploadImage', 'mark-as-paid'].every(isVerbLike)).toBe(true);
    expect(['orders', 'line-items', 'profile'].some(isVerbLike)).toBe(false);
    expect(['search', 'validate', 'findByStatus'].every(isQueryLike)).toBe(true);
    expect(isQueryLike('cancel')).toBe(false);
    expect(['orders', 'categories', 'addresses', 'people', 'lineItems'].every(looksPlural)).toBe(true);
    expect(['status', 'profile', 'me', 'access'].some(looksPlural)).toBe(false);
  });

  it('singularises resource names', () => {
    expect(['orders', 'categories', 'addresses', 'boxes', 'people', 'status'].map(singular)).toEqual(['order', 'category', 'address', 'box', 'person', 'status']);
  });

  it('knows the states verbs lead to', () => {
    for (const [verb, state] of [['cancel', 'canceled'], ['cancel', 'cancelled'], ['ship', 'shipped'], ['approve', 'approved'], ['freeze', 'frozen'], ['activate', 'active'], ['pay', 'paid'], ['verify', 'verified']] as const) {
      expect(stateForms(verb).has(state), `${verb} -> ${state}`).toBe(true);
    }
  });
});
