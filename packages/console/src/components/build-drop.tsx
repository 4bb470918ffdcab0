/**
 * Builds a Simulator from a document dropped on the page or chosen with the file input (the
 * way in for a keyboard), and follows the build until it is ready, failed or canceled.
 */
import type { BuildProgress, Simulator } from '@simplane/client';
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { useConsole } from '../context.js';
import { pathFor } from '../router.js';
import { Link } from './link.js';
import { Problem } from './problem.js';
import { StatusBadge } from './status-badge.js';

type Build = { file: string; progress: BuildProgress | null; result: Simulator | null; error: unknown };

export function BuildDrop(props: { onBuilt: () => void; children: ComponentChildren }) {
  const { client, announce } = useConsole();
  const [over, setOver] = useState(false);
  const [reference, setReference] = useState('');
  const [build, setBuild] = useState<Build | null>(null);
  const running = build !== null && build.result === null && build.error === undefined;

  const start = async (file: File) => {
    if (running) return;
    setBuild({ file: file.name, progress: null, result: null, error: undefined });
    announce(`Building a Simulator from ${file.name}.`);
    const references = reference.trim() === '' ? [] : [reference.trim()];
    try {
      const result = await client.simulators.build({
        document: file,
        fileName: file.name,
        request: references.length === 0 ? {} : { references },
        onProgress: (progress) => setBuild((current) => (current === null ? current : { ...current, progress })),
      });
      setBuild((current) => (current === null ? current : { ...current, result }));
      announce(`The build of ${file.name} is ${result.status}.`);
    } catch (error) {
      setBuild((current) => (current === null ? current : { ...current, error }));
      announce(`The build of ${file.name} was refused.`);
    }
    props.onBuilt();
  };

  // The whole window takes the drop while the view is open, so a file let go beside the box
  // builds too rather than making the browser open it in place of the console.
  const latestStart = useRef(start);
  latestStart.current = start;
  useEffect(() => {
    const hasFiles = (event: DragEvent) => event.dataTransfer?.types.includes('Files') === true;
    const dragOver = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setOver(true);
    };
    const dragLeave = (event: DragEvent) => {
      if (event.relatedTarget === null) setOver(false);
    };
    const drop = (event: DragEvent) => {
      if (!hasFiles(event)) return;
      event.preventDefault();
      setOver(false);
      const file = event.dataTransfer?.files[0];
      if (file !== undefined) void latestStart.current(file);
    };
    addEventListener('dragover', dragOver);
    addEventListener('dragleave', dragLeave);
    addEventListener('drop', drop);
    return () => {
      removeEventListener('dragover', dragOver);
      removeEventListener('dragleave', dragLeave);
      removeEventListener('drop', drop);
    };
  }, []);

  return (
    <div class={over ? 'drop-target over' : 'drop-target'}>
      <section class="card drop-zone" aria-labelledby="build-title">
        <h2 id="build-title">Build a Simulator</h2>
        <p>Drop an OpenAPI or WSDL document (JSON, YAML, XML or a zip with its XSDs) anywhere on this page, or choose one.</p>
        <div class="inline-fields">
          <div class="field">
            <label for="build-reference">Reference (optional)</label>
            <input id="build-reference" placeholder="petstore:v1" value={reference} onInput={(event) => setReference(event.currentTarget.value)} />
          </div>
          <div class="field">
            <label for="build-file">Document</label>
            <input
              id="build-file"
              type="file"
              accept=".json,.yaml,.yml,.wsdl,.xml,.zip"
              disabled={running}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                event.currentTarget.value = '';
                if (file !== undefined) void start(file);
              }}
            />
          </div>
        </div>
        {build === null ? null : <BuildState build={build} />}
      </section>
      {props.children}
    </div>
  );
}

function BuildState(props: { build: Build }) {
  const { file, progress, result, error } = props.build;
  if (error !== undefined) return <Problem error={error} />;
  const simulator = result ?? progress?.simulator ?? null;
  return (
    <div class="build-state" aria-live="polite">
      <p>
        <strong>{file}</strong>: {simulator === null ? 'uploading…' : <StatusBadge status={simulator.status} />}{' '}
        {progress !== null && result === null ? `${progress.stage}, ${progress.done} of ${progress.total} ${progress.counting}` : null}
      </p>
      {progress !== null && result === null ? <progress max={Math.max(progress.total, 1)} value={progress.done} aria-label={`Build of ${file}`} /> : null}
      {simulator !== null && result !== null ? (
        <p>
          <Link href={pathFor({ view: 'simulator', id: simulator.id })}>Open {simulator.name}</Link>
        </p>
      ) : null}
    </div>
  );
}
