import type { Diagnostics } from '../diagnostics/diagnostics.js';
import { field, objectField, stringField } from '../json.js';
import { PARTIAL_UPDATE } from '../vocabulary/records.js';
import type { DetectedDocument } from '../parse/detect-kind.js';
import { normaliseRequestBody, normaliseResponses } from './bodies.js';
import type { NormaliseContext } from './context.js';
import { SchemaConverter } from './convert-schema.js';
import type { NormalisedDocument, NormalisedOperation, OperationOverride } from './model.js';
import type { RawOperation } from './operations.js';
import { describedIds, normaliseParameters } from './parameters.js';
import { basePaths } from './servers.js';
import { BEHAVIOUR_EXTENSION } from '../behaviour/override-checks.js';
import { TOOL_EXTENSION } from '../tools/tool-overrides.js';
import { normaliseSecuritySchemes, operationSecurity, type SecurityModel } from './security.js';

/** What a list's description says of its order when it answers the newest records first ("with the most recent customers appearing first"). */
const NEWEST_FIRST = /\b(?:most recent|newest|latest)\b[^.]{0,60}\bfirst\b|\breverse[- ]chronological/i;

function newestFirst(raw: RawOperation): boolean {
  if (raw.method.toUpperCase() !== 'GET') return false;
  return [stringField(raw.operation, 'description'), stringField(raw.operation, 'summary')].some((text) => text !== undefined && NEWEST_FIRST.test(text.slice(0, 4000)));
}

function partialUpdate(raw: RawOperation): boolean {
  if (!['PUT', 'PATCH', 'POST'].includes(raw.method.toUpperCase())) return false;
  return [stringField(raw.operation, 'description'), stringField(raw.operation, 'summary')].some((text) => text !== undefined && PARTIAL_UPDATE.test(text.slice(0, 4000)));
}

/** Longest operation description kept: enough to tell an agent what a call does, no more. */
const MAX_DESCRIPTION = 1024;

function described(text: string | undefined): { description?: string } {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? {} : { description: trimmed.slice(0, MAX_DESCRIPTION) };
}

function normaliseOperation(raw: RawOperation, context: NormaliseContext, security: SecurityModel): NormalisedOperation {
  const tags = field(raw.operation, 'tags');
  const ids = describedIds(raw, context);
  if (field(raw.operation, 'callbacks') !== undefined) {
    context.diagnostics.warn('callbacks_ignored', { operation: raw.id, location: `${raw.location}.callbacks` }, 'Callbacks are not simulated; the operation is built without them.');
  }
  return {
    id: raw.id,
    operationId: raw.operationId,
    method: raw.method,
    path: raw.path,
    summary: stringField(raw.operation, 'summary') ?? null,
    ...described(stringField(raw.operation, 'description')),
    tags: Array.isArray(tags) ? tags.filter((t): t is string => typeof t === 'string') : [],
    deprecated: field(raw.operation, 'deprecated') === true,
    parameters: normaliseParameters(raw, context),
    requestBody: normaliseRequestBody(raw, context),
    responses: normaliseResponses(raw, context),
    security: operationSecurity(raw, security, context),
    ...(newestFirst(raw) ? { newestFirst: true as const } : {}),
    ...(partialUpdate(raw) ? { partialUpdate: true as const } : {}),
    ...(ids === null ? {} : { describedIds: ids }),
  };
}

/**
 * Brings the selected operations of a 2.0, 3.0 or 3.1 document to one model. `tick` runs
 * between operations so a long document can report progress and be stopped.
 */
export async function normaliseDocument(
  document: DetectedDocument,
  operations: RawOperation[],
  diagnostics: Diagnostics,
  tick: (done: number) => Promise<void>,
): Promise<NormalisedDocument> {
  const { root, family } = document;
  const context: NormaliseContext = { root, family, diagnostics, schemas: new SchemaConverter(root, family, diagnostics) };
  if (family === '3.1' && field(root, 'webhooks') !== undefined) {
    diagnostics.warn('webhooks_ignored', { location: 'webhooks' }, 'Webhooks are not simulated; the document is built without them.');
  }
  context.schemas.convertComponents();
  const security = normaliseSecuritySchemes(context);
  const out: NormalisedOperation[] = [];
  const behaviourOverrides: OperationOverride[] = [];
  const toolOverrides: OperationOverride[] = [];
  for (const [i, raw] of operations.entries()) {
    out.push(normaliseOperation(raw, context, security));
    for (const [extension, list] of [[BEHAVIOUR_EXTENSION, behaviourOverrides], [TOOL_EXTENSION, toolOverrides]] as const) {
      const override = field(raw.operation, extension);
      if (override !== undefined) list.push({ operation: raw.id, location: `${raw.location}.${extension}`, value: override });
    }
    await tick(i + 1);
  }
  context.schemas.drain();
  const info = objectField(root, 'info');
  return {
    title: stringField(info, 'title') ?? '',
    apiVersion: stringField(info, 'version') ?? '',
    basePaths: basePaths(context),
    schemas: context.schemas.schemas,
    securitySchemes: security.schemes,
    operations: out,
    behaviourOverrides,
    toolOverrides,
  };
}
