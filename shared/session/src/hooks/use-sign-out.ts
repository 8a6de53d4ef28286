import { MESSAGES, paths } from '@chirp/contracts';
import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSession } from '../store/session-store';
import { toast } from '../toast/toaster';

/** Sign-out as spec 4 describes it: clear local storage, go to /, say 'Successfully Logged Out'. */
export function useSignOut(): () => void {
  const navigate = useNavigate();
  const logOut = useSession((state) => state.logOut);
  return useCallback(() => {
    logOut({ bySignOut: true });
    navigate(paths.login, { replace: true });
    toast.success(MESSAGES.loggedOut);
  }, [logOut, navigate]);
}
