import type { Diagnostics } from '../diagnostics/diagnostics.js';
import type { JsonObject } from '../json.js';
import type { RawOperation } from '../normalise/operations.js';
import { declaredParameters, templateNames } from '../normalise/parameters.js';

/**
 * Rules the JSON Schema of OpenAPI cannot express: unique operationIds (a duplicate fails the
 * build: requests could not tell the two apart), and path templates whose parameters are
 * declared (and declared ones used), which only warn.
 */
export function checkSemantics(root: JsonObject, operations: RawOperation[], diagnostics: Diagnostics): void {
  const seen = new Map<string, RawOperation>();
  for (const op of operations) {
    const at = { operation: op.id, location: `${op.location}.operationId` };
    if (op.operationId !== null) {
      const first = seen.get(op.operationId);
      if (first) diagnostics.error('operation_id_duplicate', at, `operationId ${op.operationId} is used by ${first.method} ${first.path} and ${op.method} ${op.path}.`);
      else seen.set(op.operationId, op);
    }
    const inTemplate = new Set(templateNames(op.path));
    const declared = new Map<string, string>();
    for (const { parameter, location } of declaredParameters(op, { root, diagnostics, operation: op.id }).values()) {
      if (parameter['in'] === 'path' && !op.queryNames.includes(String(parameter['name']))) declared.set(String(parameter['name']), location);
    }
    for (const name of inTemplate) {
      if (!declared.has(name)) diagnostics.warn('path_parameter_undeclared', { operation: op.id, location: op.location }, `The path parameter {${name}} of ${op.path} is not declared; it is read as a required string.`);
    }
    for (const [name, location] of declared) {
      if (!inTemplate.has(name)) diagnostics.warn('path_parameter_unused', { operation: op.id, location }, `The path parameter ${name} does not appear in ${op.path}.`);
    }
  }
}
