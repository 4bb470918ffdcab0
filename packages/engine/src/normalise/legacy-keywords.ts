import type { JsonObject } from '../json.js';
import type { OpenApiFamily } from '../parse/detect-kind.js';

/**
 * Rewrites the keywords of OpenAPI 2.0 and 3.0 schemas (draft-04 dialect plus extensions) into
 * their 2020-12 meaning: `nullable`, boolean `exclusiveMinimum`/`exclusiveMaximum`, a single
 * `example`, and 2.0's `type: file`. `source` is the schema as written, `out` its conversion.
 */
export function applyLegacyKeywords(source: JsonObject, out: JsonObject, family: OpenApiFamily): void {
  if ('example' in out) {
    if (!Array.isArray(out['examples'])) out['examples'] = [out['example'] ?? null];
    delete out['example'];
  }
  if (family === '3.1') return;
  if (out['type'] === 'file') {
    out['type'] = 'string';
    out['format'] = 'binary';
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (out[flag] === true && typeof out[bound] === 'number') {
      out[flag] = out[bound];
      delete out[bound];
    } else if (typeof out[flag] === 'boolean') delete out[flag];
  }
  if (source['nullable'] === true || source['x-nullable'] === true) makeNullable(out);
}

function makeNullable(out: JsonObject): void {
  const type = out['type'];
  if (typeof type === 'string') out['type'] = [type, 'null'];
  else if (Array.isArray(type) && !type.includes('null')) out['type'] = [...type, 'null'];
  if (Array.isArray(out['enum']) && !out['enum'].includes(null)) out['enum'] = [...out['enum'], null];
  if (type === undefined && (out['allOf'] || out['oneOf'] || out['anyOf'])) {
    // Composition without a type: accept null beside whatever the composition accepts.
    const inner = { ...out };
    for (const key of Object.keys(out)) delete out[key];
    out['anyOf'] = [inner, { type: 'null' }];
  }
}
