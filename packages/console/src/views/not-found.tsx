/** A console path that names no view (a mistyped or outdated link). */
import { Link } from '../components/link.js';
import { Page } from '../components/page.js';
import { pathFor } from '../router.js';

export function NotFound(props: { path: string }) {
  return (
    <Page title="Not found">
      <p>
        The console has no page at <code>{props.path}</code>. Go to the <Link href={pathFor({ view: 'simulations' })}>Simulations</Link>.
      </p>
    </Page>
  );
}
