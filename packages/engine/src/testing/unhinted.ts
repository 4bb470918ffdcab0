import { VALUE_HINT } from '../artifact/value-hint.js';

/** A copy of an artifact's part without the value hints the compiler writes on property schemas: for tests of what normalising made of a schema. */
export function unhinted<T>(value: T): T {
  return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (key === VALUE_HINT ? undefined : inner))) as T;
}
