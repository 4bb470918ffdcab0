import type { ArtifactOperation, ArtifactResource } from '../artifact/artifact.js';
import { listItems, listShape } from './list-shape.js';
import { searchDialect } from './search-dialect.js';
import { squash } from './naming.js';
import { sameRecords } from './same-records.js';
import { requestSchema, type SchemaLookup } from './schema-lookup.js';
import { SEARCH_PARAMETERS } from '../vocabulary/paging.js';
import { SEARCH_PATH_WORDS } from '../vocabulary/verbs.js';

const searchPathWords: ReadonlySet<string> = new Set(SEARCH_PATH_WORDS);

/**
 * Makes a search of a collection a list of its records: Stripe's
 * `GET /v1/customers/search?query=email:'ann@example.com'` answers the stored customers the
 * query matches, in the search's own envelope, instead of generated ones. A search is a GET on
 * the collection's path and `/search` (or `/query`, `/find`) with a query parameter
 * (`query`, `q`, `search`, `term`...), or a POST there with a body (Square's
 * `POST /v2/customers/search`, Autotask's `POST /V1.0/Companies/query`), whose answer lists
 * records of the collection's kind.
 */
export function searchLists(resources: ArtifactResource[], operations: ArtifactOperation[], lookup: SchemaLookup): void {
  for (let i = 0; i < operations.length; i += 1) {
    const op = operations[i]!;
    if (op.behaviour !== 'static' || op.resource !== null || (op.method !== 'GET' && op.method !== 'POST')) continue;
    const segments = op.path.split('/');
    const last = segments.at(-1) ?? '';
    if (!searchPathWords.has(squash(last).replace(/^_/, ''))) continue;
    const parent = segments.slice(0, -1).join('/');
    const resource = resources.find((r) => r.kind === 'collection' && r.collectionPath === parent);
    const body = op.method === 'POST' ? requestSchema(op) : null;
    const search = op.parameters.find((p) => p.in === 'query' && SEARCH_PARAMETERS.includes(squash(p.name)));
    if (resource === undefined || (op.method === 'GET' ? search === undefined : body === null)) continue;
    const word = parent.split('/').at(-1) ?? '';
    const items = listItems(op, lookup, word);
    if (items === null || !sameRecords(items.itemSchema, resource.itemSchema ?? undefined, lookup)) continue;
    if (search !== undefined) {
      const shape = listShape(op, items, lookup);
      operations[i] = { ...op, behaviour: 'list', resource: resource.name, list: { ...shape, search: search.name, filters: shape.filters.filter((f) => f.parameter !== search.name) } };
      continue;
    }
    // A search by POST: the body's top-level fields page and order it as query parameters would; its criteria are read at run time.
    const fields = [...lookup.properties(body)].map(([name, schema]) => ({ name, in: 'query' as const, required: false, schema, style: 'form', explode: true }));
    const shape = listShape({ ...op, parameters: [...op.parameters, ...fields] }, items, lookup);
    operations[i] = { ...op, behaviour: 'list', resource: resource.name, readOnly: true, list: { ...shape, filters: [], searchBody: true, searchDialect: searchDialect() } };
  }
}
