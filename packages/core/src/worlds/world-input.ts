import { z } from 'zod';
import { metadataSchema, seedSchema, SIMULATION_LIMITS } from '../simulations/simulation-input.js';
import { simulatorNameSchema } from '../simulators/simulator-input.js';

/** Per-field limits of `POST /v1/worlds` (DESIGN section 3; docs/worlds.md). */
export const WORLD_LIMITS = {
  members: 32,
  memberName: 63,
  timeoutSeconds: { min: 1, max: 72_000, default: 14_400 },
} as const;

/**
 * A member name: lower-case letters, digits and inner hyphens, 1..63 characters, like a DNS
 * label, so it can name a host, a variable or a directory in a user's test setup unchanged.
 */
export const MEMBER_NAME = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

const memberName = z
  .string({ error: 'must be a string' })
  .regex(MEMBER_NAME, `must be 1 to ${WORLD_LIMITS.memberName} lower-case letters, digits or inner hyphens`);

const simulatorRef = z.string({ error: 'must be a string' }).min(1, 'must not be empty').max(300, 'must be at most 300 characters');

const member = z.union([simulatorRef, z.strictObject({ simulator: simulatorRef, name: memberName.optional() })], {
  error: 'must be a Simulator ID or reference, or an object {simulator, name?}',
});

/** `POST /v1/worlds`. */
export const createWorldInput = z.strictObject({
  name: simulatorNameSchema.optional(),
  simulators: z
    .array(member, { error: 'must be an array' })
    .min(1, 'must name at least one Simulator')
    .max(WORLD_LIMITS.members, `must name at most ${WORLD_LIMITS.members} Simulators`)
    .refine((entries) => {
      const names = entries.flatMap((e) => (typeof e === 'string' || e.name === undefined ? [] : [e.name]));
      return new Set(names).size === names.length;
    }, 'member names must be unique'),
  seed: seedSchema.optional(),
  start_time: z.iso
    .datetime({ error: 'must be an RFC 3339 UTC time', offset: false })
    .default(SIMULATION_LIMITS.defaultStartTime)
    .transform((v) => new Date(v).toISOString()),
  timeout_seconds: z
    .int({ error: 'must be an integer' })
    .min(WORLD_LIMITS.timeoutSeconds.min, `must be at least ${WORLD_LIMITS.timeoutSeconds.min}`)
    .max(WORLD_LIMITS.timeoutSeconds.max, `must be at most ${WORLD_LIMITS.timeoutSeconds.max}`)
    .default(WORLD_LIMITS.timeoutSeconds.default),
  metadata: metadataSchema.optional(),
});
export type CreateWorldInput = z.output<typeof createWorldInput>;

/**
 * Names every member: explicit names as given, the others after their Simulator's name made
 * into a member name (`Pet Store` -> `pet-store`), with `-2`, `-3`... when taken.
 */
export function memberNames(entries: ReadonlyArray<{ explicit: string | undefined; simulatorName: string }>): string[] {
  const taken = new Set(entries.flatMap((e) => (e.explicit === undefined ? [] : [e.explicit])));
  return entries.map((e) => {
    if (e.explicit !== undefined) return e.explicit;
    const base = slug(e.simulatorName);
    let name = base;
    for (let n = 2; taken.has(name); n += 1) name = `${base.slice(0, WORLD_LIMITS.memberName - String(n).length - 1).replace(/-+$/, '')}-${n}`;
    taken.add(name);
    return name;
  });
}

function slug(name: string): string {
  const s = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, WORLD_LIMITS.memberName)
    .replace(/^-+|-+$/g, '');
  return s === '' ? 'member' : s;
}
