/** A time as the API gives it (UTC), in a <time> element a reader can parse. */
export function TimeText(props: { value: string | null | undefined }) {
  if (props.value === null || props.value === undefined) return <span class="muted">—</span>;
  return <time dateTime={props.value}>{props.value.replace('T', ' ').replace(/\.\d+Z$|Z$/, ' UTC')}</time>;
}
