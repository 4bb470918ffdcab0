/**
 * The deployable Lambda zip as Lambda runs it: `scripts/package-lambda.mjs` writes it (failing
 * above its size budget), it is unzipped into a folder with no node_modules above it, and each
 * execution environment is a process of its own that imports `index.js` and calls `handler`
 * with the events it is sent, one at a time.
 */
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { unzipSync } from 'fflate';
import { root, stopProcess } from './serve-process.js';

/** Imports the handler as Lambda's runtime does, then answers each event it is sent. */
const RUNTIME = `
const { handler } = await import(process.argv[2]);
process.on('message', async (event) => process.send(await handler(event, { functionName: 'simplane' })));
process.send('ready');
`;

export interface UnzippedLambda {
  /** The folder Lambda would call the task root. */
  taskRoot: string;
  /** The script that plays Lambda's runtime, beside the task root. */
  runtime: string;
  /** The zip's entries, by path. */
  files: string[];
  bytes: number;
}

/** Packages the zip into `dir` with the project's own script and unzips it beside it. */
export async function buildLambdaZip(dir: string): Promise<UnzippedLambda> {
  const zipPath = join(dir, 'simplane-lambda.zip');
  await promisify(execFile)(process.execPath, [join(root, 'scripts/package-lambda.mjs'), zipPath], { cwd: root });
  const zip = readFileSync(zipPath);
  const taskRoot = join(dir, 'task');
  const entries = unzipSync(zip);
  for (const [name, data] of Object.entries(entries)) {
    if (name.endsWith('/')) continue;
    mkdirSync(dirname(join(taskRoot, name)), { recursive: true });
    writeFileSync(join(taskRoot, name), data);
  }
  // A file, not `--eval`: worker threads inherit the process's options, and Lambda's runtime has none.
  const runtime = join(dir, 'runtime.mjs');
  writeFileSync(runtime, RUNTIME);
  return { taskRoot, runtime, files: Object.keys(entries), bytes: zip.byteLength };
}

export interface LambdaResponse {
  statusCode: number;
  headers?: Record<string, string>;
  body: string;
  isBase64Encoded?: boolean;
}

export interface ExecutionEnvironment {
  /** One invocation: resolves with what the handler returned. */
  invoke(event: unknown): Promise<LambdaResponse>;
  stop(): Promise<void>;
}

/**
 * A cold start: a process whose environment is only `env` (and PATH), in the task root. Resolves
 * once the handler module has loaded (the control plane opened); rejects with its output if
 * the process ends first.
 */
export function coldStart({ taskRoot, runtime }: UnzippedLambda, env: Record<string, string>): Promise<ExecutionEnvironment> {
  const child: ChildProcess = spawn(process.execPath, [runtime, join(taskRoot, 'index.js')], {
    cwd: taskRoot,
    env: { PATH: process.env.PATH ?? '', LAMBDA_TASK_ROOT: taskRoot, AWS_REGION: 'us-east-1', ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const exited = new Promise<never>((_, reject) => child.once('exit', (code) => reject(new Error(`the execution environment exited with ${code}:\n${stderr}`))));
  exited.catch(() => undefined);
  const next = () => Promise.race([new Promise<unknown>((resolve) => child.once('message', resolve)), exited]);
  const environment: ExecutionEnvironment = {
    async invoke(event) {
      const answer = next();
      child.send(event as object);
      return (await answer) as LambdaResponse;
    },
    stop: () => stopProcess(child),
  };
  return next().then(
    () => environment,
    async (error: unknown) => {
      await stopProcess(child);
      throw error;
    },
  );
}
