/**
 * Paging by cursor: the API pages forward only, so "previous" goes back through the cursors
 * this view has seen.
 */
export function Pager(props: { hasPrevious: boolean; nextCursor: string | null | undefined; onPrevious: () => void; onNext: (cursor: string) => void; label: string }) {
  const next = props.nextCursor;
  if (!props.hasPrevious && (next === null || next === undefined)) return null;
  return (
    <nav class="pager" aria-label={`${props.label} pages`}>
      <button type="button" class="secondary" disabled={!props.hasPrevious} onClick={props.onPrevious}>
        Previous page
      </button>
      <button type="button" class="secondary" disabled={next === null || next === undefined} onClick={() => next && props.onNext(next)}>
        Next page
      </button>
    </nav>
  );
}
