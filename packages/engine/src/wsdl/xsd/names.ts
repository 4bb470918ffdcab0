/**
 * Component names for `Artifact.schemas`: an XSD name as it is where it is a plain identifier,
 * other characters as `_`, and a suffix `_2`, `_3`... where two namespaces (or a type and an
 * element's anonymous type) claim one name. Names are handed out in the order the model asks,
 * which it keeps to document order so the same bundle always gets the same names.
 */
export class ComponentNames {
  readonly #taken = new Set<string>();

  claim(wanted: string): string {
    const base = sanitize(wanted);
    let name = base;
    for (let n = 2; this.#taken.has(name); n += 1) name = `${base}_${n}`;
    this.#taken.add(name);
    return name;
  }
}

function sanitize(name: string): string {
  const clean = name.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 200);
  return clean === '' ? 'Type' : clean;
}
