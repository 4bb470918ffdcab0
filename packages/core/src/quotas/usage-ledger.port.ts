/**
 * Port: counts consumed daily allowances. Contract (checked by the conformance suite):
 * - `tryConsume` adds one only while the count for (workspace, day) is below `limit`, and answers
 *   whether it did, atomically across processes;
 * - `refund` takes one back (never below zero) when an accepted request could not be completed;
 * - days are independent: a new day starts at zero.
 */
export interface UsageLedger {
  used(workspaceId: string, day: string): Promise<number>;
  tryConsume(workspaceId: string, day: string, limit: number): Promise<boolean>;
  refund(workspaceId: string, day: string): Promise<void>;
}
