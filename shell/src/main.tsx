// The app's modules load only once the shared singletons are ready (see shared-ready.ts).
import('./shared-ready').then(() => import('./bootstrap'));
