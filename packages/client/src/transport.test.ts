import { describe, expect, it } from 'vitest';
import { boundedFetch, type TransportLimits } from './transport.js';

const limits: TransportLimits = { timeoutMs: 1000, uploadTimeoutMs: 1000, maxAnswerBytes: 16, readRetries: 0, maxRetryWaitSeconds: 0 };
const noPause = () => Promise.resolve();

/** A 204 as a browser's fetch answers it: with an empty body stream rather than a null body. */
function browserNoContent(): Response {
  const response = new Response(null, { status: 204 });
  Object.defineProperty(response, 'body', { value: new ReadableStream({ start: (controller) => controller.close() }) });
  return response;
}

describe('boundedFetch', () => {
  it('answers a 204 whose body is an empty stream (a DELETE in a browser)', async () => {
    const send = boundedFetch('http://x', () => Promise.resolve(browserNoContent()), limits, noPause);
    const response = await send(new Request('http://x/v1/simulations/sim_1', { method: 'DELETE' }));
    expect(response.status).toBe(204);
  });

  it('still cuts off an answer over the limit', async () => {
    const send = boundedFetch('http://x', () => Promise.resolve(new Response('x'.repeat(17))), limits, noPause);
    await expect(send(new Request('http://x/v1/quota'))).rejects.toThrow(/larger than 16 bytes/);
  });
});
