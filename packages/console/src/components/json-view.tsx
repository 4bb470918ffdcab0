/** JSON that is long or rarely needed: folded away until asked for. */
export function JsonView(props: { summary: string; value: unknown; open?: boolean }) {
  return (
    <details class="json" open={props.open}>
      <summary>{props.summary}</summary>
      <pre tabIndex={0}>{JSON.stringify(props.value, null, 2)}</pre>
    </details>
  );
}
