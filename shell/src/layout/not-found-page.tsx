import { paths } from '@chirp/contracts';
import { useSession } from '@chirp/session';
import { Link } from 'react-router-dom';

export function NotFoundPage() {
  const loggedIn = useSession((state) => Boolean(state.token));
  return (
    <main className="full-page-message">
      <h1>Page not found</h1>
      <p>The page you asked for does not exist or has moved.</p>
      <Link className="button" to={loggedIn ? paths.home : paths.login}>
        {loggedIn ? 'Go to Home' : 'Go to Log in'}
      </Link>
    </main>
  );
}
