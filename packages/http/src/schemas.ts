import { z } from 'zod';

/** Response shapes, for the OpenAPI document. Request shapes come from core's input schemas. */
export const specificationIssueSchema = z.strictObject({
  code: z.string(),
  kind: z.enum(['invalid', 'unsupported', 'incomplete', 'unknown']),
  operation: z.string().max(243),
  location: z.string().max(512),
  message: z.string(),
  suggestion: z.string(),
});

export const specificationValidationSchema = z.strictObject({ issues: z.array(specificationIssueSchema).max(20) });

export const errorSchema = z.strictObject({
  code: z.string().min(1),
  detail: z.string().min(1),
  validation: specificationValidationSchema.nullable(),
});

export const credentialSchema = z.strictObject({
  id: z.string().regex(/^crd_[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  base_url: z.string().nullable(),
  header: z.string(),
  created_at: z.iso.datetime(),
});

export const listCredentialsResponseSchema = z.strictObject({
  credentials: z.array(credentialSchema),
  next_cursor: z.string().nullable(),
});

const statusEnum = z.enum(['pending', 'building', 'ready', 'failed', 'canceled']);

export const simulatorSchema = z.strictObject({
  id: z.string().regex(/^smr_[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  source: z.enum(['workspace', 'catalog']),
  spec_kind: z.enum(['openapi', 'wsdl']).nullable(),
  spec_version: z.string().nullable(),
  references: z.array(z.string()),
  parent_id: z.string().nullable(),
  instructions: z.string().nullable(),
  credential_id: z.string().nullable(),
  status: statusEnum,
  error: z
    .strictObject({
      code: z.enum(['build_failed', 'build_canceled', 'specification_validation_failed']),
      detail: z.string(),
      reason: z.enum(['canceled', 'specification_invalid', 'time_limit', 'service_unavailable', 'build_failed']).nullable(),
      agent_message: z.string().nullable(),
      validation: specificationValidationSchema.nullable(),
    })
    .nullable(),
  build: z.strictObject({
    stage: z.enum(['queued', 'parsing', 'validating', 'compiling', 'probing', 'storing', 'complete']),
    operations_total: z.int(),
    operations_done: z.int(),
    started_at: z.iso.datetime().nullable(),
    deadline: z.iso.datetime().nullable(),
    warnings: z.array(specificationIssueSchema).max(40),
  }),
  operations: z.int(),
  digest: z.string().nullable(),
  workspace_id: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const listSimulatorsResponseSchema = z.strictObject({
  simulators: z.array(simulatorSchema),
  next_cursor: z.string().nullable(),
});

export const operationsResponseSchema = z.strictObject({
  operations: z.array(
    z.strictObject({
      operation: z.string(),
      method: z.string(),
      path: z.string(),
      behaviour: z.enum(['create', 'read', 'list', 'replace', 'update', 'delete', 'action', 'static']),
      resource: z.string().nullable(),
      read_only: z.boolean(),
    }),
  ),
});

const usage = z.strictObject({ used: z.int(), limit: z.int() });
export const quotaSchema = z.strictObject({
  active_simulations: usage,
  builds_today: z.strictObject({ used: z.int(), limit: z.int(), resets_at: z.iso.datetime() }),
  concurrent_builds: usage,
  concurrent_world_builds: usage,
});
