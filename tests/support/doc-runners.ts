/**
 * How the documentation test runs a page's blocks: its shell blocks in one bash session, each
 * program block as a Node process, each data block through its parser. The rules are written
 * at the top of tests/docs/examples.test.ts and in docs/architecture.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import YAML from 'yaml';
import { configSchema, parseConfig } from '@simplane/composition';
import type { DocBlock } from './doc-blocks.js';

export interface Outcome {
  code: number | null;
  output: string;
}

/**
 * The session's helpers. A `curl` answered with a status of 400 or more fails its block: an example
 * that is refused is a wrong example. An answer that shows an error belongs in a `text` block.
 */
const SESSION_HELPERS = `
# In a clone, \`npx simplane\` runs the workspace's command, which is on the PATH: skip npm's own start-up.
npx() { if [ "$1" = simplane ]; then shift; simplane "$@"; else command npx "$@"; fi; }

curl() {
  local headers status code=0
  headers=$(mktemp)
  command curl -D "$headers" "$@" || code=$?
  status=$(awk '/^HTTP\\//{ s = $2 } END { print s }' "$headers")
  rm -f "$headers"
  if [ "$code" -ne 0 ]; then return "$code"; fi
  if [ -n "$status" ] && [ "$status" -ge 400 ]; then echo "curl: answered HTTP $status" >&2; return 22; fi
}
`;

/** Runs a child in its own process group and ends the whole group when it exits or times out. */
function runGroup(command: string, args: string[], options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    const endGroup = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // The group has already ended.
      }
    };
    const timer = setTimeout(() => {
      output += `\n(stopped after ${options.timeoutMs} ms)`;
      endGroup();
    }, options.timeoutMs);
    child.once('error', reject);
    // What a block left running in the background (a server it started) ends with the page; its
    // output pipes close only then.
    child.once('exit', endGroup);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/** The page's shell blocks in order, in one `bash` session with `set -euo pipefail`. */
export function runShellBlocks(blocks: DocBlock[], options: { cwd: string; env: NodeJS.ProcessEnv; scratch: string; timeoutMs: number }): Promise<Outcome> {
  const script = ["set -euo pipefail", SESSION_HELPERS];
  for (const block of blocks) {
    script.push(`printf '\\n@@ %s:%s @@\\n' ${JSON.stringify(block.file)} ${block.line}`, block.code);
  }
  const file = join(options.scratch, 'session.sh');
  mkdirSync(options.scratch, { recursive: true });
  writeFileSync(file, `${script.join('\n')}\n`);
  return runGroup('bash', ['--noprofile', '--norc', file], options);
}

/** Which block a failed session stopped in: the last one it started. */
export function lastStarted(output: string): string {
  const all = [...output.matchAll(/^@@ (\S+) @@$/gm)];
  return all.length === 0 ? '(before the first block)' : all[all.length - 1]![1]!;
}

export function isTypeScript(block: DocBlock): boolean {
  return block.lang === 'ts' || block.lang === 'typescript';
}

/**
 * A TypeScript block's source as `line-<n>.ts` in `scratch`, for the type check. It is made a
 * module, so blocks that declare the same names do not collide.
 */
export function writeSource(block: DocBlock, scratch: string): string {
  mkdirSync(scratch, { recursive: true });
  const file = join(scratch, `line-${block.line}.ts`);
  writeFileSync(file, `${block.code}\nexport {};\n`);
  return file;
}

/** A program block as a module file in `scratch`, TypeScript transpiled to JavaScript. */
export function writeProgram(block: DocBlock, scratch: string): string {
  mkdirSync(scratch, { recursive: true });
  const text = isTypeScript(block)
    ? ts.transpileModule(block.code, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false } }).outputText
    : block.code;
  const file = join(scratch, `line-${block.line}.mjs`);
  writeFileSync(file, text);
  return file;
}

/**
 * Type-checks TypeScript blocks together, strictly, as a project on Node would compile them.
 * Answers one message per error, naming the page and line it is on.
 */
export function typeCheck(sources: Array<{ file: string; block: DocBlock }>): string[] {
  const program = ts.createProgram(
    sources.map((source) => source.file),
    {
      target: ts.ScriptTarget.ES2022,
      lib: ['lib.es2023.d.ts'],
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      types: ['node'],
      strict: true,
      noEmit: true,
      skipLibCheck: true,
    },
  );
  const byFile = new Map(sources.map((source) => [source.file, source.block]));
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const text = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const block = diagnostic.file === undefined ? undefined : byFile.get(diagnostic.file.fileName);
    if (block === undefined || diagnostic.start === undefined) return text;
    const { line } = diagnostic.file!.getLineAndCharacterOfPosition(diagnostic.start);
    return `${block.file}:${block.line + 1 + line}: ${text}`;
  });
}

export function runProgram(file: string, options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number }): Promise<Outcome> {
  return runGroup(process.execPath, [file], options);
}

/** Whether a program block is a vitest suite: those are loaded into the documentation test itself. */
export function isVitestSuite(block: DocBlock): boolean {
  return /from\s+['"]vitest['"]/.test(block.code);
}

/**
 * Parses a data block. A JSON or YAML object whose every key is a configuration field is a
 * configuration, and must pass `parseConfig` as a `SIMPLANE_CONFIG` file would.
 */
export function checkData(block: DocBlock): void {
  const value: unknown = block.lang === 'json' ? JSON.parse(block.code) : YAML.parse(block.code);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return;
  const keys = Object.keys(value);
  if (keys.length > 0 && keys.every((key) => key in configSchema.shape)) parseConfig(value, `${block.file}:${block.line}`);
}
