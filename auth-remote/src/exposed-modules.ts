/**
 * The modules this remote exposes (vite.config.ts names their files), checked against the seams the
 * shell loads them by: `npm run typecheck` fails when one is missing or takes other props.
 */
import type { ExposedModules } from '@chirp/seams';
import * as LoginPage from './features/login/login-page';
import * as SignupPage from './features/signup/signup-page';

export const exposedModules = {
  './LoginPage': LoginPage,
  './SignupPage': SignupPage,
} satisfies ExposedModules<'auth'>;
