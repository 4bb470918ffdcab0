import type { SimulatorBehaviour } from '@simplane/core';
import type { Artifact } from '../artifact/artifact.js';

/**
 * Every decision an artifact holds, as `GET /v1/simulators/{id}/behaviour` shows it: each
 * resource without its item schema, each operation without what the document states of its
 * messages (parameters, bodies, answers, security), in the artifact's own shapes, which
 * `x-simplane-behaviour` overrides by the same names.
 */
export function behaviourOf(artifact: Artifact): SimulatorBehaviour {
  return {
    artifact_version: artifact.version,
    resources: artifact.resources.map(({ itemSchema: _schema, ...resource }) => ({ ...resource })),
    operations: artifact.operations.map(({ parameters: _parameters, requestBody: _body, responses: _responses, security: _security, ...operation }) => ({ ...operation })),
  };
}
