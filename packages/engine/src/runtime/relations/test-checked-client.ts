import { expect } from 'vitest';
import type { Artifact } from '../../artifact/artifact.js';
import { compileArtifact } from '../../testing/fixtures.js';
import { ResponseChecker } from '../../testing/response-check.js';
import { SimClient, type SimAnswer, type SimCall } from '../../testing/sim-client.js';

/** A Simulation of a document with no sample records, whose every answer is checked against the document as it is made (JSON bodies by default). */
export async function checkedClient(document: string | Uint8Array): Promise<{ artifact: Artifact; call: (c: SimCall) => SimAnswer }> {
  const { artifact } = await compileArtifact(document);
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  const checker = new ResponseChecker(artifact);
  const call = (c: SimCall): SimAnswer => {
    const answer = client.call({ ...c, headers: { 'content-type': 'application/json', ...c.headers } });
    expect(checker.problem(answer)).toBeNull();
    return answer;
  };
  return { artifact, call };
}
