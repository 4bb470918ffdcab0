import { readFileSync } from 'node:fs';
import type { CatalogDocument } from '@simplane/core';

/** The documents the server ships as catalog Simulators; the files live in `packages/composition/catalog`. */
const SHIPPED = [
  { file: 'petstore.openapi.yaml', reference: 'catalog/petstore:1.0', specKind: 'openapi' },
  { file: 'customers.wsdl', reference: 'catalog/customers:1.0', specKind: 'wsdl' },
] as const;

export function shippedCatalog(): CatalogDocument[] {
  return SHIPPED.map((entry) => ({
    reference: entry.reference,
    specKind: entry.specKind,
    spec: readFileSync(new URL(`../catalog/${entry.file}`, import.meta.url)),
  }));
}
