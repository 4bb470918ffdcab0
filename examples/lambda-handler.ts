/**
 * The control plane as an AWS Lambda function behind API Gateway REST (v1), an HTTP API (v2)
 * or a function URL: one handler recognises all three event shapes.
 *
 * Configure it with SIMPLANE_CONFIG_JSON, the same JSON as a `SIMPLANE_CONFIG` file, e.g.
 *   {"organizations":[{"name":"acme","workspaces":[{"name":"dev","api_key_sha256":["<hex>"]}]}],
 *    "secret_key":"<openssl rand -base64 32>"}
 * Prefer `api_key_sha256` in the environment, so the plain key is not stored there at all.
 */
import { composeControlPlane, ConfigError, parseConfig } from '@simplane/composition';
import { createLambdaHandler } from '@simplane/host-lambda';

function configFromEnvironment(text: string | undefined): unknown {
  if (text === undefined || text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ConfigError('SIMPLANE_CONFIG_JSON: not valid JSON');
  }
}

// Composed once per cold start, outside the handler, and reused by every invocation. The state
// is in memory, so it lives as long as this execution environment does.
const plane = composeControlPlane(parseConfig(configFromEnvironment(process.env.SIMPLANE_CONFIG_JSON), 'SIMPLANE_CONFIG_JSON'));

export const handler = createLambdaHandler(plane.handle);
