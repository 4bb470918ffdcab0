import { z } from 'zod';

/** The World resource (SPEC 2.3, DESIGN 3, docs/worlds.md). */
export const worldSchema = z.strictObject({
  id: z.string().regex(/^wld_[0-9A-HJKMNP-TV-Z]{26}$/),
  name: z.string(),
  created_at: z.iso.datetime(),
  from: z.string().describe('"" for a World built from Simulators (reserved for a World copied from another).'),
  seed: z.string().describe('Every member is seeded from it, so an entity two members share starts alike in both.'),
  status: z.enum(['creating', 'running', 'stopped', 'failed']),
  members: z
    .record(z.string(), z.strictObject({ simulation_id: z.string().regex(/^sim_/), status: z.enum(['running', 'paused', 'stopped']) }))
    .describe('Member name -> its Simulation and that Simulation\'s status. A member appears once the build has created its Simulation.'),
  services: z
    .record(z.string(), z.strictObject({ endpoint: z.string(), simulation_id: z.string().regex(/^sim_/) }))
    .describe('Member name -> its data plane, {base_url}/sim/<simulation_id> (relative when the server has no public base URL).'),
  error: z
    .strictObject({ code: z.enum(['build_failed', 'build_canceled', 'simulator_not_ready', 'simulation_quota_exceeded', 'internal']), detail: z.string() })
    .nullable()
    .describe('Why the build failed (status failed); null otherwise.'),
  start_time: z.iso.datetime(),
  current_time: z.iso.datetime().describe('The World\'s virtual clock.'),
  active_advance_id: z.string().nullable().describe('The clock advance running now; while set, stop, start, cancel and delete answer 409 clock_conflict.'),
  build: z
    .strictObject({ started_at: z.iso.datetime().nullable(), deadline: z.iso.datetime().nullable() })
    .describe('started_at and deadline are null while the build waits in the workspace\'s World build queue.'),
  metadata: z.record(z.string(), z.json()),
  updated_at: z.iso.datetime(),
});

export const listWorldsResponseSchema = z.strictObject({ worlds: z.array(worldSchema), next_cursor: z.string().nullable() });
