import { Toaster } from 'react-hot-toast';
import { TOAST_DURATION_MS } from '@chirp/contracts';

/** The toasts' look: the design tokens (@chirp/ui), so they read in the light and the dark theme. */
const TOAST_STYLE = {
  background: 'var(--color-surface-raised)',
  color: 'var(--color-text)',
  border: '1px solid var(--color-border)',
  boxShadow: 'var(--shadow)',
};

/** The one toast outlet of the page (spec 9: top-centre, 1500 ms). The shell renders it. */
export function AppToaster() {
  return <Toaster position="top-center" toastOptions={{ duration: TOAST_DURATION_MS, style: TOAST_STYLE }} />;
}

export { default as toast } from 'react-hot-toast';
