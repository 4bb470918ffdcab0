import type { SimulatorBehaviour } from '@simplane/core';
import type { ArtifactOperation, JsonSchema } from '../artifact/artifact.js';
import { answersRefusals, errorRoleOf, type ErrorRole } from '../artifact/error-role.js';
import type { ValueHint } from '../artifact/value-hint.js';
import { valueHintOf } from '../artifact/value-hint.js';
import type { RuntimeModel } from './model.js';
import { objectView } from './schemas/schema-view.js';

/**
 * Every decision an artifact holds, as `GET /v1/simulators/{id}/behaviour` shows it: each
 * resource without its item schema but with the value hints of its fields, each operation
 * without what the document states of its messages (parameters, bodies, answers, security) but
 * with the roles of its error answers' fields and its tool's name and description, in the
 * artifact's own shapes, which `x-simplane-behaviour`, `x-simplane-value`, `x-simplane-error`
 * and `x-simplane-tool` override by the same names.
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
    operations: artifact.operations.map(({ parameters: _parameters, requestBody: _body, responses, security: _security, description: _description, tool, ...operation }) => {
      const errors = errorRoles(model, responses);
      // The tool's name and description; its schemas are what the document states.
      const named = tool === undefined ? {} : { tool: tool === null ? null : { name: tool.name, description: tool.description } };
      return { ...operation, ...named, ...(Object.keys(errors).length === 0 ? {} : { errors }) };
    }),
  };
}


/**
 * What a refusal writes into the fields of the operation's own error answers (ErrorRole, kept on
 * their schemas), by response key and field; a nested envelope's fields as `error.message`.
 */
function errorRoles(model: RuntimeModel, responses: ArtifactOperation['responses']): Record<string, Record<string, ErrorRole>> {
  const out: Record<string, Record<string, ErrorRole>> = {};
  for (const [key, response] of Object.entries(responses)) {
    if (!answersRefusals(key)) continue;
    const roles: Record<string, ErrorRole> = {};
    for (const media of Object.values(response.content)) collectRoles(model, media.schema, '', roles, 0);
    if (Object.keys(roles).length > 0) out[key] = roles;
  }
  return out;
}

function collectRoles(model: RuntimeModel, schema: JsonSchema | null, prefix: string, roles: Record<string, ErrorRole>, depth: number): void {
  if (schema === null || depth > 2) return;
  for (const [field, sub] of Object.entries(objectView(model.registry, schema).properties)) {
    const role = errorRoleOf(sub);
    if (role === undefined) continue;
    roles[`${prefix}${field}`] = role;
    if (role.nested === true) collectRoles(model, sub, `${prefix}${field}.`, roles, depth + 1);
  }
}
