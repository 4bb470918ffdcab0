import type { Route } from '../route.js';

/** Public routes: the control plane describes itself without a key. */
export function metaRoutes(document: () => unknown): Route[] {
  let cached: Buffer | undefined;
  return [
    {
      method: 'GET',
      path: '/v1/openapi.json',
      auth: false,
      doc: {
        operationId: 'getOpenApiDocument',
        summary: 'This OpenAPI 3.1 document.',
        tag: 'Meta',
        responses: { 200: { description: 'The OpenAPI document of the control plane.', schema: { type: 'object' } } },
        errors: [],
      },
      handle: async () => {
        cached ??= Buffer.from(JSON.stringify(document()));
        return { status: 200, body: cached, headers: { 'content-type': 'application/json' } };
      },
    },
  ];
}
