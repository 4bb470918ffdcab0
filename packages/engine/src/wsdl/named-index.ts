import { clark, type XmlName } from '../xml/xml-tree.js';

/**
 * Definitions by QName, the first of a name kept. A QName that names nothing is tried by its
 * local name when exactly one definition has it: WSDLs written with the WSDL namespace as the
 * default (`message="GetCustomerRequest"`, no prefix) mean their own target namespace, and
 * toolkits read them so.
 */
export class NamedIndex<T> {
  readonly #byName = new Map<string, T>();
  readonly #byLocal = new Map<string, T | null>();

  add(name: XmlName, value: T): void {
    const key = clark(name);
    if (this.#byName.has(key)) return;
    this.#byName.set(key, value);
    this.#byLocal.set(name.local, this.#byLocal.has(name.local) ? null : value);
  }

  get(name: XmlName): T | undefined {
    return this.#byName.get(clark(name)) ?? this.#byLocal.get(name.local) ?? undefined;
  }
}
