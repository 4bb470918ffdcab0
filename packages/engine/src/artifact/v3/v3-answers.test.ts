import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SimClient, type SimCall } from '../../testing/sim-client.js';

/**
 * Version 3 artifacts, built by the engine before behaviour became data and kept as they were
 * stored, with the answers that engine gave to a fixed drive of every operation (creates,
 * reads, writes, actions, deletes, lists followed page by page). An engine that reads them must
 * answer byte for byte the same: a Simulator keeps the behaviour it was built with.
 */
interface Recorded {
  seed: string;
  sampleRecords: number;
  calls: Array<{ call: SimCall; answer: { status: number; headers: Record<string, string>; text: string } }>;
}

const here = new URL('./', import.meta.url);
const names = readdirSync(here).filter((name) => name.endsWith('.v3-artifact.json')).map((name) => name.replace('.v3-artifact.json', ''));

describe('version 3 artifacts', () => {
  it('are kept for several documents', () => {
    expect(names.length).toBeGreaterThanOrEqual(8);
  });

  it.each(names)('%s answers as the engine that built it did', async (name) => {
    const bytes = readFileSync(new URL(`./${name}.v3-artifact.json`, here));
    expect(JSON.parse(bytes.toString('utf8')).version).toBe(3);
    const recorded = JSON.parse(readFileSync(new URL(`./${name}.v3-answers.json`, here), 'utf8')) as Recorded;
    const client = await SimClient.fromBytes(bytes, { seed: recorded.seed, sampleRecords: recorded.sampleRecords });
    for (const { call, answer } of recorded.calls) {
      const got = client.call(call);
      expect({ call: `${call.method} ${call.path}?${call.query ?? ''}`, status: got.status, headers: got.headers, text: got.text }).toEqual({ call: `${call.method} ${call.path}?${call.query ?? ''}`, ...answer });
    }
  });
});
