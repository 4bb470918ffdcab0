/**
 * When to save a snapshot of a running Simulation. A fork or a reload rebuilds the state from
 * the latest snapshot at or before a step plus the changes after it, so snapshots bound that
 * replay. Saving one costs time proportional to the whole state, so the interval grows with
 * it: at least `minimumSteps`, and at least one step per `recordsPerStep` records held. Writing
 * snapshots then costs a constant amount per step however large the state grows (two records'
 * worth), and a replay never exceeds a fixed fraction of the work of reading the snapshot
 * itself: replaying a step's changes costs less than reading one record of a snapshot, so a
 * replay of half as many steps as records adds at most about half to a fork.
 */
export function snapshotDue(stepsSinceSnapshot: number, records: number, minimumSteps: number, recordsPerStep = 2): boolean {
  return stepsSinceSnapshot >= Math.max(minimumSteps, Math.ceil(records / recordsPerStep));
}
