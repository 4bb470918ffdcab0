import type { SimplaneClient, Step } from '@simplane/client';
import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { errorText } from './format.js';
import { appendSteps } from './step-log.js';

/** The API's largest page: 10,000 steps are 50 requests. */
const PAGE_SIZE = 200;

export interface StepLog {
  steps: Step[];
  loading: boolean;
  error: string | null;
  /** Reads the steps recorded since the last one shown. */
  refresh: () => void;
}

/**
 * Every step of a Simulation, read a page at a time in the background so the list can show
 * (and count) the first ones while the rest arrive. A refresh reads on from the last step.
 */
export function useStepLog(client: SimplaneClient, simulationId: string): StepLog {
  const [steps, setSteps] = useState<Step[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const known = useRef<Step[]>([]);
  const run = useRef(0);

  const read = useCallback(
    async (from: Step[]) => {
      const mine = (run.current += 1);
      setLoading(true);
      setError(null);
      const last = from.at(-1)?.step;
      try {
        for await (const page of client.simulations.stepPages(simulationId, last === undefined ? { limit: PAGE_SIZE } : { limit: PAGE_SIZE, at_step: last })) {
          if (run.current !== mine) return;
          known.current = appendSteps(known.current, page.steps);
          setSteps(known.current);
        }
      } catch (failure) {
        if (run.current === mine) setError(errorText(failure));
      } finally {
        if (run.current === mine) setLoading(false);
      }
    },
    [client, simulationId],
  );

  useEffect(() => {
    known.current = [];
    setSteps([]);
    void read([]);
    return () => {
      run.current += 1;
    };
  }, [read]);

  return { steps, loading, error, refresh: () => void read(known.current) };
}
