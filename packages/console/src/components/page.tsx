/** A view's frame: its heading, which takes the focus when the view opens, and the document title. */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef } from 'preact/hooks';

export function Page(props: { title: string; children: ComponentChildren; actions?: ComponentChildren }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    document.title = `${props.title} · Simplane`;
  }, [props.title]);
  // On navigation only (not when the title changes as data loads), so a screen reader starts
  // at the new view and a keyboard user's next Tab goes into it.
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <section class="page" aria-labelledby="page-title">
      <div class="page-head">
        <h1 id="page-title" tabIndex={-1} ref={heading}>
          {props.title}
        </h1>
        {props.actions === undefined ? null : <div class="page-actions">{props.actions}</div>}
      </div>
      {props.children}
    </section>
  );
}
