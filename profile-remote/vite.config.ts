import { defineRemoteConfig } from '../shared/build/remote-config.ts';

export default defineRemoteConfig({
  name: 'profile',
  exposes: {
    './ProfilePage': './src/features/profile/profile-page.tsx',
    './SidePanel': './src/features/side-panel/side-panel.tsx',
    './SearchPage': './src/features/search/search-page.tsx',
    './SettingsPage': './src/features/settings/settings-page.tsx',
    './ReportsPage': './src/features/moderation/reports-page.tsx',
    './WhoToFollow': './src/features/side-panel/who-to-follow.tsx',
  },
});
