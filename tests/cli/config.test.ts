/**
 * The configuration file and the environment: every refusal names the field, defaults are
 * filled in, and plain API keys do not survive parsing.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { composeControlPlane, ConfigError, loadConfigFile, parseConfig, stableId, type ConfigInput } from '@simplane/composition';
import { chooseStorage, parseServeArguments, readEnvironment, UsageError } from '@simplane/cli';
import { hashApiKey, isId, silentLogger } from '@simplane/core';

const dir = mkdtempSync(join(tmpdir(), 'simplane-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function writeConfig(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

/** The ConfigError a call throws; fails the test when it throws nothing or something else. */
function configErrorOf(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

const workspace = (extra: Record<string, unknown>) => ({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', ...extra }] }] });

describe('parseConfig refuses bad fields by name', () => {
  it.each<[string, unknown, RegExp]>([
    ['a short API key', workspace({ api_keys: ['short'] }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]\.api_keys\[0\]: must be at least 8 characters$/],
    ['an API key with a space', workspace({ api_keys: ['ok-key-1', 'has a space'] }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]\.api_keys\[1\]: must be printable ASCII/],
    ['an API key that is not a string', workspace({ api_keys: [12345678] }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]\.api_keys\[0\]: /],
    ['a bad key hash', workspace({ api_key_sha256: ['ABC'] }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]\.api_key_sha256\[0\]: must be a lower-case hex SHA-256 hash$/],
    ['a negative quota', { quotas: { active_simulations: -1 } }, /^cfg\.json: quotas\.active_simulations: /],
    ['a fractional quota', { quotas: { active_simulations: 2.5 } }, /^cfg\.json: quotas\.active_simulations: /],
    ['a quota as a string', { quotas: { builds_per_day: '10' } }, /^cfg\.json: quotas\.builds_per_day: /],
    ['an unknown quota', { quotas: { simulations: 3 } }, /^cfg\.json: quotas: unknown field 'simulations'$/],
    ['an unknown top-level field', { organisations: [] }, /^cfg\.json: \(root\): unknown field 'organisations'$/],
    ['an unknown workspace field', workspace({ apikeys: ['abcdefgh'] }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]: unknown field 'apikeys'$/],
    ['an organization without workspaces', { organizations: [{ name: 'acme', workspaces: [] }] }, /^cfg\.json: organizations\[0\]\.workspaces: /],
    ['a name with a space', { organizations: [{ name: 'my org', workspaces: [{ name: 'dev' }] }] }, /^cfg\.json: organizations\[0\]\.name: must be letters, digits/],
    ['a bad workspace id', workspace({ id: 'wsp_nope' }), /^cfg\.json: organizations\[0\]\.workspaces\[0\]\.id: /],
    ['a bad secret_key', { secret_key: 'c2hvcnQ=' }, /^cfg\.json: secret_key: must be 32 bytes, base64-encoded$/],
    ['a secret_key of 33 bytes', { secret_key: Buffer.alloc(33, 1).toString('base64') }, /^cfg\.json: secret_key: must be 32 bytes/],
    ['a short session_secret', { session_secret: 'x'.repeat(31) }, /^cfg\.json: session_secret: must be at least 32 characters$/],
    ['a body_timeout_ms below 100', { body_timeout_ms: 99 }, /^cfg\.json: body_timeout_ms: /],
    ['a non-boolean allow_http_loopback_credentials', { allow_http_loopback_credentials: 'yes' }, /^cfg\.json: allow_http_loopback_credentials: /],
    ['an unknown log_level', { log_level: 'verbose' }, /^cfg\.json: log_level: /],
    ['a public_base_url that is not a URL', { public_base_url: 'sims.example.com' }, /^cfg\.json: public_base_url: must be an http or https URL$/],
    ['a public_base_url of another scheme', { public_base_url: 'ftp://sims.example.com' }, /^cfg\.json: public_base_url: must be an http or https URL$/],
    ['a public_base_url with a query', { public_base_url: 'https://sims.example.com/?a=1' }, /^cfg\.json: public_base_url: must not have a query or fragment$/],
    ['an array instead of an object', [], /^cfg\.json: \(root\): /],
    ['null', null, /^cfg\.json: \(root\): /],
  ])('%s', (_label, value, message) => {
    expect(configErrorOf(() => parseConfig(value, 'cfg.json')).message).toMatch(message);
  });

  it('refuses a workspace name used twice in one organization', () => {
    const error = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev' }, { name: 'prod' }, { name: 'dev' }] }] }, 'cfg.json'),
    );
    expect(error.message).toBe("cfg.json: organizations[0].workspaces[2].name: 'dev' is used twice");
  });

  it('allows the same workspace name in two organizations', () => {
    const config = parseConfig({
      organizations: [
        { name: 'acme', workspaces: [{ name: 'dev' }] },
        { name: 'umbrella', workspaces: [{ name: 'dev' }] },
      ],
    });
    expect(config.organizations.map((o) => o.workspaces[0]!.name)).toEqual(['dev', 'dev']);
  });

  it('refuses an organization name used twice', () => {
    const error = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'a' }] }, { name: 'acme', workspaces: [{ name: 'b' }] }] }, 'cfg.json'),
    );
    expect(error.message).toBe("cfg.json: organizations[1].name: 'acme' is used twice");
  });

  it('refuses a key given to two workspaces, plain or hashed, without printing it', () => {
    const key = 'shared-key-0001';
    const plain = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'a', api_keys: [key] }, { name: 'b', api_keys: ['other-key', key] }] }] }, 'cfg.json'),
    );
    expect(plain.message).toBe('cfg.json: organizations[0].workspaces[1].api_keys[1]: this key is already given to a workspace');
    const hashed = configErrorOf(() =>
      parseConfig(
        {
          organizations: [
            { name: 'acme', workspaces: [{ name: 'a', api_keys: [key] }] },
            { name: 'umbrella', workspaces: [{ name: 'b', api_key_sha256: [hashApiKey(key)] }] },
          ],
        },
        'cfg.json',
      ),
    );
    expect(hashed.message).toBe('cfg.json: organizations[1].workspaces[0].api_key_sha256[0]: this key is already given to a workspace');
    for (const error of [plain, hashed]) expect(error.message).not.toContain(key);
  });

  it('refuses an explicit id given to two workspaces or two organizations', () => {
    const wsp = 'wsp_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const org = 'org_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const workspaces = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'a', id: wsp }, { name: 'b', id: wsp }] }] }, 'cfg.json'),
    );
    expect(workspaces.message).toBe(`cfg.json: organizations[0].workspaces[1].id: '${wsp}' is used twice`);
    const organizations = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'a', id: org, workspaces: [{ name: 'x' }] }, { name: 'b', id: org, workspaces: [{ name: 'y' }] }] }, 'cfg.json'),
    );
    expect(organizations.message).toBe(`cfg.json: organizations[1].id: '${org}' is used twice`);
  });

  it('refuses an explicit id equal to the id another workspace or organization gets from its name', () => {
    const derivedWorkspace = stableId('workspace', 'acme', 'dev');
    const workspaces = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'ops', id: derivedWorkspace }, { name: 'dev' }] }] }, 'cfg.json'),
    );
    expect(workspaces.message).toBe(`cfg.json: organizations[0].workspaces[1].id: '${derivedWorkspace}' (derived from its name) is used twice`);
    const derivedOrg = stableId('organization', 'acme');
    const organizations = configErrorOf(() =>
      parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'x' }] }, { name: 'other', id: derivedOrg, workspaces: [{ name: 'y' }] }] }, 'cfg.json'),
    );
    expect(organizations.message).toBe(`cfg.json: organizations[1].id: '${derivedOrg}' is used twice`);
  });

  it('names no key in an error about a key', () => {
    const secret = 'this has spaces and is secret';
    const error = configErrorOf(() => parseConfig(workspace({ api_keys: [secret] }), 'cfg.json'));
    expect(error.message).not.toContain(secret);
  });
});

describe('parseConfig fills defaults', () => {
  it('gives the documented defaults for an empty file', () => {
    const config = parseConfig({});
    expect(config.session_secret).toBeUndefined();
    expect(config.secret_key).toBeUndefined();
    expect(config).toMatchObject({
      organizations: [],
      quotas: { active_simulations: 50, builds_per_day: 100, concurrent_builds: 10, concurrent_world_builds: 10 },
      allow_http_loopback_credentials: false,
      body_timeout_ms: 30_000,
      log_level: 'info',
    });
  });

  it('keeps public_base_url without trailing slashes, and leaves it unset by default', () => {
    expect(parseConfig({}).public_base_url).toBeUndefined();
    expect(parseConfig({ public_base_url: 'https://sims.example.com/base//' }).public_base_url).toBe('https://sims.example.com/base');
  });

  it('fills the quotas a file leaves out and keeps the ones it gives', () => {
    expect(parseConfig({ quotas: { active_simulations: 5 } }).quotas).toEqual({
      active_simulations: 5,
      builds_per_day: 100,
      concurrent_builds: 10,
      concurrent_world_builds: 10,
    });
  });

  it('gives a workspace empty key lists', () => {
    const config = parseConfig({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev' }] }] });
    expect(config.organizations[0]!.workspaces[0]).toEqual({ name: 'dev', api_keys: [], api_key_sha256: [] });
  });
});

describe('plain API keys', () => {
  const key = 'plain-api-key-do-not-keep-9f3a';

  it('are hashed as the config is parsed and never kept', () => {
    const input: ConfigInput = { organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [key] }] }] };
    const config = parseConfig(input);
    const serialised = JSON.stringify(config);
    expect(serialised).not.toContain(key);
    expect(serialised).toContain(hashApiKey(key));
    expect(config.organizations[0]!.workspaces[0]).toMatchObject({ api_keys: [], api_key_sha256: [hashApiKey(key)] });
  });

  it('are hashed once: a parsed config parses again to itself and its key still opens the control plane', async () => {
    const input: ConfigInput = { log_level: 'silent', organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [key], api_key_sha256: [hashApiKey('another-key-1')] }] }] };
    const once = parseConfig(input);
    const twice = parseConfig(parseConfig(once));
    expect(twice).toEqual(once);
    expect(parseConfig(JSON.parse(JSON.stringify(once)))).toEqual(once);
    const plane = composeControlPlane(twice, { logger: silentLogger });
    try {
      await plane.ready;
      const response = await plane.handle({ method: 'GET', url: '/v1/quota', headers: { authorization: `Bearer ${key}` }, body: null });
      expect(response.status).toBe(200);
    } finally {
      await plane.close();
    }
  });

  it('are hashed when read from a file too', () => {
    const path = writeConfig('keys.json', JSON.stringify({ organizations: [{ name: 'acme', workspaces: [{ name: 'dev', api_keys: [key] }] }] }));
    const serialised = JSON.stringify(loadConfigFile(path));
    expect(serialised).not.toContain(key);
    expect(serialised).toContain(hashApiKey(key));
  });
});

describe('loadConfigFile', () => {
  it('reads a good file', () => {
    const path = writeConfig('good.json', JSON.stringify({ quotas: { builds_per_day: 3 }, log_level: 'warn' }));
    const config = loadConfigFile(path);
    expect(config.quotas.builds_per_day).toBe(3);
    expect(config.log_level).toBe('warn');
  });

  it('names the file and the field of a bad one', () => {
    const path = writeConfig('bad-field.json', JSON.stringify({ quotas: { active_simulations: -5 } }));
    expect(configErrorOf(() => loadConfigFile(path)).message).toMatch(new RegExp(`^${escape(path)}: quotas\\.active_simulations: `));
  });

  it('refuses invalid JSON, naming the file', () => {
    const path = writeConfig('broken.json', '{ "log_level": "info", }');
    expect(configErrorOf(() => loadConfigFile(path)).message).toMatch(new RegExp(`^${escape(path)}: not valid JSON`));
  });

  it('does not echo the file back when its JSON is invalid (it may hold keys)', () => {
    const key = 'plain-api-key-inside-a-broken-file';
    const path = writeConfig('broken-2.json', `{"organizations":[{"name":"o","workspaces":[{"name":"w","api_keys":["${key}",]}]}]}`);
    const message = configErrorOf(() => loadConfigFile(path)).message;
    expect(message.startsWith(`${path}: not valid JSON`)).toBe(true);
    // The parser's own message quotes the ten characters around the error: here, the key's tail.
    const rest = message.slice(path.length);
    for (let i = 0; i + 6 <= key.length; i += 1) expect(rest).not.toContain(key.slice(i, i + 6));
  });

  it('says where invalid JSON breaks when the parser knows', () => {
    const path = writeConfig('broken-3.json', '{\n  "log_level": "info",\n  }');
    expect(configErrorOf(() => loadConfigFile(path)).message).toMatch(new RegExp(`^${escape(path)}: not valid JSON at line 3 column 3$`));
  });

  it('refuses a missing file, naming it', () => {
    const path = join(dir, 'missing.json');
    expect(configErrorOf(() => loadConfigFile(path)).message).toBe(`${path}: cannot be read (ENOENT)`);
  });

  it('refuses a directory', () => {
    expect(configErrorOf(() => loadConfigFile(dir)).message).toMatch(/cannot be read/);
  });
});

describe('stableId', () => {
  it('is ULID-shaped with the kind prefix', () => {
    const org = stableId('organization', 'acme');
    const wsp = stableId('workspace', 'acme', 'dev');
    expect(isId('organization', org)).toBe(true);
    expect(isId('workspace', wsp)).toBe(true);
    // A ULID's first character encodes the top 3 bits of time: at most 7.
    for (const id of [org, wsp]) expect(id.split('_')[1]![0]).toMatch(/[0-7]/);
  });

  it('is the same for the same names and differs for others', () => {
    expect(stableId('workspace', 'acme', 'dev')).toBe(stableId('workspace', 'acme', 'dev'));
    expect(stableId('workspace', 'acme', 'dev')).not.toBe(stableId('workspace', 'acme', 'prod'));
    expect(stableId('workspace', 'acme', 'dev')).not.toBe(stableId('workspace', 'umbrella', 'dev'));
    // Joining names must not make ('ab', 'c') and ('a', 'bc') collide.
    expect(stableId('workspace', 'ab', 'c')).not.toBe(stableId('workspace', 'a', 'bc'));
  });

  it('stays ULID-shaped for many names', () => {
    for (let i = 0; i < 500; i += 1) expect(isId('workspace', stableId('workspace', 'org', `ws-${i}`))).toBe(true);
  });
});

describe('readEnvironment', () => {
  it('defaults PORT to 8080 and HOST to 127.0.0.1, with no config file', () => {
    const env = readEnvironment({});
    expect(env.port).toBe(8080);
    expect(env.host).toBe('127.0.0.1');
    expect(env.configPath).toBeUndefined();
    expect(env.dataDir).toMatch(/\.simplane$/);
  });

  it('reads PORT, HOST, SIMPLANE_CONFIG and SIMPLANE_DATA_DIR, resolving paths', () => {
    const env = readEnvironment({ PORT: '9090', HOST: '0.0.0.0', SIMPLANE_CONFIG: 'conf/simplane.json', SIMPLANE_DATA_DIR: 'data' });
    expect(env).toEqual({ port: 9090, host: '0.0.0.0', configPath: resolve('conf/simplane.json'), dataDir: resolve('data'), memory: false });
  });

  it('accepts PORT=0 (a free port) and 65535', () => {
    expect(readEnvironment({ PORT: '0' }).port).toBe(0);
    expect(readEnvironment({ PORT: '65535' }).port).toBe(65535);
  });

  it('treats empty variables as unset', () => {
    const env = readEnvironment({ PORT: '', HOST: '', SIMPLANE_CONFIG: '' });
    expect(env.port).toBe(8080);
    expect(env.host).toBe('127.0.0.1');
    expect(env.configPath).toBeUndefined();
  });

  it.each(['abc', '65536', '-1', '80.5', ' 80', '1e3'])('refuses PORT=%j, naming PORT', (port) => {
    const error = configErrorOf(() => readEnvironment({ PORT: port }));
    expect(error.message).toMatch(/^PORT: /);
  });

  it('lets each command-line option win over its variable, and keeps the variables it does not name', () => {
    const env = { PORT: '9090', HOST: '0.0.0.0', SIMPLANE_CONFIG: 'env.json', SIMPLANE_DATA_DIR: 'env-data' };
    expect(readEnvironment(env, { port: '7070', dataDir: 'arg-data' })).toEqual({ port: 7070, host: '0.0.0.0', configPath: resolve('env.json'), dataDir: resolve('arg-data'), memory: false });
    expect(readEnvironment(env, { host: '::1', config: 'arg.json' })).toEqual({ port: 9090, host: '::1', configPath: resolve('arg.json'), dataDir: resolve('env-data'), memory: false });
  });

  it('names --port, not PORT, when the option is the bad one', () => {
    expect(configErrorOf(() => readEnvironment({ PORT: '8080' }, { port: 'eighty' })).message).toBe("--port: 'eighty' is not a port number");
  });
});

describe('parseServeArguments', () => {
  function usageErrorOf(args: string[]): UsageError {
    try {
      parseServeArguments(args);
    } catch (error) {
      if (error instanceof UsageError) return error;
      throw error;
    }
    throw new Error(`expected a UsageError for ${JSON.stringify(args)}`);
  }

  it('reads every option, spaced or with =', () => {
    expect(parseServeArguments(['--port', '0', '--host=::1', '--config', 'c.json', '--data-dir=d'])).toEqual({ port: '0', host: '::1', config: 'c.json', dataDir: 'd', help: false });
    expect(parseServeArguments([])).toEqual({ help: false });
    expect(parseServeArguments(['-h']).help).toBe(true);
  });

  it.each([
    [['--prot', '80'], /--prot/],
    [['extra'], /extra/],
    [['--port'], /--port/],
    [['--host='], /--host/],
    [['--data-dir', ''], /--data-dir/],
    [['--help=yes'], /--help/],
  ])('refuses %j, naming what is wrong', (args, named) => {
    expect(usageErrorOf(args).message).toMatch(named);
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

describe('chooseStorage', () => {
  const base = parseConfig({});
  const key = Buffer.alloc(32, 7).toString('base64');

  it('keeps state in the data directory unless told otherwise, and the file may choose', () => {
    expect(chooseStorage(base, readEnvironment({ SIMPLANE_DATA_DIR: 'data' })).storage).toEqual({ kind: 'embedded', data_dir: resolve('data') });
    const fromFile = parseConfig({ storage: { kind: 'memory' } });
    expect(chooseStorage(fromFile, readEnvironment({})).storage).toEqual({ kind: 'memory' });
  });

  it('lets --memory win over SIMPLANE_DATABASE_URL, and the variable over the file', () => {
    const env = { SIMPLANE_DATABASE_URL: 'postgres://u:p@db:5432/simplane' };
    expect(chooseStorage(base, readEnvironment(env, { memory: true })).storage).toEqual({ kind: 'memory' });
    const fromFile = parseConfig({ storage: { kind: 'postgres', database_url: 'postgres://file/db', max_connections: 3, query_timeout_ms: 2_000 } });
    expect(chooseStorage(fromFile, readEnvironment(env)).storage).toEqual({
      kind: 'postgres',
      database_url: env.SIMPLANE_DATABASE_URL,
      max_connections: 3,
      prepared_statements: true,
      query_timeout_ms: 2_000,
      connect_timeout_ms: 5_000,
      simulation_lease_ms: 10_000,
    });
  });

  it('reads S3 and the secret key from the environment', () => {
    const chosen = chooseStorage(
      base,
      readEnvironment({ SIMPLANE_S3_BUCKET: 'acme-sims', SIMPLANE_S3_ENDPOINT: 'http://127.0.0.1:9000', SIMPLANE_S3_FORCE_PATH_STYLE: 'true', AWS_REGION: 'eu-west-1', SIMPLANE_SECRET_KEY: key }),
    );
    expect(chosen.blobs).toEqual({ kind: 's3', bucket: 'acme-sims', prefix: '', region: 'eu-west-1', endpoint: 'http://127.0.0.1:9000', force_path_style: true });
    expect(chosen.secret_key).toBe(key);
  });

  it('refuses bad values by variable name, never echoing a database URL', () => {
    const secret = 'mysql://admin:hunter2@db/x';
    const error = configErrorOf(() => chooseStorage(base, readEnvironment({ SIMPLANE_DATABASE_URL: secret })));
    expect(error.message).toMatch(/^SIMPLANE_DATABASE_URL/);
    expect(error.message).not.toContain('hunter2');
    expect(configErrorOf(() => readEnvironment({ SIMPLANE_S3_BUCKET: 'b-ok', SIMPLANE_S3_FORCE_PATH_STYLE: 'yes' })).message).toMatch(/^SIMPLANE_S3_FORCE_PATH_STYLE/);
    expect(configErrorOf(() => chooseStorage(base, readEnvironment({ SIMPLANE_SECRET_KEY: 'short' }))).message).toMatch(/^SIMPLANE_SECRET_KEY/);
    expect(configErrorOf(() => chooseStorage(base, readEnvironment({ SIMPLANE_S3_BUCKET: 'Not_A_Bucket' }))).message).toMatch(/^SIMPLANE_S3_\*/);
  });
});
