import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@chirp/contracts';

/** The one toast outlet of the page (spec 9: top-centre, 1500 ms). The shell renders it. */
export function AppToaster() {
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS }} />;
}

export { default as toast } from 'react-hot-toast';
