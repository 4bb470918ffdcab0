import { MOCK_DEFAULT_PORT, parseMockArguments } from './mock-arguments.js';
import { MockFailure } from './mock-failure.js';
import { mock, type MockIo } from './mock.js';

export const MOCK_USAGE = `usage: simplane mock <document> [options]

Builds the document (OpenAPI YAML or JSON, a WSDL, or a zip) on a server of its own, creates a
Simulation of it and serves that Simulation's API at the root (http://127.0.0.1:${MOCK_DEFAULT_PORT}/pets),
with no Simulation-Token needed on a loopback address, and the control plane under /v1.
  --port <n>              default ${MOCK_DEFAULT_PORT} (0 picks a free port)
  --host <address>        default 127.0.0.1; any other address than a loopback one wants the
                          Simulation-Token at the root, as /sim does, unless --no-token
  --seed <text>           the Simulation's seed (default: the kept Simulation's, else random)
  --start-time <time>     the Simulation's clock at its start (RFC 3339, UTC)
  --sample-records <n>    sample records per resource, 0 to 1000 (default 3)
  --data-dir <dir>        where state is kept (default: SIMPLANE_DATA_DIR/mock/<document>-<hash>)
  --memory                keep nothing on disk: the state ends with the command
  --reset                 a new Simulation from the seed, whatever the data directory kept
  --watch                 build again on every save; the new Simulation replaces the old one
  --read-only             refuse requests at the root that could change state
  --no-token              no Simulation-Token at the root on any address (with a warning on
                          one that is not loopback)`;

/**
 * Runs `simplane mock` until SIGINT or SIGTERM, which stop it cleanly (handled from the start,
 * so one that arrives while it builds still ends it). Answers 0 after `--help`, 1 when the
 * document cannot be served, and -1 while it serves.
 */
export async function runMockCommand(argv: readonly string[], env: NodeJS.ProcessEnv, io: MockIo): Promise<number> {
  const args = parseMockArguments(argv, process.cwd());
  if (args.help) {
    io.out(MOCK_USAGE);
    return 0;
  }
  const starting = mock(args, env, io);
  const stop = () => {
    starting.then((running) => running.close()).then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  try {
    await starting;
  } catch (error) {
    if (!(error instanceof MockFailure)) throw error;
    io.err(`simplane: ${error.lines[0]}`);
    error.lines.slice(1).forEach((line) => io.err(line));
    return 1;
  }
  return -1;
}
