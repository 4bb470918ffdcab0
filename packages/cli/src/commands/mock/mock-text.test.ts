import type { OperationSummary } from '@simplane/core';
import { describe, expect, it } from 'vitest';
import type { TryCredentials } from './mock-credentials.js';
import { tryLine } from './mock-text.js';

const op = (method: string, path: string, behaviour: OperationSummary['behaviour']): OperationSummary => ({ operation: `${method} ${path}`, method, path, behaviour, resource: null, read_only: method === 'GET' });
const URL = 'http://127.0.0.1:4010';
const none = (): TryCredentials => ({ headers: [], query: [] });

describe('the curl line simplane mock prints', () => {
  it('calls a list that needs no path parameter, before a read or another GET', () => {
    const operations = [op('GET', '/status', 'static'), op('GET', '/pets/{petId}', 'read'), op('POST', '/pets', 'create'), op('GET', '/pets', 'list')];
    expect(tryLine(URL, operations, null, none)).toBe(`curl ${URL}/pets`);
  });

  it('falls back to a read, then any GET, without path parameters', () => {
    expect(tryLine(URL, [op('GET', '/me', 'read'), op('GET', '/health', 'static')], null, none)).toBe(`curl ${URL}/me`);
    expect(tryLine(URL, [op('POST', '/pets', 'create'), op('GET', '/health', 'static')], null, none)).toBe(`curl ${URL}/health`);
  });

  it('fetches the WSDL of a SOAP service', () => {
    expect(tryLine(URL, [op('POST', '/#SOAP=GetCustomer', 'read'), op('POST', '/#SOAP=ListCustomers', 'list')], null, none)).toBe(`curl '${URL}/?wsdl'`);
  });

  it('names the method and leaves path parameters as the document names them when nothing else answers', () => {
    expect(tryLine(URL, [op('DELETE', '/pets/{petId}', 'delete')], null, none)).toBe(`curl -X DELETE '${URL}/pets/{petId}'`);
    expect(tryLine(URL, [], null, none)).toBe(`curl ${URL}/`);
  });

  it('sends the token and the credentials the operation asks for, quoted for a shell', () => {
    const needs = (operation: OperationSummary): TryCredentials => (operation.path === '/pets' ? { headers: [['X-Api-Key', 'any']], query: [['api key', 'any']] } : { headers: [], query: [] });
    expect(tryLine(URL, [op('GET', '/pets', 'list')], 'sim_tok-en', needs)).toBe(`curl -H 'Simulation-Token: sim_tok-en' -H 'X-Api-Key: any' '${URL}/pets?api%20key=any'`);
  });
});
