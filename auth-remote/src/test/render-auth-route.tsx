import { AppToaster, toast, useSession } from '@chirp/session';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';
import { afterEach, beforeEach } from 'vitest';

/** Shows where the router ended up, as a page would. */
function Landing() {
  const location = useLocation();
  return <h1>{`Landed on ${location.pathname}${location.search}`}</h1>;
}

/**
 * Renders one auth page inside a router (with the other routes it can send the person to) and the
 * toast outlet, as the shell does.
 */
export function renderAuthRoute(page: ReactElement, entry: { pathname: string; state?: unknown }) {
  const router = createMemoryRouter(
    [
      { path: entry.pathname, element: page },
      { path: '*', element: <Landing /> },
    ],
    { initialEntries: [entry] },
  );
  const user = userEvent.setup();
  const view = render(
    <>
      <RouterProvider router={router} />
      <AppToaster />
    </>,
  );
  return { ...view, user, router };
}

/** A fresh session store and no toasts left over from another test. */
export function resetSessionBetweenTests() {
  beforeEach(() => useSession.getState().sessionReset());
  afterEach(() => toast.remove());
}
