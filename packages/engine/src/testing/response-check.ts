import type { Artifact, ArtifactResponse } from '../artifact/artifact.js';
import { SchemaRegistry } from '../runtime/schemas/schema-registry.js';
import type { SimAnswer } from './sim-client.js';

/**
 * Checks an answer against what its operation declares for the status (exact, `4XX`-style
 * range, or `default`) and media type (exact, or a declared media range that covers it).
 * Answers a problem, or null when the body fits (or nothing is declared to check it against).
 */
export class ResponseChecker {
  readonly registry: SchemaRegistry;

  constructor(readonly artifact: Artifact) {
    this.registry = new SchemaRegistry(artifact);
  }

  problem(answer: SimAnswer): string | null {
    if (answer.status >= 500) return `status ${answer.status}`;
    const operation = this.artifact.operations.find((op) => op.id === answer.operation);
    if (!operation) return null;
    const declared: ArtifactResponse | undefined = operation.responses[String(answer.status)] ?? operation.responses[`${String(answer.status)[0]}XX`] ?? operation.responses.default;
    if (!declared) return null;
    const contentType = essence(answer.headers['content-type'] ?? '');
    const byEssence = new Map(Object.entries(declared.content).map(([media, entry]) => [essence(media), entry]));
    const entry = byEssence.get(contentType) ?? byEssence.get(`${contentType.split('/')[0]}/*`) ?? byEssence.get('*/*');
    if (Object.keys(declared.content).length > 0 && answer.text !== '' && !entry) return `content-type ${contentType} not declared for ${answer.status}`;
    if (!entry?.schema || !/json/.test(contentType) || answer.text === '') return null;
    const verdict = this.registry.validate(entry.schema, answer.json);
    return verdict.ok ? null : `${operation.id} ${answer.status}: ${verdict.problem} in ${answer.text.slice(0, 300)}`;
  }
}

/** `application/json; charset=utf-8` → `application/json`: documents key media types with parameters too. */
function essence(mediaType: string): string {
  return (mediaType.split(';')[0] ?? '').trim().toLowerCase();
}
