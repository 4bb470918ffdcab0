/** The step list as the timeline keeps it: oldest first, as the API answers, shown either way. */
import type { Step } from '@simplane/client';

/**
 * `known` with the steps of `page` that come after its last one. A refresh reads from the last
 * known step on (`at_step` includes it), so the first step of its first page is one we have.
 */
export function appendSteps(known: readonly Step[], page: readonly Step[]): Step[] {
  const last = known.at(-1)?.step ?? Number.NEGATIVE_INFINITY;
  const fresh = page.filter((step) => step.step > last);
  return fresh.length === 0 ? (known as Step[]) : [...known, ...fresh];
}

export type StepOrder = 'oldest' | 'newest';

/** The step shown at row `index` of a list of `count` steps in `order`. */
export function stepIndex(index: number, count: number, order: StepOrder): number {
  return order === 'oldest' ? index : count - 1 - index;
}

/** The row of step number `step`, or -1: steps are ascending, so a binary search. */
export function indexOfStep(steps: readonly Step[], step: number, order: StepOrder): number {
  let low = 0;
  let high = steps.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const found = steps[middle]?.step ?? 0;
    if (found === step) return order === 'oldest' ? middle : steps.length - 1 - middle;
    if (found < step) low = middle + 1;
    else high = middle - 1;
  }
  return -1;
}
