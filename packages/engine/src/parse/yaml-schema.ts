import { FAILSAFE_SCHEMA, Type } from 'js-yaml';

// Plain scalars resolve exactly as the YAML 1.2 core schema says. js-yaml's own core schema also
// reads YAML 1.1 forms (`1_000`, `0b101` as numbers) and misses `-.5`; these keep documents
// meaning what they meant under the `yaml` package, which this replaces.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
const FLOAT = /^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?|[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;

const scalar = (tag: string, pattern: RegExp, construct: (text: string) => unknown) =>
  new Type(`tag:yaml.org,2002:${tag}`, { kind: 'scalar', resolve: (data: string | null) => pattern.test(data ?? ''), construct: (data: string | null) => construct(data ?? '') });

function toInt(text: string): number {
  if (text.startsWith('0o')) return parseInt(text.slice(2), 8);
  if (text.startsWith('0x')) return parseInt(text.slice(2), 16);
  // A literal of a million digits reads as Infinity, which the depth/number pass then refuses.
  return Number(text);
}

function toFloat(text: string): number {
  const lower = text.toLowerCase();
  if (lower.endsWith('nan')) return NaN;
  if (lower.endsWith('inf')) return text.startsWith('-') ? -Infinity : Infinity;
  return Number(text);
}

/**
 * A local tag (`!Sub`, `!Ref`, as CloudFormation templates embed) keeps its plain value, as it did
 * before; nothing is ever constructed from a tag. Global tags beyond the core schema
 * (`!!binary`, `!!timestamp`, `!!js/function`, `!!merge`) are refused as syntax errors.
 */
const localTag = (kind: 'scalar' | 'sequence' | 'mapping') => new Type('!', { kind, multi: true });

/** The YAML 1.2 core schema for js-yaml: strings, sequences, mappings, null, booleans and numbers only. */
export const CORE_SCHEMA = FAILSAFE_SCHEMA.extend({
  implicit: [scalar('null', NULL, () => null), scalar('bool', BOOL, (text) => text[0] === 't' || text[0] === 'T'), scalar('int', INT, toInt), scalar('float', FLOAT, toFloat)],
  explicit: [localTag('scalar'), localTag('sequence'), localTag('mapping')],
});
