/** A recorded request or response: its first line, headers and body, as the API kept them. */
import type { StepDetail } from '@simplane/client';
import type { JSX } from 'preact';
import { formatBody } from './format.js';

type Recorded = NonNullable<StepDetail['request']>;

export function Exchange({ title, recorded, headingId }: { title: 'Request' | 'Response'; recorded: Recorded | null; headingId: string }): JSX.Element {
  if (!recorded) {
    return (
      <section class="tl-exchange" aria-labelledby={headingId}>
        <h4 id={headingId}>{title}</h4>
        <p class="tl-muted">Not recorded for this step.</p>
      </section>
    );
  }
  const line =
    title === 'Request'
      ? `${recorded.method ?? ''} ${recorded.path ?? ''}${recorded.query ? `?${recorded.query}` : ''}`
      : `Status ${recorded.status ?? ''}`;
  const body = formatBody(recorded);
  const headers = Object.entries(recorded.headers);
  return (
    <section class="tl-exchange" aria-labelledby={headingId}>
      <h4 id={headingId}>{title}</h4>
      <p class="tl-mono">{line}</p>
      {headers.length > 0 && (
        <table class="tl-table tl-headers">
          <caption class="tl-caption">{title} headers</caption>
          <thead>
            <tr>
              <th scope="col">Header</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {headers.map(([name, value]) => (
              <tr key={name}>
                <th scope="row" class="tl-mono">{name}</th>
                <td class="tl-mono">{Array.isArray(value) ? value.join(', ') : value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {body.note && <p class="tl-muted">Body: {body.note}</p>}
      {body.text === '' ? (
        <p class="tl-muted">No body.</p>
      ) : (
        // Focusable so a long body scrolls from the keyboard; a region, so its label is allowed.
        <pre class="tl-body" tabIndex={0} role="region" aria-label={`${title} body`}>
          {body.text}
        </pre>
      )}
    </section>
  );
}
