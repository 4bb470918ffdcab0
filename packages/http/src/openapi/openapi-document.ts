import { ERROR_STATUS, type ErrorCode } from '@simplane/core';
import type { z } from 'zod';
import type { Route } from '../route.js';
import { ComponentSchemas } from './component-schemas.js';
import { clockAdvanceSchema, credentialSchema, errorSchema, simulatorSchema, specificationIssueSchema, specificationValidationSchema } from '../schemas.js';

type JsonObject = Record<string, unknown>;

/**
 * Errors any authenticated operation can answer (SPEC sections 5 and 7, rule 1); with a session,
 * also 400 for a missing workspace header and 403 for a workspace the session may not use.
 */
const COMMON_ERRORS: ErrorCode[] = ['bad_request', 'auth_invalid', 'auth_forbidden', 'internal', 'internal_unavailable', 'auth_provider_unavailable'];

/** Codes answered with `Retry-After` (SPEC section 7, rule 2, and the retryable runtime failures). */
const RETRY_AFTER_CODES: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'build_rate_exceeded',
  'simulation_capacity',
  'simulation_timeout',
  'simulation_provider_unavailable',
  'simulation_unreachable',
  'internal_unavailable',
]);

const NAMED_SCHEMAS = new Map<z.ZodType, string>([
  [errorSchema, 'Error'],
  [specificationValidationSchema, 'SpecificationValidation'],
  [specificationIssueSchema, 'SpecificationIssue'],
  [credentialSchema, 'Credential'],
  [simulatorSchema, 'Simulator'],
  [clockAdvanceSchema, 'ClockAdvance'],
]);

/**
 * The control plane's OpenAPI 3.1 description, generated from the route table so that the
 * document cannot drift from the code. `docs/openapi.yaml` is this document written out.
 */
export function buildOpenApiDocument(routes: readonly Route[], version: string): JsonObject {
  const schemas = new ComponentSchemas(NAMED_SCHEMAS);
  const paths: Record<string, JsonObject> = {};
  for (const route of routes) {
    const item = (paths[route.path] ??= {});
    item[route.method.toLowerCase()] = operation(route, schemas);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Simplane control plane',
      version,
      description: 'Build Simulators from OpenAPI or WSDL documents, run Simulations of them, group them into Worlds, and keep Credentials for the real systems.',
    },
    servers: [{ url: '/' }],
    security: [{ apiKey: [] }, { session: [] }, { sessionCookie: [] }],
    tags: [...new Set(routes.map((r) => r.doc.tag))].sort().map((name) => ({ name })),
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key; it carries its workspace.' },
        session: { type: 'http', scheme: 'bearer', description: 'A sealed session; send X-Workspace-Id on workspace-scoped routes.' },
        sessionCookie: { type: 'apiKey', in: 'cookie', name: 'simplane_session' },
      },
      schemas: schemas.all(),
    },
  };
}

function operation(route: Route, schemas: ComponentSchemas): JsonObject {
  const doc = route.doc;
  const op: JsonObject = { operationId: doc.operationId, summary: doc.summary, tags: [doc.tag] };
  if (!route.auth) op.security = [];
  const parameters: JsonObject[] = [];
  for (const match of route.path.matchAll(/\{([^}]+)\}/g)) {
    const spanning = route.spanning !== undefined && route.spanning.name === match[1] ? { description: route.spanning.description } : {};
    parameters.push({ name: match[1], in: 'path', required: true, ...spanning, schema: { type: 'string' } });
  }
  for (const [name, q] of Object.entries(doc.query ?? {})) {
    parameters.push({ name, in: 'query', required: false, description: q.description, schema: q.schema });
  }
  for (const [name, h] of Object.entries(doc.headers ?? {})) {
    parameters.push({ name, in: 'header', required: h.required, description: h.description, schema: h.schema });
  }
  if (parameters.length > 0) op.parameters = parameters;
  if (doc.requestBody !== undefined) {
    op.requestBody = { required: doc.requestBody.required ?? true, content: { [doc.requestBody.contentType]: { schema: schemas.schemaOf(doc.requestBody.schema) } } };
  }
  const responses: Record<string, JsonObject> = {};
  for (const [status, r] of Object.entries(doc.responses)) {
    responses[status] = r.schema === undefined ? { description: r.description } : { description: r.description, content: { 'application/json': { schema: schemas.schemaOf(r.schema) } } };
  }
  const errors = route.auth ? [...COMMON_ERRORS, ...doc.errors] : [...doc.errors, 'internal' as const];
  const byStatus = new Map<number, Set<ErrorCode>>();
  for (const code of errors) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, (byStatus.get(status) ?? new Set()).add(code));
  }
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    const retried = [...codes].filter((c) => RETRY_AFTER_CODES.has(c)).sort();
    responses[String(status)] = {
      description: `Error; code ${[...codes].sort().join(' or ')}.`,
      ...(retried.length === 0
        ? {}
        : { headers: { 'Retry-After': { description: `Seconds to wait before retrying; sent with ${retried.join(', ')} (always with build_rate_exceeded and simulation_capacity).`, schema: { type: 'integer', minimum: 0 } } } }),
      content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Error' } } },
    };
  }
  op.responses = responses;
  return op;
}
