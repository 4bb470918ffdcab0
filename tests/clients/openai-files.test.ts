/**
 * OpenAI's own SDK, `openai`, uploads a file to a Simulation of an OpenAI-like files API
 * (`packages/engine/test-fixtures/records/files-upload-3.1.yaml`) through the harness's fetch:
 * no server, no socket. The SDK sends the file as a multipart form, and the record the
 * Simulation makes holds the file's size in bytes and its name, as OpenAI's does.
 */
import { readFileSync } from 'node:fs';
import OpenAI, { toFile } from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type SimulatedApi } from '@simplane/harness';

const document = readFileSync(new URL('../../packages/engine/test-fixtures/records/files-upload-3.1.yaml', import.meta.url));

let harness: Harness;
let files: SimulatedApi;
let client: OpenAI;

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  files = await harness.simulate(document, { filename: 'files-upload-3.1.yaml', seed: 'openai-sdk', start_time: '2024-05-01T09:00:00.000Z', sample_records: 0 });
  client = new OpenAI({ apiKey: 'sk-simulated', baseURL: `${files.baseUrl}/v1`, fetch: files.fetch, maxRetries: 0 });
});

afterAll(async () => {
  await harness?.close();
});

describe('openai against a Simulation of its files API', () => {
  it("uploads a file whose record holds the file's size in bytes and its name", async () => {
    // A PNG's signature and bytes that are not UTF-8: a size read from the body as text would differ.
    const png = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80, 0x0d, 0x0a]);
    const created = await client.files.create({ file: await toFile(png, 'logo.png', { type: 'image/png' }), purpose: 'vision' });
    expect(created).toMatchObject({ object: 'file', bytes: 14, filename: 'logo.png', purpose: 'vision' });
    const read = await client.files.retrieve(created.id);
    expect(read).toEqual(created);
  });
});
