/** The status a list is filtered by: one labelled select, "All" first; a change starts the list again from its first page. */
export function StatusFilter<S extends string>(props: { id: string; statuses: readonly S[]; value: S | ''; onChange: (status: S | '') => void }) {
  return (
    <div class="filters">
      <label for={props.id}>Status</label>
      <select id={props.id} value={props.value} onChange={(event) => props.onChange(event.currentTarget.value as S | '')}>
        <option value="">All</option>
        {props.statuses.map((value) => (
          <option key={value} value={value}>
            {value}
          </option>
        ))}
      </select>
    </div>
  );
}
