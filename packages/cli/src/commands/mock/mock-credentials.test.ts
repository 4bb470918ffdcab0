import { describe, expect, it } from 'vitest';
import { credentialsFor } from './mock-credentials.js';

const bytes = (text: string) => Buffer.from(text);

const OPENAPI_3 = `openapi: 3.0.3
info: {title: T, version: '1'}
security: [{key: []}]
components:
  securitySchemes:
    key: {type: apiKey, in: header, name: X-Api-Key}
    query: {type: apiKey, in: query, name: api_key}
    session: {type: apiKey, in: cookie, name: sid}
    token: {type: http, scheme: bearer}
    basic: {type: http, scheme: basic}
    oauth: {type: oauth2, flows: {}}
paths:
  /pets:
    get: {responses: {'200': {description: ok}}}
  /orders:
    get:
      security: [{token: []}, {basic: []}]
      responses: {'200': {description: ok}}
  /open:
    get:
      security: [{key: []}, {}]
      responses: {'200': {description: ok}}
  /public:
    get:
      security: []
      responses: {'200': {description: ok}}
  /all:
    get:
      security: [{query: [], session: [], oauth: []}]
      responses: {'200': {description: ok}}
`;

describe('the credentials a curl line carries', () => {
  it('follows the document-wide requirement', () => {
    expect(credentialsFor(bytes(OPENAPI_3), 'GET', '/pets')).toEqual({ headers: [['X-Api-Key', 'any']], query: [] });
  });

  it("takes the operation's own first alternative", () => {
    expect(credentialsFor(bytes(OPENAPI_3), 'GET', '/orders')).toEqual({ headers: [['Authorization', 'Bearer any']], query: [] });
  });

  it('asks for nothing where credentials are optional or not required', () => {
    expect(credentialsFor(bytes(OPENAPI_3), 'GET', '/open')).toEqual({ headers: [], query: [] });
    expect(credentialsFor(bytes(OPENAPI_3), 'GET', '/public')).toEqual({ headers: [], query: [] });
  });

  it('puts each scheme of an alternative where it goes', () => {
    expect(credentialsFor(bytes(OPENAPI_3), 'GET', '/all')).toEqual({ headers: [['Cookie', 'sid=any'], ['Authorization', 'Bearer any']], query: [['api_key', 'any']] });
  });

  it('reads Swagger 2.0 JSON', () => {
    const swagger = { swagger: '2.0', securityDefinitions: { basic: { type: 'basic' } }, security: [{ basic: [] }], paths: { '/me': { get: {} } } };
    expect(credentialsFor(bytes(JSON.stringify(swagger)), 'GET', '/me')).toEqual({ headers: [['Authorization', `Basic ${Buffer.from('user:any').toString('base64')}`]], query: [] });
  });

  it('asks for nothing of a document it cannot read', () => {
    expect(credentialsFor(bytes('<definitions xmlns="http://schemas.xmlsoap.org/wsdl/"/>'), 'POST', '/#SOAP=Get')).toEqual({ headers: [], query: [] });
    expect(credentialsFor(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 0xff]), 'GET', '/x')).toEqual({ headers: [], query: [] });
  });
});
