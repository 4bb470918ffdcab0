import { describe, expect, it } from 'vitest';
import { faultMeaning, words } from './fault-meaning.js';

describe('faultMeaning', () => {
  it('splits names into words', () => {
    expect(words('CustomerNotFoundFault')).toBe('customer not found fault');
    expect(words('SOAPFault')).toBe('soap fault');
    expect(words('no_such-order')).toBe('no such order');
  });

  it.each([
    ['CustomerNotFoundFault', 'not_found'],
    ['NoSuchOrder', 'not_found'],
    ['UnknownAccount', 'not_found'],
    ['ValidationFault', 'invalid'],
    ['InvalidRequest', 'invalid'],
    ['BadInput', 'invalid'],
    ['DuplicateCustomer', 'conflict'],
    ['OrderAlreadyExists', 'conflict'],
    ['ConcurrencyConflict', 'conflict'],
    ['AuthFailure', 'unauthorized'],
    ['UnauthorizedFault', 'unauthorized'],
    ['PermissionDenied', 'unauthorized'],
    ['AccessDenied', 'unauthorized'],
    ['InvalidCredentials', 'unauthorized'],
    ['AuthorNotFound', 'not_found'],
    ['ServiceFault', null],
  ] as const)('reads %s as %s', (name, meaning) => {
    expect(faultMeaning(name)).toBe(meaning);
  });

  it('falls back to the element and message names', () => {
    expect(faultMeaning('Fault1', 'OrderNotFound')).toBe('not_found');
    expect(faultMeaning('Fault1', null, 'DuplicateFault')).toBe('conflict');
    expect(faultMeaning('Fault1', undefined, '')).toBeNull();
  });
});
