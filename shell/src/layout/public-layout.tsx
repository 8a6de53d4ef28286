import { paths } from '@chirp/contracts';
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { type Prefetch, prefetchRemoteModules } from '../remotes/remote-registry';

/** What a log in or a sign-up leads to. */
const NEXT_SCREEN = ['feed/HomePage', 'profile/SidePanel'] as const;

/**
 * Login and sign-up: the auth remote owns the whole page. The code of the page a log in leads to
 * (the home feed and the side panel) downloads once the browser is idle, or as soon as the person
 * fills the form in (a password manager fills it and logs in at once), so that it shows without a
 * wait.
 */
export function PublicLayout() {
  const onSignup = useLocation().pathname === paths.signup;
  const layout = useRef<HTMLDivElement>(null);
  const prefetch = useRef<Prefetch | null>(null);
  useEffect(() => {
    const next = prefetchRemoteModules([...NEXT_SCREEN], { after: onSignup ? 'auth/SignupPage' : 'auth/LoginPage' });
    prefetch.current = next;
    // Typed into the page painted from the HTML before the app took it over.
    const fields = layout.current?.querySelectorAll<HTMLInputElement>('input:not([type=checkbox]):not([type=radio])') ?? [];
    if ([...fields].some((field) => field.value !== '')) next.now();
    return next.cancel;
  }, [onSignup]);
  return (
    <div className="public-layout" ref={layout} onInput={() => prefetch.current?.now()}>
      <Outlet />
    </div>
  );
}
