import { z } from 'zod';

const HEADER_TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** Headers that frame or route the request; carrying a secret in them would break the call. */
const RESERVED_HEADERS = new Set([
  'host', 'content-length', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'te', 'trailer',
  'proxy-connection', 'expect', 'content-type', 'simulation-token', 'service-read-only',
]);
const CONTROL = /[\u0000-\u001f\u007f]/;

export const CREDENTIAL_LIMITS = { name: 200, baseUrl: 2048, header: 256, value: 8192 } as const;

const name = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(CREDENTIAL_LIMITS.name, `must be at most ${CREDENTIAL_LIMITS.name} characters`)
  .refine((v) => !CONTROL.test(v), 'must not contain control characters');

const header = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(CREDENTIAL_LIMITS.header, `must be at most ${CREDENTIAL_LIMITS.header} characters`)
  .regex(HEADER_TOKEN, 'must be a valid HTTP header name')
  .refine((v) => !RESERVED_HEADERS.has(v.toLowerCase()), 'is reserved and cannot carry a credential');

/** Messages here never include the value itself. */
const value = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(CREDENTIAL_LIMITS.value, `must be at most ${CREDENTIAL_LIMITS.value} characters`)
  .refine((v) => !/[\r\n\0]/.test(v), 'must be a valid header value (no CR, LF or NUL)');

const baseUrl = z
  .string({ error: 'must be a string or null' })
  .min(1, 'must not be empty')
  .max(CREDENTIAL_LIMITS.baseUrl, `must be at most ${CREDENTIAL_LIMITS.baseUrl} characters`)
  .nullable();

export const createCredentialInput = z.strictObject({
  name,
  base_url: baseUrl.optional(),
  header,
  value,
});

export const updateCredentialInput = z
  .strictObject({
    name: name.optional(),
    base_url: baseUrl.optional(),
    header: header.optional(),
    value: value.optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'must change at least one of name, base_url, header, value');

export type CreateCredentialInput = z.output<typeof createCredentialInput>;
export type UpdateCredentialInput = z.output<typeof updateCredentialInput>;
