import type { EventType, State } from 'js-yaml';

export interface ExpansionHandlers {
  /** The expanded size passed the limit; `offset` is where the node that passed it starts. */
  exceeded(offset: number): never;
  /** An alias inside the node it refers to; `offset` is where the alias starts. */
  circular(offset: number): never;
}

/** Where a node's content starts: after the spaces, line breaks and comments js-yaml skips first. */
export function contentStart(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 35 /* # */) while (i < text.length && text.charCodeAt(i) !== 10) i++;
    else return i;
  }
}

/**
 * A js-yaml `listener` measuring, while the text is read, how large the document is once every
 * alias is expanded: nodes plus string characters, keys included. js-yaml answers each alias with
 * the anchored object itself, so a billion-laughs document is cheap for it to build, but every
 * later walk would pay the full expansion, and so would js-yaml itself when an aliased sequence
 * becomes a mapping key (it joins the items into a string). Reading stops as soon as the size
 * passes `limit`, which also bounds that joining.
 *
 * Each node's expanded size is what the running total grew by between its `open` and `close`
 * events, remembered per object; an alias closes without growth (it has no children) and adds
 * the size remembered for its object. An alias to an object that has not closed yet is inside it.
 */
export function expansionListener(limit: number, on: ExpansionHandlers): (event: EventType, state: State) => void {
  const sizes = new Map<object, number>();
  const opened: number[] = [];
  const starts: number[] = [];
  let expanded = 0;
  return (event, state) => {
    if (event === 'open') {
      opened.push(expanded);
      starts.push(state.position);
      return;
    }
    const grown = expanded - (opened.pop() ?? 0);
    const start = starts.pop() ?? 0;
    const result: unknown = state.result;
    if (typeof result === 'object' && result !== null) {
      const known = sizes.get(result);
      // Growth on a known object: the close of a wrapper around a node already counted inside it.
      if (known !== undefined) {
        if (grown === 0) expanded += known;
      } else if (grown === 0 && state.kind === null) {
        // An alias (js-yaml sets no kind for one) to an object still being read.
        on.circular(contentStart(state.input, start));
      } else {
        expanded += 1;
        sizes.set(result, grown + 1);
      }
    } else if (grown === 0) {
      expanded += typeof result === 'string' ? 1 + result.length : 1;
    }
    if (expanded > limit) on.exceeded(contentStart(state.input, start));
  };
}
