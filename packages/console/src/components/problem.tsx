/** A failure of the API as the problem's title and detail, read out at once by a screen reader. */
import { describeFailure } from '../api.js';

export function Problem(props: { error: unknown }) {
  if (props.error === undefined || props.error === null) return null;
  const failure = describeFailure(props.error);
  return (
    <div class="problem" role="alert">
      <p class="problem-title">{failure.title}</p>
      <p class="problem-detail">{failure.detail}</p>
    </div>
  );
}

/** Shown while a view's first answer is on its way. */
export function Loading(props: { what: string }) {
  return (
    <p class="loading" role="status">
      Loading {props.what}…
    </p>
  );
}
