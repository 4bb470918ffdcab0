import { describe, expect, it } from 'vitest';
import type { UsageLedger } from '../quotas/usage-ledger.port.js';

/** The UsageLedger contract. */
export function describeUsageLedgerConformance(name: string, makeLedger: () => Promise<UsageLedger> | UsageLedger): void {
  describe(`UsageLedger conformance: ${name}`, () => {
    it('consumes up to the limit and no further', async () => {
      const ledger = await makeLedger();
      const results = [];
      for (let i = 0; i < 4; i += 1) results.push(await ledger.tryConsume('wsp_A', '2024-01-01', 3));
      expect(results).toEqual([true, true, true, false]);
      expect(await ledger.used('wsp_A', '2024-01-01')).toBe(3);
    });

    it('is not fooled by concurrent consumers', async () => {
      const ledger = await makeLedger();
      const results = await Promise.all(Array.from({ length: 20 }, () => ledger.tryConsume('wsp_A', '2024-01-01', 5)));
      expect(results.filter(Boolean)).toHaveLength(5);
    });

    it('keeps workspaces and days apart', async () => {
      const ledger = await makeLedger();
      await ledger.tryConsume('wsp_A', '2024-01-01', 1);
      expect(await ledger.tryConsume('wsp_B', '2024-01-01', 1)).toBe(true);
      expect(await ledger.tryConsume('wsp_A', '2024-01-02', 1)).toBe(true);
      expect(await ledger.used('wsp_A', '2024-01-03')).toBe(0);
    });

    it('refunds one, never below zero', async () => {
      const ledger = await makeLedger();
      await ledger.tryConsume('wsp_A', '2024-01-01', 1);
      await ledger.refund('wsp_A', '2024-01-01');
      await ledger.refund('wsp_A', '2024-01-01');
      expect(await ledger.used('wsp_A', '2024-01-01')).toBe(0);
      expect(await ledger.tryConsume('wsp_A', '2024-01-01', 1)).toBe(true);
    });
  });
}
