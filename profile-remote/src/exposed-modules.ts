/**
 * The modules this remote exposes (vite.config.ts names their files), checked against the seams the
 * shell loads them by: `npm run typecheck` fails when one is missing or takes other props.
 */
import type { ExposedModules } from '@chirp/seams';
import * as ProfilePage from './features/profile/profile-page';
import * as SearchPage from './features/search/search-page';
import * as ReportsPage from './features/moderation/reports-page';
import * as SettingsPage from './features/settings/settings-page';
import * as SidePanel from './features/side-panel/side-panel';
import * as WhoToFollow from './features/side-panel/who-to-follow';

export const exposedModules = {
  './ProfilePage': ProfilePage,
  './SidePanel': SidePanel,
  './SearchPage': SearchPage,
  './SettingsPage': SettingsPage,
  './ReportsPage': ReportsPage,
  './WhoToFollow': WhoToFollow,
} satisfies ExposedModules<'profile'>;
