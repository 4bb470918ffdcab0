import { describe, expect, it } from 'vitest';
import { acceptedMedia } from './accept.js';

describe('Accept', () => {
  const declared = ['application/json', 'application/xml', 'text/csv'];

  it('takes every declared type without an Accept, or with one that names none readably', () => {
    expect(acceptedMedia(declared, undefined)).toEqual(declared);
    expect(acceptedMedia(declared, '')).toEqual(declared);
    expect(acceptedMedia(declared, 'nonsense')).toEqual(declared);
  });

  it('orders by q-value, keeping the declared order for ties, and leaves out q=0 and what no range takes', () => {
    expect(acceptedMedia(declared, 'text/csv;q=0.5, application/xml')).toEqual(['application/xml', 'text/csv']);
    expect(acceptedMedia(declared, '*/*')).toEqual(declared);
    expect(acceptedMedia(declared, 'text/*, */*;q=0.1')).toEqual(['text/csv', 'application/json', 'application/xml']);
    expect(acceptedMedia(declared, '*/*, application/xml;q=0')).toEqual(['application/json', 'text/csv']);
    expect(acceptedMedia(declared, 'image/png')).toEqual([]);
  });

  it('lets JSON types and XML types stand for each other, and a declared range answer what it covers', () => {
    expect(acceptedMedia(['application/json'], 'application/vnd.github.v3+json')).toEqual(['application/json']);
    expect(acceptedMedia(['application/hal+json'], 'application/json')).toEqual(['application/hal+json']);
    expect(acceptedMedia(['text/xml'], 'application/xml')).toEqual(['text/xml']);
    expect(acceptedMedia(['application/json'], 'text/plain')).toEqual([]);
    expect(acceptedMedia(['image/*'], 'image/png')).toEqual(['image/*']);
    expect(acceptedMedia(['image/*'], 'text/plain')).toEqual([]);
    expect(acceptedMedia(['*/*'], 'text/plain')).toEqual(['*/*']);
  });
});
