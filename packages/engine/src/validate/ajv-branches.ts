import type { ErrorObject } from 'ajv';

/** Properties whose wrong value means "wrong alternative", not "wrong document". */
const DISCRIMINATORS = new Set(['in']);

/**
 * Maps every sub-schema object of an OpenAPI JSON Schema to the definition it belongs to. ajv
 * restarts `schemaPath` inside each referenced definition, so the alternative an error came
 * from is found through its (verbose) `parentSchema` instead.
 */
export function definitionIndex(schema: object): WeakMap<object, string> {
  const index = new WeakMap<object, string>();
  const root = schema as Record<string, unknown>;
  const walk = (node: unknown, owner: string) => {
    if (typeof node !== 'object' || node === null || index.has(node)) return;
    index.set(node, owner);
    for (const child of Object.values(node)) walk(child, owner);
  };
  for (const key of ['definitions', '$defs']) {
    const defs = root[key];
    if (typeof defs === 'object' && defs !== null) for (const [name, def] of Object.entries(defs)) walk(def, `${key}/${name}`);
  }
  walk(root, '#');
  return index;
}

function branchOf(error: ErrorObject, index: WeakMap<object, string>): string {
  const parent = error.parentSchema as object | undefined;
  return (parent && index.get(parent)) ?? error.schemaPath;
}

function under(error: ErrorObject, path: string): boolean {
  return error.instancePath === path || error.instancePath.startsWith(`${path}/`);
}

/** An alternative that disagrees on a discriminating value (or wants a $ref) was not meant. */
function mismatches(errors: ErrorObject[], path: string): boolean {
  return errors.some((e) => {
    const prop = e.instancePath.slice(path.length + 1);
    if ((e.keyword === 'enum' || e.keyword === 'const') && DISCRIMINATORS.has(prop)) return true;
    return e.keyword === 'required' && e.instancePath === path && (e.params as { missingProperty?: string }).missingProperty === '$ref';
  });
}

/**
 * For each failed oneOf/anyOf, keeps the errors of the alternative the author most likely
 * meant (no discriminator mismatch, then fewest errors) and drops the others' complaints. When
 * every alternative disagrees on the same discriminator, one enum error lists all values.
 */
export function pickBranches(all: readonly ErrorObject[], index: WeakMap<object, string>): ErrorObject[] {
  let errors = [...all];
  const choices = all.filter((e) => e.keyword === 'oneOf' || e.keyword === 'anyOf').sort((a, b) => b.instancePath.length - a.instancePath.length);
  for (const choice of choices) {
    const path = choice.instancePath;
    const inside = errors.filter((e) => e !== choice && under(e, path) && e.schemaPath !== choice.schemaPath && e.keyword !== 'oneOf' && e.keyword !== 'anyOf');
    const branches = new Map<string, ErrorObject[]>();
    for (const e of inside) branches.set(branchOf(e, index), [...(branches.get(branchOf(e, index)) ?? []), e]);
    if (branches.size < 2) continue;
    const ranked = [...branches.values()].sort((a, b) => Number(mismatches(a, path)) - Number(mismatches(b, path)) || a.length - b.length);
    const best = ranked[0] as ErrorObject[];
    let keep: ErrorObject[] = best;
    if (mismatches(best, path)) {
      const enums = inside.filter((e) => e.keyword === 'enum' && DISCRIMINATORS.has(e.instancePath.slice(path.length + 1)));
      const first = enums[0];
      if (first) {
        const values = [...new Set(enums.flatMap((e) => (e.params as { allowedValues: unknown[] }).allowedValues))];
        keep = [{ ...first, params: { allowedValues: values } }];
      }
    }
    const dropped = new Set(inside.filter((e) => !keep.includes(e)));
    errors = errors.filter((e) => !dropped.has(e));
    errors.push(...keep.filter((e) => !errors.includes(e)));
  }
  return errors;
}
