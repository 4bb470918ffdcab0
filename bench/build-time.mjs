// Build time of generated OpenAPI documents (10 to 5,000 operations), in the same thread and in
// a worker, against a baseline taken in the same run: JSON.parse + JSON.stringify of the same
// text, the least any build must do. Then the same API as 10 MB of YAML, and how fast the
// engine's YAML parse step reads it next to the `yaml` package (the parser it replaced). Runs
// from the compiled packages (`npm run build` first).
import { parseDocument, stringify } from 'yaml';
import { InlineBuildProvider, WorkerBuildProvider } from '../packages/engine/dist/index.js';
import { parseText } from '../packages/engine/dist/parse/parse-document.js';
import { generateDocument, generateDocumentValue } from '../packages/engine/dist/testing/index.js';

const SIZES = [10, 100, 1000, 5000];
const RUNS = { 10: 7, 100: 5, 1000: 3, 5000: 2 };

function request(spec) {
  return { spec, specKind: null, filter: [], overlays: [], instructions: null, deadline: new Date(Date.now() + 600_000), signal: new AbortController().signal, onProgress() {} };
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

async function time(fn, runs) {
  const samples = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const outcome = await fn();
    samples.push(performance.now() - started);
    if (outcome && outcome.ok === false) throw new Error(`build failed: ${outcome.detail}`);
  }
  return median(samples);
}

const inline = new InlineBuildProvider();
const worker = new WorkerBuildProvider({ workers: 1 });
const warmUp = request(new TextEncoder().encode(generateDocument({ operations: 10 })));
const coldInline = await time(() => inline.build(warmUp), 1);
const coldWorker = await time(() => worker.build(warmUp), 1);

const rows = [];
let bytesPerOperation = 0;
for (const operations of SIZES) {
  const text = generateDocument({ operations });
  const spec = new TextEncoder().encode(text);
  if (operations === 1000) bytesPerOperation = spec.byteLength / operations;
  const runs = RUNS[operations];
  const baseline = await time(() => JSON.stringify(JSON.parse(text)), runs);
  const inThread = await time(() => inline.build(request(spec)), runs);
  const inWorker = await time(() => worker.build(request(spec)), runs);
  rows.push({ operations, megabytes: spec.byteLength / 1e6, baseline, inThread, inWorker });
}

const tenMb = Math.round(10e6 / bytesPerOperation);
const tenMbSpec = new TextEncoder().encode(generateDocument({ operations: tenMb }));
const freshPool = new WorkerBuildProvider({ workers: 1 });
const tenMbCold = await time(() => freshPool.build(request(tenMbSpec)), 1);
const tenMbWarm = await time(() => worker.build(request(tenMbSpec)), 3);
const tenMbText = new TextDecoder().decode(tenMbSpec);
const tenMbBaseline = await time(() => JSON.stringify(JSON.parse(tenMbText)), 3);
// The same API as 10 MB of YAML (no anchors), against the JSON baseline of the same API.
let yamlOperations = tenMb;
let yamlText = stringify(generateDocumentValue({ operations: yamlOperations }), { aliasDuplicateObjects: false });
yamlOperations = Math.round((tenMb * 10e6) / yamlText.length);
yamlText = stringify(generateDocumentValue({ operations: yamlOperations }), { aliasDuplicateObjects: false });
const yamlSpec = new TextEncoder().encode(yamlText);
const yamlJsonText = JSON.stringify(generateDocumentValue({ operations: yamlOperations }), null, 2);
const yamlBaseline = await time(() => JSON.stringify(JSON.parse(yamlJsonText)), 3);
const yamlPool = new WorkerBuildProvider({ workers: 1 });
const yamlCold = await time(() => yamlPool.build(request(yamlSpec)), 1);
const yamlWarm = await time(() => worker.build(request(yamlSpec)), 3);
const yamlInThread = await time(() => inline.build(request(yamlSpec)), 3);
await Promise.all([worker.close(), freshPool.close(), yamlPool.close()]);
// Parser throughput on that text: the engine's parse step (UTF-8, nesting pre-scan, js-yaml with
// the alias measure, the depth/number pass) and the `yaml` package's parse to plain values.
const engineParse = await time(() => parseText(yamlSpec), 3);
const yamlPackageParse = await time(() => parseDocument(yamlText, { uniqueKeys: true, schema: 'core', merge: false, strict: true }).toJS({ maxAliasCount: -1 }), 3);

const f = (n, d = 0) => n.toFixed(d).padStart(9);
console.log('Build time of generated OpenAPI documents (median; warm: validators compiled)');
console.log(`${'ops'.padStart(6)} ${'MB'.padStart(9)} ${'thread ms'.padStart(9)} ${'ms/op'.padStart(9)} ${'worker ms'.padStart(9)} ${'ms/op'.padStart(9)} ${'base ms'.padStart(9)} ${'x base'.padStart(9)}`);
for (const r of rows) {
  console.log(`${String(r.operations).padStart(6)} ${f(r.megabytes, 2)} ${f(r.inThread)} ${f(r.inThread / r.operations, 3)} ${f(r.inWorker)} ${f(r.inWorker / r.operations, 3)} ${f(r.baseline)} ${f(r.inWorker / r.baseline, 1)}`);
}
console.log(`first build of a process (compiles the OpenAPI validators): ${coldInline.toFixed(0)} ms in thread, ${coldWorker.toFixed(0)} ms in a new worker`);
console.log(`10 MB document (${tenMb} operations, ${(tenMbSpec.byteLength / 1e6).toFixed(2)} MB): ${tenMbWarm.toFixed(0)} ms in a warm worker (${(tenMbWarm / tenMbBaseline).toFixed(1)}x the baseline, ${tenMbBaseline.toFixed(0)} ms), ${tenMbCold.toFixed(0)} ms in a new one; target < 3000 ms: ${Math.max(tenMbWarm, tenMbCold) < 3000 ? 'met' : 'MISSED'}`);
const yamlMb = yamlSpec.byteLength / 1e6;
console.log(`10 MB of YAML (${yamlOperations} operations, ${yamlMb.toFixed(2)} MB): ${yamlWarm.toFixed(0)} ms in a warm worker (${(yamlWarm / yamlBaseline).toFixed(1)}x the JSON baseline of the same API, ${yamlBaseline.toFixed(0)} ms), ${yamlCold.toFixed(0)} ms in a new one, ${yamlInThread.toFixed(0)} ms in thread; target < 3000 ms: ${Math.max(yamlWarm, yamlCold) < 3000 ? 'met' : 'MISSED'}`);
console.log(`YAML parse of that text: engine (js-yaml) ${engineParse.toFixed(0)} ms, ${(yamlMb / (engineParse / 1000)).toFixed(1)} MB/s; yaml package ${yamlPackageParse.toFixed(0)} ms, ${(yamlMb / (yamlPackageParse / 1000)).toFixed(1)} MB/s`);
if (Math.max(tenMbWarm, tenMbCold, yamlWarm, yamlCold) >= 3000) process.exitCode = 1;

// Refusing hostile documents (the cases of packages/engine/src/parse/parse-document.test.ts,
// which checks what is refused; this measures how fast): each is turned away in milliseconds,
// before any runaway work.
const aliasLevels = (depth, width) => {
  const levels = [`a0: &a0 [${Array(width).fill('lol').join(', ')}]`];
  for (let i = 1; i < depth; i++) levels.push(`a${i}: &a${i} [${Array(width).fill(`*a${i - 1}`).join(', ')}]`);
  return `openapi: 3.0.3\n${levels.join('\n')}\n`;
};
const HOSTILE = [
  ['100,000-deep JSON arrays', '['.repeat(100_000) + ']'.repeat(100_000)],
  ['100,000-deep JSON objects', `{"openapi":"3.0.3","x":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}`],
  ['100,000-deep YAML flow nesting', `openapi: 3.0.3\nx: ${'['.repeat(100_000)}${']'.repeat(100_000)}\n`],
  ['100,000-deep YAML block nesting', `openapi: 3.0.3\nx:\n${'- '.repeat(100_000)}x\n`],
  ['YAML alias bomb, 9 levels of 9', aliasLevels(9, 9)],
  ['YAML alias bomb, 30 levels of 10', aliasLevels(30, 10)],
  ['a 100,000-character string aliased 1,000 times', `openapi: 3.0.3\ns: &s "${'x'.repeat(100_000)}"\nlist: [${Array(1000).fill('*s').join(', ')}]\n`],
  ['a 200,000-item sequence aliased as 20,000 keys', `openapi: 3.0.3\na: &a [${Array(200_000).fill('x').join(',')}]\nkeys:\n${'- {*a : 1}\n'.repeat(20_000)}`],
  ['a JSON number of a million digits', `{"openapi":"3.0.3","info":{"title":"t","version":"1","x-n":${'9'.repeat(1_000_000)}},"paths":{}}`],
];
const REFUSAL_TARGET_MS = 3000;
const refusals = [];
for (const [name, text] of HOSTILE) {
  const spec = new TextEncoder().encode(text);
  const samples = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const outcome = await inline.build(request(spec));
    samples.push(performance.now() - started);
    if (outcome.ok !== false) throw new Error(`${name}: built, where it must be refused`);
  }
  refusals.push({ name, ms: median(samples) });
}
console.log(`Refusing hostile documents (median ms in thread; target < ${REFUSAL_TARGET_MS} ms each)`);
for (const r of refusals) console.log(`${f(r.ms)}  ${r.name}${r.ms < REFUSAL_TARGET_MS ? '' : '  MISSED'}`);
if (refusals.some((r) => r.ms >= REFUSAL_TARGET_MS)) process.exitCode = 1;
