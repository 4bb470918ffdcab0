import { z } from 'zod';
import { simulatorNameSchema } from '../simulators/simulator-input.js';
import type { Json } from '../runtime/runtime.port.js';

/** Per-field limits of the Simulation requests (DESIGN section 3). */
export const SIMULATION_LIMITS = {
  ttlSeconds: { min: 60, max: 2_592_000 },
  tokenTtlSeconds: { min: 60, max: 86_400 },
  sampleRecords: { min: 0, max: 1000, default: 3 },
  seed: 256,
  /** Encoded size of `metadata`, and its keys. */
  metadataBytes: 16 * 1024,
  metadataKeys: 64,
  defaultStartTime: '2024-01-01T00:00:00.000Z',
} as const;

const int = (min: number, max: number) =>
  z
    .int({ error: 'must be an integer' })
    .min(min, `must be at least ${min}`)
    .max(max, `must be at most ${max}`);

const ttl = int(SIMULATION_LIMITS.ttlSeconds.min, SIMULATION_LIMITS.ttlSeconds.max);

/**
 * A seed: any text but U+0000, which no durable store keeps in a text column (a seed is
 * stored and shown as given).
 */
export const seedSchema = z
  .string({ error: 'must be a string' })
  .min(1, 'must not be empty')
  .max(SIMULATION_LIMITS.seed)
  .refine((v) => !v.includes('\u0000'), 'must not contain U+0000');

/** `metadata` of a Simulation or a World: a small JSON object. */
export const metadataSchema = z
  .record(z.string().min(1).max(128), z.json())
  .refine((v) => Object.keys(v).length <= SIMULATION_LIMITS.metadataKeys, `must have at most ${SIMULATION_LIMITS.metadataKeys} keys`)
  .refine((v) => Buffer.byteLength(JSON.stringify(v)) <= SIMULATION_LIMITS.metadataBytes, `must encode to at most ${SIMULATION_LIMITS.metadataBytes} bytes`)
  .transform((v) => v as Record<string, Json>);

/** `POST /v1/simulations`. */
export const createSimulationInput = z.strictObject({
  simulator_id: z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(300),
  name: simulatorNameSchema.optional(),
  seed: seedSchema.optional(),
  start_time: z.iso
    .datetime({ error: 'must be an RFC 3339 UTC time', offset: false })
    .default(SIMULATION_LIMITS.defaultStartTime)
    .transform((v) => new Date(v).toISOString()),
  ttl_seconds: ttl.optional(),
  sample_records: int(SIMULATION_LIMITS.sampleRecords.min, SIMULATION_LIMITS.sampleRecords.max).default(SIMULATION_LIMITS.sampleRecords.default),
  metadata: metadataSchema.optional(),
});
export type CreateSimulationInput = z.output<typeof createSimulationInput>;

/** `POST /v1/simulations/{id}/fork`. */
export const forkSimulationInput = z.strictObject({
  at_step: z.int({ error: 'must be an integer' }).min(0, 'must be at least 0').optional(),
  name: simulatorNameSchema.optional(),
  ttl_seconds: ttl.optional(),
});
export type ForkSimulationInput = z.output<typeof forkSimulationInput>;

/** `POST /v1/simulations/{id}/tokens`. */
export const simulationTokenInput = z.strictObject({
  ttl_seconds: int(SIMULATION_LIMITS.tokenTtlSeconds.min, SIMULATION_LIMITS.tokenTtlSeconds.max),
  read_only: z.boolean({ error: 'must be a boolean' }).default(false),
});
export type SimulationTokenInput = z.output<typeof simulationTokenInput>;

/** `POST /v1/simulations/{id}/advance-time`: the target, any RFC 3339 time, kept in UTC with milliseconds. */
export const advanceTimeInput = z.strictObject({
  to: z.iso.datetime({ error: 'must be an RFC 3339 time', offset: true }).transform((v) => new Date(v).toISOString()),
});
export type AdvanceTimeInput = z.output<typeof advanceTimeInput>;

/** The `Idempotency-Key` header of a clock advance: 1..256 bytes. */
export const IDEMPOTENCY_KEY_BYTES = { min: 1, max: 256 } as const;
