/** A real link (so it can be opened in a new tab or copied) that the router follows in place. */
import type { ComponentChildren } from 'preact';
import { isRouterClick } from '../router.js';
import { useConsole } from '../context.js';

export function Link(props: { href: string; children: ComponentChildren; class?: string; current?: boolean }) {
  const { navigate } = useConsole();
  return (
    <a
      href={props.href}
      class={props.class}
      aria-current={props.current ? 'page' : undefined}
      onClick={(event) => {
        if (!isRouterClick(event, props.href)) return;
        event.preventDefault();
        navigate(props.href);
      }}
    >
      {props.children}
    </a>
  );
}
