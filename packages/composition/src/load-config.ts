import { readFileSync } from 'node:fs';
import { stableId } from './stable-id.js';
import { configSchema, type Config } from './config.schema.js';

/** A configuration problem, worded for a person: it names the file and the field. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/**
 * Validates a parsed config object; the error names the first bad field by its path. Plain
 * keys leave as their hashes in `api_key_sha256`, so a config this returned parses again to
 * itself: handing an already parsed config to `parseConfig` does not hash its keys twice.
 */
export function parseConfig(value: unknown, source = 'configuration'): Config {
  const result = configSchema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.path.length > 0 ? issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('').slice(1) : '(root)';
    const message =
      issue.code === 'unrecognized_keys' ? `unknown field ${issue.keys.map((k) => `'${k}'`).join(', ')}` : issue.message;
    throw new ConfigError(`${source}: ${field}: ${message}`);
  }
  checkUnique(result.data, source);
  return { ...result.data, organizations: result.data.organizations.map((org) => ({ ...org, workspaces: org.workspaces.map(hashesOnly) })) };
}

/** A workspace whose keys are all hashes: the plain ones were hashed by the schema as they were read. */
function hashesOnly(workspace: Config['organizations'][number]['workspaces'][number]): Config['organizations'][number]['workspaces'][number] {
  return { ...workspace, api_keys: [], api_key_sha256: [...workspace.api_keys, ...workspace.api_key_sha256] };
}

/** Reads and validates the JSON config file at `path`. */
export function loadConfigFile(path: string): Config {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError(`${path}: cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    // Not the parser's whole message: it can quote the text near the error, which may be a plain key.
    throw new ConfigError(`${path}: not valid JSON${positionOf(error, text)}`);
  }
  return parseConfig(value, path);
}

/** ` at line L column C`, when the parser says where the error is; never the text itself. */
function positionOf(error: unknown, text: string): string {
  const match = /at position (\d+)/.exec(error instanceof Error ? error.message : '');
  if (match === null) return '';
  const before = text.slice(0, Number(match[1]));
  return ` at line ${before.split('\n').length} column ${before.length - before.lastIndexOf('\n')}`;
}

/** Records the ID an organization or workspace will have, refusing one already taken. */
function claim(ids: Set<string>, explicit: string | undefined, derived: string, at: string): void {
  const id = explicit ?? derived;
  if (ids.has(id)) throw new ConfigError(`${at}.id: '${id}'${explicit === undefined ? ' (derived from its name)' : ''} is used twice`);
  ids.add(id);
}

function checkUnique(config: Config, source: string): void {
  const orgs = new Set<string>();
  const keys = new Set<string>();
  // IDs too, explicit or derived from names: two workspaces with one ID would silently become one.
  const ids = new Set<string>();
  config.organizations.forEach((org, i) => {
    if (orgs.has(org.name)) throw new ConfigError(`${source}: organizations[${i}].name: '${org.name}' is used twice`);
    orgs.add(org.name);
    claim(ids, org.id, stableId('organization', org.name), `${source}: organizations[${i}]`);
    const workspaces = new Set<string>();
    org.workspaces.forEach((ws, j) => {
      const at = `organizations[${i}].workspaces[${j}]`;
      if (workspaces.has(ws.name)) throw new ConfigError(`${source}: ${at}.name: '${ws.name}' is used twice`);
      workspaces.add(ws.name);
      claim(ids, ws.id, stableId('workspace', org.name, ws.name), `${source}: ${at}`);
      [...ws.api_keys, ...ws.api_key_sha256].forEach((hash, k) => {
        const field = k < ws.api_keys.length ? `api_keys[${k}]` : `api_key_sha256[${k - ws.api_keys.length}]`;
        if (keys.has(hash)) throw new ConfigError(`${source}: ${at}.${field}: this key is already given to a workspace`);
        keys.add(hash);
      });
    });
  });
}
