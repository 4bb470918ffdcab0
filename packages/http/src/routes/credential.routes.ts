import { createCredentialInput, updateCredentialInput, type CredentialService } from '@simplane/core';
import { pageParams } from '../query.js';
import type { Route } from '../route.js';
import { credentialSchema, listCredentialsResponseSchema } from '../schemas.js';
import { PAGING_QUERY } from './paging-doc.js';

/** `/v1/credentials`: SPEC 2.1, 2.2 and 4.1; DESIGN section 3 adds PATCH and DELETE. */
export function credentialRoutes(credentials: CredentialService): Route[] {
  const tag = 'Credentials';
  return [
    {
      method: 'GET',
      path: '/v1/credentials',
      auth: true,
      doc: {
        operationId: 'listCredentials',
        summary: 'List credentials, newest first. Values are never returned.',
        tag,
        query: PAGING_QUERY,
        responses: { 200: { description: 'A page of credentials.', schema: listCredentialsResponseSchema } },
        errors: ['bad_request', 'validation'],
      },
      handle: async (c) => ({ status: 200, json: await credentials.list(c.principal, pageParams(c.query)) }),
    },
    {
      method: 'POST',
      path: '/v1/credentials',
      auth: true,
      doc: {
        operationId: 'createCredential',
        summary: 'Store a credential for a real system. The value is encrypted at rest.',
        tag,
        requestBody: { contentType: 'application/json', schema: createCredentialInput },
        responses: { 201: { description: 'The stored credential, without its value.', schema: credentialSchema } },
        errors: ['bad_request', 'validation', 'unsupported_media_type', 'payload_too_large', 'request_timeout'],
      },
      handle: async (c) => ({ status: 201, json: await credentials.create(c.principal, await c.json(createCredentialInput)) }),
    },
    {
      method: 'GET',
      path: '/v1/credentials/{id}',
      auth: true,
      doc: {
        operationId: 'getCredential',
        summary: 'Read a credential, without its value.',
        tag,
        responses: { 200: { description: 'The credential.', schema: credentialSchema } },
        errors: ['credential_not_found', 'auth_forbidden'],
      },
      handle: async (c) => ({ status: 200, json: await credentials.get(c.principal, c.params.id!) }),
    },
    {
      method: 'PATCH',
      path: '/v1/credentials/{id}',
      auth: true,
      doc: {
        operationId: 'updateCredential',
        summary: 'Change a credential. A new value is required when base_url or header changes.',
        tag,
        requestBody: { contentType: 'application/json', schema: updateCredentialInput },
        responses: { 200: { description: 'The changed credential, without its value.', schema: credentialSchema } },
        errors: [
          'credential_not_found',
          'auth_forbidden',
          'bad_request',
          'validation',
          'unsupported_media_type',
          'payload_too_large',
          'request_timeout',
        ],
      },
      handle: async (c) => {
        const id = c.params.id!;
        // Ownership and existence come before the body, so a stranger learns nothing from a 422.
        await credentials.get(c.principal, id);
        return { status: 200, json: await credentials.update(c.principal, id, await c.json(updateCredentialInput)) };
      },
    },
    {
      method: 'DELETE',
      path: '/v1/credentials/{id}',
      auth: true,
      doc: {
        operationId: 'deleteCredential',
        summary: 'Delete a credential and its encrypted value.',
        tag,
        responses: { 204: { description: 'Deleted.' } },
        errors: ['credential_not_found', 'auth_forbidden'],
      },
      handle: async (c) => {
        await credentials.delete(c.principal, c.params.id!);
        return { status: 204 };
      },
    },
  ];
}
