import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Artifact } from '../../../artifact/artifact.js';
import { compileArtifact, fixture } from '../../../testing/fixtures.js';
import { ResponseChecker } from '../../../testing/response-check.js';
import { SimClient, type SimAnswer } from '../../../testing/sim-client.js';

/**
 * Refusals answered from the document's own examples of its errors: the example's codes,
 * types and links, with the refusal's status, its field, and its own sentence where the
 * example's names another request's record. Three documents in the manner of public APIs
 * (test-fixtures/errors/README.md), and GitHub's own.
 */

async function open(name: string): Promise<{ artifact: Artifact; client: SimClient; checker: ResponseChecker }> {
  const { artifact } = await compileArtifact(fixture(`errors/${name}`));
  return { artifact, client: await SimClient.open(artifact, { sampleRecords: 0 }), checker: new ResponseChecker(artifact) };
}

/** The same artifact as an older engine built it: no examples kept with its error formats. */
function withoutExamples(artifact: Artifact): Artifact {
  const errorFormats = Object.fromEntries(Object.entries(artifact.errorFormats).map(([key, format]) => [key, { mediaType: format.mediaType, schema: format.schema }]));
  return { ...artifact, errorFormats };
}

const form = (auth: Record<string, string>) => ({ ...auth, 'content-type': 'application/x-www-form-urlencoded' });

describe('refusals of a Stripe-like API take its error examples', () => {
  const auth = { authorization: 'Bearer sk_test_4eC39HqLyjWDarjtT1zdp7dc' };
  let sim: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    sim = await open('stripe-errors-3.0.yaml');
  });

  it("answers a missing customer with the example's code, type and link, and its own sentence and parameter", () => {
    const missing = sim.client.call({ method: 'GET', path: '/v1/customers/cus_missing', headers: auth });
    expect(sim.checker.problem(missing)).toBeNull();
    // The example names another customer (`cus_NffrFeUfNV2Hib`): the refusal says which one is missing.
    expect(missing).toMatchObject({
      status: 404,
      json: { error: { type: 'invalid_request_error', code: 'resource_missing', doc_url: 'https://stripe.com/docs/error-codes/resource-missing', message: 'customers cus_missing not found', param: 'customer' } },
    });
  });

  it('answers a price without its currency with the parameter_missing example, naming the parameter', () => {
    const invalid = sim.client.call({ method: 'POST', path: '/v1/prices', headers: form(auth), body: 'nickname=Standard&unit_amount=1500' });
    expect(sim.checker.problem(invalid)).toBeNull();
    expect(invalid.status).toBe(400);
    const error = (invalid.json as { error: Record<string, string> }).error;
    expect(error).toMatchObject({ type: 'invalid_request_error', code: 'parameter_missing', doc_url: 'https://stripe.com/docs/error-codes/parameter-missing', param: 'currency' });
    expect(error.message).toContain('currency');
    expect(error.message).not.toBe('Missing required param: currency.');
  });

  it("answers a request without credentials from the error schema's own example, which gives a type and no code", () => {
    const refused = sim.client.call({ method: 'GET', path: '/v1/prices/price_1' });
    expect(sim.checker.problem(refused)).toBeNull();
    expect(refused.status).toBe(401);
    expect(Object.keys((refused.json as { error: object }).error).sort()).toEqual(['message', 'type']);
    expect(refused.json).toMatchObject({ error: { type: 'invalid_request_error', message: expect.stringContaining('Authorization') as unknown } });
  });

  it('answers as before from an artifact that keeps no examples', async () => {
    const client = await SimClient.open(withoutExamples(sim.artifact), { sampleRecords: 0 });
    const missing = client.call({ method: 'GET', path: '/v1/customers/cus_missing', headers: auth });
    // The schema filled by its field names, as artifacts built before examples were kept answer.
    expect(missing.json).toEqual({ error: { type: 'invalid_request_error', code: 'not_found', message: 'customers cus_missing not found', param: 'customer' } });
  });
});

describe('refusals of a GitHub-like API take its error examples', () => {
  let sim: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    sim = await open('github-errors-3.0.yaml');
  });

  it('answers a missing issue and a missing label with the not_found example, its generic message kept', () => {
    for (const path of ['/repos/octo-org/hello-world/issues/4711', '/repos/octo-org/hello-world/labels/wontfix']) {
      const missing = sim.client.call({ method: 'GET', path });
      expect(sim.checker.problem(missing)).toBeNull();
      expect(missing).toMatchObject({ status: 404, json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' } });
    }
  });

  it('answers a body without its required field with the validation_failed example, naming the field', () => {
    const issue = sim.client.call({ method: 'POST', path: '/repos/octo-org/hello-world/issues', body: { body: 'no title' } });
    expect(sim.checker.problem(issue)).toBeNull();
    expect(issue).toMatchObject({ status: 422 });
    expect(issue.json).toEqual({
      message: 'Validation Failed',
      errors: [{ resource: 'Issue', code: 'missing_field', field: 'title' }],
      documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
      status: '422',
    });
    const label = sim.client.call({ method: 'POST', path: '/repos/octo-org/hello-world/labels', body: { color: 'f29513' } });
    expect(sim.checker.problem(label)).toBeNull();
    expect(label).toMatchObject({ status: 422, json: { message: 'Validation Failed', errors: [{ code: 'missing_field', field: 'name' }] } });
  });

  it('answers a status the document gives no example of as before', () => {
    const invalid = sim.client.call({ method: 'PATCH', path: '/repos/octo-org/hello-world/issues/not-a-number', body: {} });
    expect(sim.checker.problem(invalid)).toBeNull();
    expect(invalid).toMatchObject({ status: 400, json: { status: 'invalid_parameter' } });
    expect(invalid.json).not.toHaveProperty('documentation_url');
  });
});

describe('refusals of a Twilio-like API take its numeric codes', () => {
  const account = 'AC0123456789abcdef0123456789abcdef';
  const auth = { authorization: `Basic ${Buffer.from(`${account}:auth-token`).toString('base64')}` };
  let sim: Awaited<ReturnType<typeof open>>;
  beforeAll(async () => {
    sim = await open('twilio-errors-3.0.yaml');
  });

  const call = (method: string, path: string, body?: string): SimAnswer => sim.client.call({ method, path: `/2010-04-01/Accounts/${account}${path}`, headers: body === undefined ? auth : form(auth), body });

  it('answers a missing message and a missing call with code 20404 and its more_info, the status as a number', () => {
    const sids = ['/Messages/SM0123456789abcdef0123456789abcdef.json', '/Calls/CA0123456789abcdef0123456789abcdef.json'];
    for (const path of sids) {
      const missing = call('GET', path);
      expect(sim.checker.problem(missing)).toBeNull();
      expect(missing).toMatchObject({ status: 404, json: { code: 20404, more_info: 'https://www.twilio.com/docs/errors/20404', status: 404 } });
      // The example's path names another account's message: the refusal names the SID asked for.
      expect((missing.json as { message: string }).message).toContain(path.slice(-39, -5));
    }
  });

  it("answers each create without its To number with that operation's own code", () => {
    const message = call('POST', '/Messages.json', 'Body=Hello');
    const placed = call('POST', '/Calls.json', 'From=%2B15005550006');
    expect([sim.checker.problem(message), sim.checker.problem(placed)]).toEqual([null, null]);
    expect(message).toMatchObject({ status: 400, json: { code: 21604, more_info: 'https://www.twilio.com/docs/errors/21604', status: 400 } });
    expect(placed).toMatchObject({ status: 400, json: { code: 21201, more_info: 'https://www.twilio.com/docs/errors/21201', status: 400 } });
  });

  it('answers a request that does not authenticate with the example exactly', () => {
    const refused = sim.client.call({ method: 'GET', path: `/2010-04-01/Accounts/${account}/Calls.json` });
    expect(refused).toMatchObject({ status: 401, json: { code: 20003, message: 'Authenticate', more_info: 'https://www.twilio.com/docs/errors/20003', status: 401 } });
    expect(Object.keys(refused.json as object).sort()).toEqual(['code', 'message', 'more_info', 'status']);
  });
});

describe("refusals of GitHub's own description", () => {
  const documentPath = createRequire(import.meta.url).resolve('@octokit/openapi/generated/api.github.com.json');
  let client: SimClient;
  beforeAll(async () => {
    // About 13 MB: built once for the file.
    const { artifact } = await compileArtifact(readFileSync(documentPath));
    client = await SimClient.open(artifact, { sampleRecords: 0 });
  }, 300_000);

  it("answers a missing issue with the message its 404 examples agree on, without any one operation's link", () => {
    const missing = client.call({ method: 'GET', path: '/repos/octo-org/hello-world/issues/4711' });
    expect(missing).toMatchObject({ status: 404, operation: 'issues/get' });
    expect(missing.json).toEqual({ message: 'Not Found' });
  });

  it('answers a missing budget with the example its own operation gives', () => {
    const missing = client.call({ method: 'PATCH', path: '/organizations/octo-org/settings/billing/budgets/b-1', body: { budget_amount: 10 } });
    expect(missing).toMatchObject({ status: 404, operation: 'billing/update-budget-org' });
    expect(missing.json).toEqual({ message: 'Not Found', documentation_url: 'https://docs.github.com/rest/billing/budgets#update-a-budget' });
  });
});
