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
      tool: z
        .strictObject({
          name: z.string().describe('The tool\'s name at the Simulation\'s MCP endpoint: letters, digits, `_` and `-`, at most 64, unique among its tools (a World\'s endpoint puts the member\'s name before it).'),
          description: z.string().describe('What the agent is told the tool does: the document\'s summary and description, then how the call travels and what the build understood it to do; at most 2 KiB.'),
        })
        .nullable()
        .optional()
        .describe('The MCP tool an agent calls the operation by, as the build decided it and `x-simplane-tool` corrected it (docs/mcp.md); null where it is not offered (hidden, or an AWS protocol\'s). Absent for a Simulator built before tools were decided at build time.'),
    }),
  ),
  lifecycle: z
    .array(
      z.strictObject({
        resource: z.string().describe('The resource whose records the rule acts on (`passes`, `users.orders`).'),
        name: z.string().describe('Unique within the resource; an Overlay names a rule to change it or switch it off (`enabled: false`).'),
        source: z.enum(['declared', 'inferred']).describe('declared: an `x-simplane-lifecycle` extension in the document or an Overlay; inferred: by the compiler (an `expires_at` time beside an `expired` state).'),
        type: z.enum(['expiry', 'set', 'delete']).describe('What its events are called: expiry (a state took its end value, inferred), set or delete.'),
        trigger: z
          .union([z.strictObject({ at: z.string() }), z.strictObject({ after: z.string(), from: z.string() })])
          .describe('When it falls due: at the time in the record\'s `at` field, or `after` (an ISO 8601 duration) the time in its `from` field.'),
        effect: z
          .union([z.strictObject({ set: z.record(z.string(), z.unknown()) }), z.strictObject({ delete: z.literal(true) })])
          .describe('What it does then: sets the fields to the values in `set`, or deletes the record.'),
        when: z.record(z.string(), z.array(z.unknown())).nullable().describe('It fires only where each named field holds one of its values; null: always.'),
        description: z.string().describe('The rule in a sentence: `status becomes "expired" at expires_at, when status is "active"`.'),
      }),
    )
    .describe('What time will do to records: every lifecycle rule of the build, declared or inferred, by resource and then in the order an advance breaks ties by. Empty for a Simulator built before rules were listed (build it again to list them) and for a SOAP one.'),
  entities: z
    .array(
      z.strictObject({
        resource: z.string().describe('A top-level collection whose item schema is a named component with an id field.'),
        schema: z.string().describe('The component schema\'s name, e.g. `Customer`.'),
        id_field: z.string(),
        digest: z.string().describe('`sha256:<hex>` of what its records are made from: the normalised schema, the schemas it refers to and the id parameter\'s.'),
      }),
    )
    .describe('Resources whose sample records other Simulators share: Simulations of Simulators whose entities have the same schema, id field and digest seed the same records (ids and values) from one seed, as a World\'s members do. Empty for a Simulator built before entities were listed.'),
});

/** The artifact's decisions as they are: their shapes belong to the artifact format (docs/behaviour.md), not to this API. */
export const behaviourResponseSchema = z.strictObject({
  artifact_version: z.int().describe('The version of the artifact format the decisions are written in; 0 from a runtime that keeps none.'),
  resources: z
    .array(z.looseObject({}))
    .describe('Each resource of the artifact as it holds it, without its item schema: `name`, `idField`, `records` (server-filled `fields`, the `state` field and its `initial` value), `values` (the value hint of each field that has one) and more (docs/behaviour.md).'),
  operations: z
    .array(z.looseObject({}))
    .describe('Each operation of the artifact as it holds it, without its parameters, request body, responses and security: `id`, `behaviour`, `resource`, `protocol`, `write`, `errors` (what a refusal writes into each field of its error answers, by response) and more (docs/behaviour.md).'),
});

const usage = z.strictObject({ used: z.int(), limit: z.int() });
export const quotaSchema = z.strictObject({
  active_simulations: usage,
  builds_today: z.strictObject({ used: z.int(), limit: z.int(), resets_at: z.iso.datetime() }),
  concurrent_builds: usage,
  concurrent_world_builds: usage,
});

export const simulationSchema = z.strictObject({
  id: z.string().regex(/^sim_[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  simulator_id: z.string(),
  simulator_digest: z.string(),
  parent_id: z.string().nullable(),
  world_id: z.string().nullable(),
  status: z.enum(['running', 'paused', 'stopped']),
  endpoint: z.string().describe('The data plane: send requests under it with a Simulation-Token header. An absolute URL when the server knows its public base URL (config public_base_url; serve uses its own address), else a path relative to the server.'),
  seed: z.string(),
  start_time: z.iso.datetime(),
  current_time: z.iso.datetime(),
  active_advance_id: z.string().nullable(),
  step: z.int().describe('The last step number; 0 before the first state-changing request.'),
  ttl_seconds: z.int().nullable(),
  expires_at: z.iso.datetime().nullable(),
  metadata: z.record(z.string(), z.json()),
  created_at: z.iso.datetime(),
});

export const simulationWithTokenSchema = simulationSchema.extend({
  token: z.string().describe('A data-plane token; send it as Simulation-Token.'),
  token_expires_at: z.iso.datetime(),
});

export const listSimulationsResponseSchema = z.strictObject({
  simulations: z.array(simulationSchema),
  next_cursor: z.string().nullable(),
});

export const simulationTokenSchema = z.strictObject({ token: z.string(), expires_at: z.iso.datetime(), read_only: z.boolean() });

export const stepSchema = z.strictObject({
  step: z.int(),
  kind: z.enum(['api', 'advance']),
  label: z.string(),
  operation: z.string().nullable(),
  status: z.int(),
  time_before: z.iso.datetime(),
  time_after: z.iso.datetime(),
  advance_id: z.string().nullable(),
  via: z.enum(['http', 'mcp']).nullable().describe('How an `api` step\'s request came in: `http` on the data plane, `mcp` as a tool call of an MCP endpoint; null for an `advance` step.'),
  created_at: z.iso.datetime(),
});

const recordedMessage = z
  .strictObject({
    method: z.string().optional(),
    path: z.string().optional(),
    query: z.string().optional(),
    status: z.int().optional(),
    headers: z.record(z.string(), z.union([z.string(), z.array(z.string())])),
    body: z.string().nullable(),
    body_encoding: z.enum(['utf8', 'base64']),
    body_truncated: z.boolean(),
    body_bytes: z.int(),
  })
  .nullable();

export const stepDetailSchema = stepSchema.extend({ request: recordedMessage, response: recordedMessage });

export const listStepsResponseSchema = z.strictObject({ steps: z.array(stepSchema), next_cursor: z.string().nullable() });

const recordPlace = {
  resource: z.string().describe('The resource the record belongs to, as the Simulator\'s operations name it.'),
  collection: z.string().describe('Where the state keeps it: the resource\'s name, and for a nested resource `:` and its parents\' ids.'),
  key: z.string().describe('The record\'s key: its id as text.'),
};

export const stateRecordSchema = z.strictObject({ ...recordPlace, value: z.json() });

export const listStateRecordsResponseSchema = z.strictObject({
  step: z.int().describe('The step the records are the state after.'),
  records: z.array(stateRecordSchema),
  next_cursor: z.string().nullable(),
});

export const recordChangeSchema = z.strictObject({
  ...recordPlace,
  change: z.enum(['created', 'updated', 'deleted']),
  before: z.json().nullable().describe('The record before the step; null when the step created it.'),
  after: z.json().nullable().describe('The record after the step; null when the step deleted it.'),
  fields: z.array(z.string()).describe('For `updated`: the top-level fields whose values differ. Empty otherwise.'),
});

export const listRecordChangesResponseSchema = z.strictObject({
  step: z.int(),
  changes: z.array(recordChangeSchema),
  next_cursor: z.string().nullable(),
});

export const clockAdvanceSchema = z.strictObject({
  id: z.string().regex(/^adv_[0-9A-HJKMNP-TV-Z]{26}$/),
  status: z.enum(['pending', 'running', 'completed', 'failed']).describe('pending, then running in the Simulation\'s queue, then completed or failed.'),
  from: z.iso.datetime().describe('The clock before the advance.'),
  to: z.iso.datetime().describe('The target: the clock after a completed advance.'),
  event_count: z.int().describe('Scheduled events committed; 0 until completed.'),
  step: z.int().nullable().describe('The advance step the events were committed as; null when nothing fell due (or before completion).'),
  members: z
    .array(
      z.strictObject({
        name: z.string().describe('The member\'s name in its World.'),
        simulation_id: z.string(),
        status: z.enum(['completed', 'failed', 'skipped']).describe('skipped: the member was not running.'),
        advance_id: z.string().optional().describe('The advance recorded on the member, in its own advances.'),
        event_count: z.int().optional().describe('Events the member committed, once completed.'),
      }),
    )
    .describe('Per World member, by name, as each finishes; empty for a Simulation\'s own advance.'),
  error: z.strictObject({ code: z.string(), detail: z.string() }).nullable().describe('Why a failed advance failed; the state and the clock are as they were.'),
  created_at: z.iso.datetime(),
});

export const listClockAdvancesResponseSchema = z.strictObject({ advances: z.array(clockAdvanceSchema), next_cursor: z.string().nullable() });

export const clockEventSchema = z.strictObject({
  event_id: z.string().describe('Deterministic: the same rule, record and due time give the same id.'),
  type: z.string().describe('What the rule did, e.g. expiry, set or delete.'),
  resource: z.string(),
  record_id: z.string(),
  at: z.iso.datetime().describe('When the event fell due, from the record\'s own fields.'),
  sequence: z.int().describe('Its place in the advance, from 1: the order events were committed in.'),
  member: z.string().optional().describe('A World\'s advance only: the member that committed it.'),
  simulation_id: z.string().optional().describe('A World\'s advance only: that member\'s Simulation.'),
});

export const listClockEventsResponseSchema = z.strictObject({ events: z.array(clockEventSchema), next_cursor: z.string().nullable() });
