import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../constants';
import { paths } from '../paths';
import { useSession } from '../store/session-store';
import { toast } from '../toast/toaster';

/** Sign-out as spec 4 describes it: clear local storage, go to /, say 'Successfully Logged Out'. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const loggedOut = useSession((state) => state.loggedOut);
  return useCallback(() => {
    loggedOut({ bySignOut: true });
    navigate(paths.login, { replace: true });
    toast.success(MESSAGES.loggedOut);
  }, [loggedOut, navigate]);
}
