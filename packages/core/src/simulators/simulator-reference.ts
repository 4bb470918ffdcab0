/**
 * Simulator references `name:tag` (DESIGN section 3). Names may have path-like parts;
 * catalog Simulators' names start with `catalog/`.
 */
const NAME = /^[a-z0-9]+([._/-][a-z0-9]+)*$/;
const TAG = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,127}$/;

export const CATALOG_PREFIX = 'catalog/';

export interface ParsedReference {
  name: string;
  tag: string;
}

/** The parts of a reference, or null when it is not one. */
export function parseReference(value: string): ParsedReference | null {
  const colon = value.lastIndexOf(':');
  if (colon <= 0) return null;
  const name = value.slice(0, colon);
  const tag = value.slice(colon + 1);
  if (name.length > 128 || !NAME.test(name) || !TAG.test(tag)) return null;
  return { name, tag };
}

export function isReference(value: string): boolean {
  return parseReference(value) !== null;
}

export function isCatalogReference(value: string): boolean {
  return value.startsWith(CATALOG_PREFIX);
}

/** A Simulator name: the name half of a reference. */
export function isSimulatorName(value: string): boolean {
  return value.length <= 128 && NAME.test(value);
}
