import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { compileArtifact, fixture } from '../testing/fixtures.js';
import { SimClient } from '../testing/sim-client.js';

async function simulation(name: string): Promise<{ client: SimClient; derived: (resource: string) => unknown }> {
  const { artifact } = await compileArtifact(fixture(`records/${name}`));
  const client = await SimClient.open(artifact, { sampleRecords: 0 });
  return { client, derived: (resource) => artifact.resources.find((r) => r.name === resource)?.records?.derived };
}

describe("fields a record's place decides", () => {
  it("write a message's own address, suffix and all", async () => {
    const { client, derived } = await simulation('messages-uri-3.0.yaml');
    expect(derived('Accounts.Messages')).toEqual([{ field: 'uri', template: '/2010-04-01/Accounts/{AccountSid}/Messages/{Sid}.json' }]);
    const account = `AC${'1'.repeat(32)}`;
    const auth = { authorization: `Basic ${Buffer.from(`${account}:token`).toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' };
    const made = client.call({ method: 'POST', path: `/2010-04-01/Accounts/${account}/Messages.json`, headers: auth, body: 'To=%2B15551234567&Body=hi' });
    expect(made.status).toBe(201);
    const { sid, uri } = made.json as { sid: string; uri: string };
    expect(uri).toBe(`/2010-04-01/Accounts/${account}/Messages/${sid}.json`);
    expect(client.call({ method: 'GET', path: uri, headers: auth }).json).toMatchObject({ sid, uri });
  });

  it("write an issue's `self` from a create's documented answer, and leave a record its path does not name alone", async () => {
    const { client, derived } = await simulation('issues-self-3.0.yaml');
    expect(derived('issue')).toEqual([{ field: 'self', template: 'https://your-domain.example.net/rest/api/3/issue/{issueIdOrKey}' }]);
    const made = client.call({ method: 'POST', path: '/rest/api/3/issue', headers: { authorization: 'Basic dTpw' }, body: { fields: { summary: 'Broken' } } });
    const { id, self } = made.json as { id: string; self: string };
    expect(self).toBe(`https://your-domain.example.net/rest/api/3/issue/${id}`);
  });

  it('write the web and API addresses of a nested record, and a name joined from its path', async () => {
    const { client, derived } = await simulation('repo-issues-3.0.yaml');
    expect(derived('projects.repos')).toEqual(expect.arrayContaining([{ field: 'full_name', template: '{owner}/{name}' }, { field: 'html_url', template: 'https://forge.example.com/projects/{owner}/repos/{name}' }]));
    const repo = client.call({ method: 'POST', path: '/api/v1/projects/acme/repos', body: { name: 'gears' } });
    expect(repo.json).toMatchObject({ name: 'gears', full_name: 'acme/gears', html_url: 'https://forge.example.com/projects/acme/repos/gears' });
    const issue = client.call({ method: 'POST', path: '/api/v1/projects/acme/repos/gears/issues', body: { title: 'Squeaks' } });
    const { number } = issue.json as { number: number };
    expect(issue.json).toMatchObject({ url: `https://forge.example.com/api/v1/projects/acme/repos/gears/issues/${number}`, html_url: `https://forge.example.com/projects/acme/repos/gears/issues/${number}` });
  });

  it("are learned from GitHub's own document: an issue's API and web addresses", async () => {
    const github = readFileSync(new URL('../../../../node_modules/@octokit/openapi/generated/api.github.com.json', import.meta.url));
    const { artifact } = await compileArtifact(github);
    const issues = artifact.resources.find((r) => r.itemPath === '/repos/{owner}/{repo}/issues/{issue_number}');
    expect(issues?.records?.derived).toEqual(
      expect.arrayContaining([
        { field: 'url', template: 'https://api.github.com/repos/{owner}/{repo}/issues/{issue_number}' },
        { field: 'html_url', template: 'https://github.com/{owner}/{repo}/issues/{issue_number}' },
      ]),
    );
  });
});
