import type { ErrorObject } from 'ajv';
import type { IssueAt } from '../diagnostics/diagnostics.js';
import { formatPointer, pointerToPath } from '../diagnostics/location.js';
import type { WarningCode } from '../diagnostics/rules.js';
import type { Json } from '../json.js';
import { pickBranches } from './ajv-branches.js';
import { assumptionFor } from './assumptions.js';
import { operationAt } from './operation-at.js';

export interface StructuralIssue {
  code: WarningCode;
  at: IssueAt;
  message: string;
}

/** Branch bookkeeping of oneOf/anyOf: meaningful only when nothing more precise was said. */
const NOISE = new Set(['oneOf', 'anyOf', 'if', 'then', 'else', 'not', 'false schema']);

function isRefBranch(error: ErrorObject): boolean {
  return error.keyword === 'required' && (error.params as { missingProperty?: string }).missingProperty === '$ref';
}

function codeOf(error: ErrorObject): WarningCode {
  if (error.keyword === 'required') return 'structure_required';
  if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') return 'structure_unknown_field';
  if (error.keyword === 'type') return 'structure_type';
  return 'structure_value';
}

function describe(error: ErrorObject, where: string): { location: string; message: string } {
  const params = error.params as Record<string, unknown>;
  const subject = where === '' ? 'The document' : `\`${where}\``;
  switch (error.keyword) {
    case 'required':
      return { location: where, message: `${subject} is missing the required field \`${String(params['missingProperty'])}\`.` };
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const extra = String(params['additionalProperty'] ?? params['unevaluatedProperty']);
      return { location: where === '' ? extra : `${where}.${extra}`, message: `${subject} has a field \`${extra}\` that the OpenAPI specification does not define here.` };
    }
    case 'enum':
      return { location: where, message: `${subject} must be one of ${JSON.stringify(params['allowedValues'])}.` };
    default:
      return { location: where, message: `${subject} ${error.message ?? 'is invalid'}.` };
  }
}

/**
 * Turns ajv's errors into readable issues: one per location, the most specific first, with the
 * oneOf/anyOf noise and the "is not a $ref either" branch dropped whenever a more precise
 * error exists at or below the same place. Each message ends with what the compiler assumes
 * in place of the slip.
 */
export function ajvIssues(raw: readonly ErrorObject[], root: Json, index: WeakMap<object, string>): StructuralIssue[] {
  const errors = pickBranches(raw, index);
  const precise = errors.filter((e) => !NOISE.has(e.keyword) && !isRefBranch(e));
  const explained = (e: ErrorObject) => precise.some((p) => p !== e && (p.instancePath === e.instancePath || p.instancePath.startsWith(`${e.instancePath}/`)));
  const kept = errors.filter((e) => !((NOISE.has(e.keyword) || isRefBranch(e)) && explained(e)));
  const byPlace = new Map<string, StructuralIssue>();
  for (const error of kept) {
    const where = formatPointer(error.instancePath, root);
    const { location, message } = describe(error, where);
    const key = `${codeOf(error)} ${location}`;
    if (byPlace.has(key)) continue;
    const keys = pointerToPath(error.instancePath);
    byPlace.set(key, { code: codeOf(error), at: { operation: operationAt(root, keys), location }, message: `${message} ${assumptionFor(error, keys, root)}` });
  }
  // Deepest first: a wrong leaf explains its ancestors' failures better than they do.
  return [...byPlace.values()].sort((a, b) => (b.at.location?.length ?? 0) - (a.at.location?.length ?? 0));
}
