/** The `limit` and `cursor` query parameters every collection shares (SPEC section 8). */
export const PAGING_QUERY = {
  limit: {
    schema: { type: 'integer', format: 'int64', default: 50 },
    description: 'Page size. Below 1 gives 50; above 200 gives 200.',
  },
  cursor: { schema: { type: 'string' }, description: 'The opaque next_cursor of the previous page.' },
};
