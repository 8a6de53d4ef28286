import { makeAddressReadable } from './routes/readable-address';

// Before anything reads the address (the router, the tab's title).
makeAddressReadable();
// The app's modules load only once the shared singletons are ready (see shared-ready.ts).
import('./shared-ready').then(() => import('./bootstrap'));
