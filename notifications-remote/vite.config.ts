import { defineRemoteConfig } from '../shared/build/remote-config.ts';

export default defineRemoteConfig({
  name: 'notifications',
  exposes: {
    './NotificationsPage': './src/features/notifications/notifications-page.tsx',
  },
});
