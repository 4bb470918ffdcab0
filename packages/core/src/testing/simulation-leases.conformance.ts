import { describe, expect, it } from 'vitest';
import type { LeaseNotice, SimulationLeases } from '../simulations/ownership/simulation-leases.port.js';

let counter = 0;
const simulationId = () => `sim_lease${String((counter += 1)).padStart(21, '0')}`;

/** Resolves once `check` answers true, looking again each turn of the event loop for at most `ms`. */
async function eventually(check: () => Promise<boolean> | boolean, ms = 5_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/** The SimulationLeases contract; `makeLeases` answers two views of one store (two processes). */
export function describeSimulationLeasesConformance(name: string, makeLeases: () => Promise<[SimulationLeases, SimulationLeases]> | [SimulationLeases, SimulationLeases]): void {
  describe(`SimulationLeases conformance: ${name}`, () => {
    it('gives a free lease to the first claimant only, and again to its holder', async () => {
      const [a, b] = await makeLeases();
      const id = simulationId();
      expect(await a.claim(id, 'proc-a', 60_000)).toBe(true);
      expect(await b.claim(id, 'proc-b', 60_000)).toBe(false);
      expect(await a.claim(id, 'proc-a', 60_000)).toBe(true);
    });

    it('lets exactly one of many simultaneous claimants win', async () => {
      const [a, b] = await makeLeases();
      const id = simulationId();
      const won = await Promise.all(Array.from({ length: 8 }, (_, i) => (i % 2 === 0 ? a : b).claim(id, `proc-${i}`, 60_000)));
      expect(won.filter(Boolean)).toHaveLength(1);
    });

    it('lets another take a lease over once it lapses, and then renews only the new holder', async () => {
      const [a, b] = await makeLeases();
      const id = simulationId();
      expect(await a.claim(id, 'proc-a', 1)).toBe(true);
      await eventually(() => b.claim(id, 'proc-b', 60_000));
      expect(await a.renew('proc-a', [id], 60_000)).toEqual([]);
      expect(await b.renew('proc-b', [id], 60_000)).toEqual([{ simulationId: id, wanted: false }]);
      expect(await a.claim(id, 'proc-a', 60_000)).toBe(false);
    });

    it('renews a lease before it lapses, so no one takes it over', async () => {
      const [a, b] = await makeLeases();
      const [held, other] = [simulationId(), simulationId()];
      expect(await a.claim(held, 'proc-a', 60_000)).toBe(true);
      expect(await b.claim(other, 'proc-b', 60_000)).toBe(true);
      expect(await a.renew('proc-a', [held, other], 60_000)).toEqual([{ simulationId: held, wanted: false }]);
      expect(await b.claim(held, 'proc-b', 60_000)).toBe(false);
    });

    it('marks a lease asked for until its next claim, so a holder that missed the notice learns of it when it renews', async () => {
      const [a, b] = await makeLeases();
      const id = simulationId();
      expect(await a.claim(id, 'proc-a', 60_000)).toBe(true);
      await b.want(id);
      expect(await a.renew('proc-a', [id], 60_000)).toEqual([{ simulationId: id, wanted: true }]);
      expect(await a.claim(id, 'proc-a', 60_000)).toBe(true);
      expect(await a.renew('proc-a', [id], 60_000)).toEqual([{ simulationId: id, wanted: true }]);
      await a.release('proc-a', [id]);
      expect(await b.claim(id, 'proc-b', 60_000)).toBe(true);
      expect(await b.renew('proc-b', [id], 60_000)).toEqual([{ simulationId: id, wanted: false }]);
    });

    it("releases only the caller's leases and tells every process", async () => {
      const [a, b] = await makeLeases();
      const [mine, theirs] = [simulationId(), simulationId()];
      const seen: LeaseNotice[] = [];
      const stop = await b.watch((notice) => seen.push(notice));
      try {
        expect(await a.claim(mine, 'proc-a', 60_000)).toBe(true);
        expect(await b.claim(theirs, 'proc-b', 60_000)).toBe(true);
        await a.release('proc-a', [mine, theirs]);
        await eventually(() => seen.some((n) => n.kind === 'released' && n.simulationId === mine));
        expect(await b.claim(mine, 'proc-b', 60_000)).toBe(true);
        expect(await a.claim(theirs, 'proc-a', 60_000)).toBe(false);
        expect(seen.filter((n) => n.simulationId === theirs)).toEqual([]);
      } finally {
        await stop();
      }
    });

    it('carries a request for a lease to the other processes until they stop watching', async () => {
      const [a, b] = await makeLeases();
      const [first, second] = [simulationId(), simulationId()];
      const seen: LeaseNotice[] = [];
      const stop = await a.watch((notice) => seen.push(notice));
      await b.want(first);
      await eventually(() => seen.some((n) => n.simulationId === first));
      expect(seen.filter((n) => n.simulationId === first)).toEqual([{ kind: 'wanted', simulationId: first }]);
      await stop();
      await b.want(second);
      // A notice sent after a third one proves the second was delivered to no one watching.
      const marker = simulationId();
      const seenAfter: LeaseNotice[] = [];
      const stopAfter = await a.watch((notice) => seenAfter.push(notice));
      await b.want(marker);
      await eventually(() => seenAfter.some((n) => n.simulationId === marker));
      await stopAfter();
      expect(seen.some((n) => n.simulationId === second)).toBe(false);
    });
  });
}
