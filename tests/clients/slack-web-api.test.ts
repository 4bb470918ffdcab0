/**
 * Slack's own SDK, `@slack/web-api`, drives a Simulation of a Slack Web API document
 * (`packages/engine/test-fixtures/rpc/slack-web-api-2.0.yaml`) through the harness's fetch: no
 * server, no socket. The SDK POSTs every method as a form, `conversations.list` and
 * `conversations.info` too, which the document declares as GETs with query parameters: the
 * Simulation answers those POSTs as the GETs, and records no step for them.
 */
import { readFileSync } from 'node:fs';
import { ErrorCode, LogLevel, WebClient, type ConversationsListResponse } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness, type SimulatedApi } from '@simplane/harness';

const document = readFileSync(new URL('../../packages/engine/test-fixtures/rpc/slack-web-api-2.0.yaml', import.meta.url));
const BOT_TOKEN = 'xoxb-0000000000-simulated';

let harness: Harness;
let slack: SimulatedApi;
/** What the SDK sent, in order: its method and Content-Type. */
const sent: { method: string; path: string; contentType: string | null }[] = [];

/** A client of the Simulation as the SDK is configured against Slack, with no retries. */
function client(headers: Record<string, string> = {}): WebClient {
  return new WebClient(BOT_TOKEN, {
    slackApiUrl: `${slack.baseUrl}/api/`,
    headers,
    retryConfig: { retries: 0 },
    logLevel: LogLevel.ERROR,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      sent.push({ method: request.method, path: new URL(request.url).pathname.replace(/^\/sim\/[^/]+/, ''), contentType: request.headers.get('content-type') });
      return slack.fetch(request);
    },
  });
}

async function steps(): Promise<{ operation: string | null }[]> {
  return (await harness.request('GET', `/v1/simulations/${slack.id}/steps?limit=200`)).json<{ steps: { operation: string | null }[] }>().steps;
}

beforeAll(async () => {
  harness = createHarness({ config: { catalog: false } });
  slack = await harness.simulate(document, { filename: 'slack-web-api-2.0.yaml', seed: 'slack-sdk', start_time: '2024-05-01T09:00:00.000Z', sample_records: 3 });
});

afterAll(async () => {
  await harness?.close();
});

describe('@slack/web-api against a Simulation of the Slack Web API', () => {
  it('lists conversations with a form POST, answered as the GET the document declares', async () => {
    const listed = await client().conversations.list({ limit: 100, exclude_archived: false });
    expect(sent.at(-1)).toEqual({ method: 'POST', path: '/api/conversations.list', contentType: 'application/x-www-form-urlencoded' });
    expect(listed.ok).toBe(true);
    expect(listed.channels).toHaveLength(3);
    const declared = await slack.fetch(`${slack.baseUrl}/api/conversations.list?limit=100&exclude_archived=false`, { headers: { authorization: `Bearer ${BOT_TOKEN}` } });
    expect(declared.status).toBe(200);
    expect(((await declared.json()) as ConversationsListResponse).channels).toEqual(listed.channels);
    expect(await steps()).toEqual([]);
  });

  it('reads a conversation by id, and a created one, with the same form POSTs', async () => {
    const sdk = client();
    const first = (await sdk.conversations.list({})).channels![0]!;
    const read = await sdk.conversations.info({ channel: first.id! });
    expect(read).toMatchObject({ ok: true, channel: first });
    const created = await sdk.conversations.create({ name: 'release-train' });
    expect(created.channel).toMatchObject({ name: 'release-train', is_archived: false });
    expect((await sdk.conversations.info({ channel: created.channel!.id! })).channel).toEqual(created.channel);
    await expect(sdk.conversations.info({ channel: 'C404404404' })).rejects.toMatchObject({ code: ErrorCode.HTTPError, statusCode: 404 });
    // Only the create changed anything.
    expect((await steps()).map((step) => step.operation)).toEqual(['conversations_create']);
  });

  it('posts a message, a write that a read-only request may not make, where it may list', async () => {
    const sdk = client();
    const channels = (await sdk.conversations.list({})).channels!;
    const channel = channels[0]!;
    const posted = await sdk.chat.postMessage({ channel: channel.id!, text: 'Deploy finished' });
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/chat.postMessage' });
    expect(posted).toMatchObject({ ok: true, channel: expect.stringMatching(/^[CGD][A-Z0-9]{8,}$/), ts: expect.stringMatching(/^\d{10}\.\d{6}$/), message: { text: expect.any(String) } });
    const readOnly = client({ 'Service-Read-Only': 'true' });
    expect((await readOnly.conversations.list({})).channels).toEqual(channels);
    expect((await readOnly.users.info({ user: (await readOnly.users.list({})).members![0]!.id! })).ok).toBe(true);
    await expect(readOnly.chat.postMessage({ channel: channel.id!, text: 'Not from a read-only request' })).rejects.toMatchObject({ code: ErrorCode.HTTPError, statusCode: 403 });
  });

  it("pages through conversations with the SDK's cursor helper, to its end", async () => {
    const all = (await client().conversations.list({})).channels!.map((channel) => channel.id!);
    expect(all.length).toBeGreaterThan(1);
    const seen: string[] = [];
    let pages = 0;
    for await (const page of client().paginate('conversations.list', { limit: 200 })) {
      pages += 1;
      seen.push(...((page as ConversationsListResponse).channels ?? []).map((channel) => channel.id!));
    }
    expect(pages).toBe(1);
    expect(seen).toEqual(all);
    expect(sent.at(-1)).toMatchObject({ method: 'POST', path: '/api/conversations.list', contentType: 'application/x-www-form-urlencoded' });
  });
});
