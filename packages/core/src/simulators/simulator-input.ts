import { z } from 'zod';
import { SPEC_KINDS } from '../builds/build-provider.port.js';
import { isReference } from './simulator-reference.js';

const CONTROL = /[\u0000-\u001f\u007f]/;

export const SIMULATOR_LIMITS = {
  name: 200,
  references: 20,
  filters: 100,
  filterLength: 256,
  instructions: 16 * 1024,
  timeoutSeconds: { min: 1, max: 72_000, default: 14_400 },
  probeRequests: { min: 0, max: 500, default: 50 },
} as const;

const reference = z.string({ error: 'must be a string' }).refine(isReference, 'must be name:tag (name [a-z0-9]+([._/-][a-z0-9]+)*, tag [A-Za-z0-9_][A-Za-z0-9._-]{0,127})');

export const simulatorNameSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(SIMULATOR_LIMITS.name, `must be at most ${SIMULATOR_LIMITS.name} characters`)
  .refine((v) => !CONTROL.test(v), 'must not contain control characters');

/** The JSON `request` part of `POST /v1/simulators` (DESIGN section 3). */
export const buildRequestInput = z.strictObject({
  name: simulatorNameSchema.optional(),
  references: z.array(reference).max(SIMULATOR_LIMITS.references, `must have at most ${SIMULATOR_LIMITS.references} entries`).default([]),
  spec_kind: z.enum(SPEC_KINDS, { error: `must be one of ${SPEC_KINDS.join(', ')}` }).nullable().default(null),
  filter: z
    .array(
      z
        .string({ error: 'must be a string' })
        .min(1, 'must not be empty')
        .max(SIMULATOR_LIMITS.filterLength, `must be at most ${SIMULATOR_LIMITS.filterLength} characters`)
        .refine(isRegExp, 'must be a valid regular expression'),
    )
    .max(SIMULATOR_LIMITS.filters, `must have at most ${SIMULATOR_LIMITS.filters} entries`)
    .default([]),
  parent_id: z.string({ error: 'must be a string' }).min(1).max(300).nullable().default(null),
  instructions: z
    .string({ error: 'must be a string' })
    .max(SIMULATOR_LIMITS.instructions, `must be at most ${SIMULATOR_LIMITS.instructions} characters`)
    .nullable()
    .default(null),
  credential_id: z.string({ error: 'must be a string' }).max(100).nullable().default(null),
  probe_requests: z
    .int({ error: 'must be an integer' })
    .min(SIMULATOR_LIMITS.probeRequests.min, `must be at least ${SIMULATOR_LIMITS.probeRequests.min}`)
    .max(SIMULATOR_LIMITS.probeRequests.max, `must be at most ${SIMULATOR_LIMITS.probeRequests.max}`)
    .default(SIMULATOR_LIMITS.probeRequests.default),
  timeout_seconds: z
    .int({ error: 'must be an integer' })
    .min(SIMULATOR_LIMITS.timeoutSeconds.min, `must be at least ${SIMULATOR_LIMITS.timeoutSeconds.min}`)
    .max(SIMULATOR_LIMITS.timeoutSeconds.max, `must be at most ${SIMULATOR_LIMITS.timeoutSeconds.max}`)
    .default(SIMULATOR_LIMITS.timeoutSeconds.default),
});

export type BuildRequestInput = z.output<typeof buildRequestInput>;

export const referenceBody = z.strictObject({ reference: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(300) });

export const cloneInput = z.strictObject({
  target_workspace_id: z.string({ error: 'must be a string' }).min(1).max(100),
  name: simulatorNameSchema.optional(),
  idempotency_key: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(256, 'must be at most 256 characters'),
});

export type CloneInput = z.output<typeof cloneInput>;

function isRegExp(source: string): boolean {
  try {
    new RegExp(source, 'u');
    return true;
  } catch {
    return false;
  }
}
