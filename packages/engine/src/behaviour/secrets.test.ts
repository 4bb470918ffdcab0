import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

async function simulation(name: string) {
  const { artifact } = await compileArtifact(fixture(`records/${name}`));
  return { artifact, client: await SimClient.open(artifact, { sampleRecords: 0 }) };
}

const basic = { authorization: `Basic ${Buffer.from('sk_test:').toString('base64')}` };

describe('secrets the server makes for a new record', () => {
  it("write a payment intent's client secret as the document shows it, its own id first, never null", async () => {
    const { artifact, client } = await simulation('intents-secret-3.0.yaml');
    expect(artifact.resources.find((r) => r.name === 'payment_intents')?.records?.secrets).toEqual([{ field: 'client_secret', template: '{id}_secret_{random}' }]);
    const made = client.call({ method: 'POST', path: '/v1/payment_intents', headers: { ...basic, 'content-type': 'application/x-www-form-urlencoded' }, body: 'amount=2000&currency=usd' });
    const { id, client_secret } = made.json as { id: string; client_secret: string };
    expect(client_secret).toMatch(new RegExp(`^${id}_secret_[A-Za-z0-9]{24}$`));
    expect((client.call({ method: 'GET', path: `/v1/payment_intents/${id}`, headers: basic }).json as { client_secret: string }).client_secret).toBe(client_secret);
  });

  it("write a webhook endpoint's signing secret with the document's prefix", async () => {
    const { client } = await simulation('webhooks-secret-3.1.yaml');
    const made = client.call({ method: 'POST', path: '/v1/webhook_endpoints', headers: { authorization: 'Bearer sk' }, body: { url: 'https://example.com/hook' } });
    expect(made.status).toBe(201);
    expect((made.json as { secret: string }).secret).toMatch(/^whsec_[A-Za-z0-9]{24}$/);
  });

  it("write an app's bot token in the form of the document's example, and two apps differ", async () => {
    const { artifact, client } = await simulation('apps-token-2.0.yaml');
    expect(artifact.resources.find((r) => r.name === 'apps')?.records?.secrets).toEqual([{ field: 'access_token', template: 'xoxb-{random}-{random}-{random}' }]);
    const token = () => (client.call({ method: 'POST', path: '/api/apps', body: { name: 'bot' } }).json as { access_token: string }).access_token;
    const [first, second] = [token(), token()];
    expect(first).toMatch(/^xoxb-[A-Za-z0-9]{24}-[A-Za-z0-9]{24}-[A-Za-z0-9]{24}$/);
    expect(second).not.toBe(first);
  });
});
