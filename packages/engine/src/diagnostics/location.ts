/** Readable locations: `paths./pets.get.parameters[0]` rather than a JSON pointer. */
export function formatLocation(path: readonly (string | number)[]): string {
  let out = '';
  for (const part of path) {
    if (typeof part === 'number') out += `[${part}]`;
    else out += out === '' ? part : `.${part}`;
  }
  return out;
}

/** Splits an ajv instancePath (`/paths/~1pets/get`) into keys. */
export function pointerToPath(pointer: string): string[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Formats a JSON pointer into `root`, telling array indices from keys such as `200` by the data. */
export function formatPointer(pointer: string, root: unknown): string {
  const path: (string | number)[] = [];
  let node = root;
  for (const key of pointerToPath(pointer)) {
    const isIndex = Array.isArray(node) && /^\d+$/.test(key);
    path.push(isIndex ? Number(key) : key);
    node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[key] : undefined;
  }
  return formatLocation(path);
}
