import { errorMessage, toast } from '@chirp/session';
import { OnDemand as OnDemandBoundary } from '@chirp/ui';
import type { ReactNode } from 'react';

export { onDemand } from '@chirp/ui';

/**
 * Where the feed's dialogs whose code comes when they open are rendered (@chirp/ui's OnDemand): if
 * the code cannot come, the person is told why in a toast and `onFailed` closes what was opened.
 */
export function OnDemand({ children, onFailed }: { children: ReactNode; onFailed: () => void }) {
  const failed = (error: TypeError) => {
    toast.error(errorMessage(error));
    onFailed();
  };
  return <OnDemandBoundary onFailed={failed}>{children}</OnDemandBoundary>;
}
