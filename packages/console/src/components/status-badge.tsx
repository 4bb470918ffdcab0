/** A status as a word with a colour: the word carries the meaning, the colour only helps. */
export function StatusBadge(props: { status: string }) {
  return <span class={`badge badge-${props.status}`}>{props.status}</span>;
}
