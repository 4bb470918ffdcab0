/**
 * Schema keywords that describe a value without constraining it (JSON Schema's annotations and
 * OpenAPI's), and extensions: two schemas that differ only in these accept the same values.
 */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'default', 'externalDocs', '$comment', 'xml']);

export function isAnnotation(key: string): boolean {
  return ANNOTATIONS.has(key) || key.startsWith('x-');
}
