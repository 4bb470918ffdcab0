import type { JsonSchema } from '../../artifact/artifact.js';

/** A repeated element's item schema (`{type: array, items}` as particles.ts writes it), else null. */
export function itemsOf(schema: JsonSchema): JsonSchema | null {
  return typeof schema === 'object' && schema.type === 'array' && schema.items !== undefined ? (schema.items as JsonSchema) : null;
}
