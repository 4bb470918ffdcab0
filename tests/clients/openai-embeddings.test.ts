/**
 * OpenAI's own SDK, `openai`, asks a Simulation of an OpenAI-like embeddings API
 * (`packages/engine/test-fixtures/answers/embeddings-3.1.yaml`) for embeddings, through the
 * harness's fetch. The answer is computed, not stored: whatever the seed, it holds at least one
 * embedding, as OpenAI's does for any input, although the document's own example holds none
 * (docs/behaviour.md, `answerArrays`).
 */
import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '@simplane/harness';

const document = readFileSync(new URL('../../packages/engine/test-fixtures/answers/embeddings-3.1.yaml', import.meta.url));
const SEEDS = ['one', 'two', 'three', 'four'];

let harness: Harness;
const clients: OpenAI[] = [];

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  for (const seed of SEEDS) {
    const api = await harness.simulate(document, { filename: 'embeddings-3.1.yaml', seed, sample_records: 0 });
    clients.push(new OpenAI({ apiKey: 'sk-simulated', baseURL: `${api.baseUrl}/v1`, fetch: api.fetch, maxRetries: 0 }));
  }
});

afterAll(async () => {
  await harness?.close();
});

describe('openai against a Simulation of its embeddings API', () => {
  it('answers at least one embedding for every seed', async () => {
    for (const client of clients) {
      const answer = await client.embeddings.create({ input: 'The food was delicious', model: 'text-embedding-3-small', encoding_format: 'float' });
      expect(answer.object).toBe('list');
      expect(answer.data.length).toBeGreaterThanOrEqual(1);
      expect(answer.data[0]).toMatchObject({ object: 'embedding', index: expect.any(Number) as unknown });
      expect(Array.isArray(answer.data[0]!.embedding)).toBe(true);
    }
  });
});
