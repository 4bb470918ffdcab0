import type { QuotaService } from '@simplane/core';
import type { Route } from '../route.js';
import { quotaSchema } from '../schemas.js';

/** `GET /v1/quota`: the workspace's quota ledger. */
export function quotaRoutes(quotas: QuotaService): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/quota',
      auth: true,
      doc: {
        operationId: 'getQuota',
        summary: "The workspace's use of each quota: active Simulations, builds today, concurrent builds.",
        tag: 'Quota',
        responses: { 200: { description: 'The quota ledger.', schema: quotaSchema } },
        errors: [],
      },
      handle: async (c) => ({ status: 200, json: await quotas.ledger(c.principal) }),
    },
  ];
}
