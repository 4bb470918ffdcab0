import type { JsonSchema } from '../../artifact/artifact.js';
import type { Json } from '../../json.js';
import type { SchemaRegistry } from '../schemas/schema-registry.js';
import { schemaTypes } from '../schemas/schema-view.js';

/** Text to the first of the schema's types it parses as; unparseable text stays text. */
export function coerce(registry: SchemaRegistry, schema: JsonSchema | null, text: string): Json {
  const types = schemaTypes(registry, schema) ?? ['string'];
  for (const type of types) {
    if ((type === 'integer' || type === 'number') && /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text.trim())) {
      const n = Number(text);
      if (type === 'number' || Number.isInteger(n)) return n;
    }
    if (type === 'boolean' && (text === 'true' || text === 'false')) return text === 'true';
    if (type === 'null' && (text === '' || text === 'null')) return null;
    if (type === 'string') return text;
  }
  return text;
}
