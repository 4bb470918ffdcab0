import { Link } from './link.js';

/** A list row's heading cell: the thing's name, linking to its page, over its ID. */
export function RowName(props: { href: string; name: string; id: string }) {
  return (
    <th scope="row">
      <Link href={props.href}>{props.name}</Link>
      <span class="hint block">
        <code>{props.id}</code>
      </span>
    </th>
  );
}
