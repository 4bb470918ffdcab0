import { isObject, type Json } from '../json.js';

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** The operation a location belongs to (`paths./pets.get...`): its operationId or `METHOD /path`. */
export function operationAt(root: Json, path: readonly (string | number)[]): string {
  const [top, template, method] = path;
  if (top !== 'paths' || typeof template !== 'string' || typeof method !== 'string' || !METHODS.has(method)) return '';
  const paths = isObject(root) ? root['paths'] : undefined;
  const item = isObject(paths) ? paths[template] : undefined;
  const operation = isObject(item) ? item[method] : undefined;
  const id = isObject(operation) ? operation['operationId'] : undefined;
  return typeof id === 'string' && id !== '' ? id : `${method.toUpperCase()} ${template}`;
}
