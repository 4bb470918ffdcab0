import type { SimulatorBehaviour } from '@simplane/core';
import type { ValueHint } from '../artifact/value-hint.js';
import { valueHintOf } from '../artifact/value-hint.js';
import type { RuntimeModel } from './model.js';
import { objectView } from './schemas/schema-view.js';

/**
 * Every decision an artifact holds, as `GET /v1/simulators/{id}/behaviour` shows it: each
 * resource without its item schema but with the value hints of its fields, each operation
 * without what the document states of its messages (parameters, bodies, answers, security), in
 * the artifact's own shapes, which `x-simplane-behaviour` and `x-simplane-value` override by
 * the same names.
 */
export function behaviourOf(model: RuntimeModel): SimulatorBehaviour {
  const { artifact, registry } = model;
  return {
    artifact_version: artifact.version,
    resources: artifact.resources.map(({ itemSchema, ...resource }) => {
      const values: Record<string, ValueHint> = {};
      if (itemSchema !== null) {
        for (const [field, schema] of Object.entries(objectView(registry, itemSchema).properties)) {
          const hint = valueHintOf(schema);
          if (hint !== undefined) values[field] = hint;
        }
      }
      return { ...resource, values };
    }),
    operations: artifact.operations.map(({ parameters: _parameters, requestBody: _body, responses: _responses, security: _security, ...operation }) => ({ ...operation })),
  };
}
