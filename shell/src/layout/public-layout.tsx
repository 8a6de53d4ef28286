import { paths } from '@chirp/contracts';
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { prefetchRemoteModules } from '../remotes/remote-registry';

/**
 * Login and sign-up: the auth remote owns the whole page. While the person types, the code of the
 * page a login leads to (the home feed and the side panel) downloads, so it shows without a wait.
 */
export function PublicLayout() {
  const onSignup = useLocation().pathname === paths.signup;
  useEffect(
    () => prefetchRemoteModules(['feed/HomePage', 'profile/SidePanel'], { after: onSignup ? 'auth/SignupPage' : 'auth/LoginPage' }),
    [onSignup],
  );
  return (
    <div className="public-layout">
      <Outlet />
    </div>
  );
}
