/**
 * The console: the sign-in until there is a session, then the shell (header, navigation, the
 * view of the current path) with the typed client of that session.
 */
import { useCallback, useEffect, useMemo, useState } from 'preact/hooks';
import { clientFor } from './api.js';
import { Link } from './components/link.js';
import { Console, type ConsoleContext } from './context.js';
import { BASE, matchRoute, pathFor, type Route } from './router.js';
import { clearSession, loadSession, saveSession, type Session } from './session.js';
import { CredentialsView } from './views/credentials.js';
import { NotFound } from './views/not-found.js';
import { QuotaView } from './views/quota.js';
import { SignIn } from './views/sign-in.js';
import { SimulationDetail } from './views/simulation-detail.js';
import { SimulationsView } from './views/simulations.js';
import { SimulatorDetail } from './views/simulator-detail.js';
import { SimulatorsView } from './views/simulators.js';
import { WorldDetail } from './views/world-detail.js';
import { WorldsView } from './views/worlds.js';

const SECTIONS = [
  { view: 'simulators', label: 'Simulators' },
  { view: 'simulations', label: 'Simulations' },
  { view: 'worlds', label: 'Worlds' },
  { view: 'credentials', label: 'Credentials' },
  { view: 'quota', label: 'Quota' },
] as const;

export function App() {
  const [session, setSession] = useState<Session | null>(() => loadSession(sessionStorage));
  const [path, setPath] = useState(location.pathname);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const follow = () => setPath(location.pathname);
    addEventListener('popstate', follow);
    return () => removeEventListener('popstate', follow);
  }, []);

  const navigate = useCallback((to: string) => {
    if (to !== location.pathname + location.search) history.pushState(null, '', to);
    setPath(new URL(to, location.origin).pathname);
    scrollTo(0, 0);
  }, []);

  const announce = useCallback((message: string) => {
    // Cleared first, so the same message twice is read out twice.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }, []);

  const [notice, setNotice] = useState<string | undefined>(undefined);
  const signOut = useCallback((why?: string) => {
    clearSession(sessionStorage);
    setSession(null);
    setNotice(why);
  }, []);
  const expired = useCallback(() => signOut('The control plane no longer accepts this session (the key was revoked or the server restarted). Sign in again.'), [signOut]);

  const context = useMemo<ConsoleContext | null>(() => (session === null ? null : { client: clientFor(session, location.origin, expired), navigate, announce }), [session, navigate, announce, expired]);
  const route = matchRoute(path);

  const live = (
    <div class="visually-hidden" role="status" aria-live="polite">
      {announcement}
    </div>
  );

  if (context === null) {
    return (
      <>
        <SignIn
          notice={notice}
          onSignedIn={(signedIn) => {
            setNotice(undefined);
            saveSession(sessionStorage, signedIn);
            setSession(signedIn);
            announce('Signed in.');
          }}
        />
        {live}
      </>
    );
  }

  return (
    <Console.Provider value={context}>
      <a class="skip-link" href="#main">
        Skip to the content
      </a>
      <header class="top">
        <Link href={BASE} class="brand">
          Simplane
        </Link>
        <nav aria-label="Sections">
          <ul>
            {SECTIONS.map((section) => (
              <li key={section.view}>
                <Link href={pathFor({ view: section.view })} current={sectionOf(route) === section.view}>
                  {section.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <button type="button" class="secondary sign-out" onClick={() => signOut()}>
          Sign out
        </button>
      </header>
      <main id="main">
        <View key={path} route={route} />
      </main>
      {live}
    </Console.Provider>
  );
}

/** The section a route belongs to, for the navigation's current link. */
function sectionOf(route: Route): string {
  switch (route.view) {
    case 'simulator':
      return 'simulators';
    case 'simulation':
      return 'simulations';
    case 'world':
      return 'worlds';
    default:
      return route.view;
  }
}

function View(props: { route: Route }) {
  const route = props.route;
  switch (route.view) {
    case 'simulators':
      return <SimulatorsView />;
    case 'simulator':
      return <SimulatorDetail id={route.id} />;
    case 'simulations':
      return <SimulationsView />;
    case 'simulation':
      return <SimulationDetail id={route.id} />;
    case 'worlds':
      return <WorldsView />;
    case 'world':
      return <WorldDetail id={route.id} />;
    case 'credentials':
      return <CredentialsView />;
    case 'quota':
      return <QuotaView />;
    case 'not-found':
      return <NotFound path={route.path} />;
  }
}
