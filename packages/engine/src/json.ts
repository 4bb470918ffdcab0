/** The values a parsed document is made of. */
export type Json = null | boolean | number | string | Json[] | JsonObject;
export interface JsonObject {
  [key: string]: Json;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Own, non-inherited property read: document keys like `constructor` must not hit the prototype. */
export function field(value: unknown, key: string): Json | undefined {
  return isObject(value) && Object.hasOwn(value, key) ? value[key] : undefined;
}

export function stringField(value: unknown, key: string): string | undefined {
  const v = field(value, key);
  return typeof v === 'string' ? v : undefined;
}

export function objectField(value: unknown, key: string): JsonObject | undefined {
  const v = field(value, key);
  return isObject(v) ? v : undefined;
}

export function arrayField(value: unknown, key: string): Json[] | undefined {
  const v = field(value, key);
  return Array.isArray(v) ? v : undefined;
}

/** Own entries of an object in document order; empty for anything else. */
export function entries(value: unknown): [string, Json][] {
  return isObject(value) ? Object.entries(value) : [];
}

/** Own-property writes that a `__proto__` key cannot turn into a prototype change. */
export { copyOwn, setOwn } from '@simplane/core';
