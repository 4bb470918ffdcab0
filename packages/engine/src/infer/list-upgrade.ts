import type { ListShape } from '../artifact/artifact.js';
import { searchDialect } from './search-dialect.js';

/**
 * A list shape of a version 3 artifact as version 4 reads it: how it pages forward
 * (ListShape.next) as the engine that built it decided while requests ran. That engine offered
 * a next page whenever records were left, even where the list had no parameter to ask for it
 * by (a client that follows such a cursor gets the same page again; a Simulator keeps the
 * behaviour it was built with); took a record id for a cursor parameter named with `after`
 * and an opaque position for any other; wrote the cursor into the next-cursor field, null on
 * the last page (made to fit the schema as any answer is); and sent no `Link` header of its own.
 */
export function listShapeV3(shape: ListShape): ListShape {
  // A search by POST read its body by the words its engine held, which are today's.
  const searched = shape.searchBody === true && shape.searchDialect === undefined ? { ...shape, searchDialect: searchDialect() } : shape;
  if (searched.next !== undefined) return searched;
  const cursor = searched.parameters.cursor;
  return { ...searched, next: { offered: true, cursor: cursor !== null && /after/i.test(cursor) ? 'record-id' : 'offset', holds: 'cursor', end: 'null', linkHeader: null } };
}
