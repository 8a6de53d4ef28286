/**
 * The modules this remote exposes (vite.config.ts names their files), checked against the seams the
 * shell loads them by: `npm run typecheck` fails when one is missing or takes other props.
 */
import type { ExposedModules } from '@chirp/seams';
import * as NotificationsPage from './features/notifications/notifications-page';

export const exposedModules = {
  './NotificationsPage': NotificationsPage,
} satisfies ExposedModules<'notifications'>;
