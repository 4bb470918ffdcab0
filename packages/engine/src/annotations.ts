/**
 * Schema keywords that describe a value without constraining it (JSON Schema's annotations and
 * OpenAPI's), and extensions: two schemas that differ only in these accept the same values.
 */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'deprecated', 'readOnly', 'writeOnly', 'default', 'externalDocs', '$comment', 'xml']);

export function isAnnotation(key: string): boolean {
  return ANNOTATIONS.has(key) || key.startsWith('x-');
}

/**
 * A schema that only annotates another (`{allOf: [{$ref: UserPoolType}, {description: ...}]}`,
 * as AWS's documents describe each use of a shared record) as that other schema; any other
 * schema as it is. Two answers holding the same record this way are seen to hold the same one.
 */
export function unannotated<T>(schema: T): T {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const node = schema as Record<string, unknown>;
  const members = node.allOf;
  if (!Array.isArray(members) || members.length === 0) return schema;
  if (Object.keys(node).some((key) => key !== 'allOf' && !isAnnotation(key))) return schema;
  const [first, ...rest] = members as unknown[];
  const annotationOnly = (member: unknown) => typeof member === 'object' && member !== null && Object.keys(member).every(isAnnotation);
  return rest.every(annotationOnly) ? (first as T) : schema;
}
