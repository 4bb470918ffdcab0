/** Diagnostics of a document (a build's warnings, a failed build's validation issues) as a table. */
import type { Issue } from '@simplane/client';

export function IssuesTable(props: { issues: Issue[]; caption: string }) {
  return (
    <div class="table-wrap">
      <table>
        <caption>{props.caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rule</th>
            <th scope="col">Kind</th>
            <th scope="col">Where</th>
            <th scope="col">What</th>
            <th scope="col">How to correct it</th>
          </tr>
        </thead>
        <tbody>
          {props.issues.map((issue, index) => (
            <tr key={index}>
              <td>
                <code>{issue.code}</code>
              </td>
              <td>{issue.kind}</td>
              <td>{[issue.operation, issue.location].filter((part) => part !== '').join(' at ') || 'the document'}</td>
              <td>{issue.message}</td>
              <td>{issue.suggestion || '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
