import { defineRemoteConfig } from '../shared/build/remote-config.ts';

export default defineRemoteConfig({
  name: 'auth',
  exposes: {
    './LoginPage': './src/features/login/login-page.tsx',
    './SignupPage': './src/features/signup/signup-page.tsx',
  },
});
