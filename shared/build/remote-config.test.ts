import { describe, expect, it } from 'vitest';
import { defineRemoteConfig } from './remote-config';

describe('defineRemoteConfig', () => {
  it('takes exactly the modules @chirp/seams declares for the remote (checked by npm run typecheck)', () => {
    const config = defineRemoteConfig({
      name: 'auth',
      exposes: { './LoginPage': './src/login.tsx', './SignupPage': './src/signup.tsx' },
    });
    const wrong = [
      // @ts-expect-error a typo in an exposed name
      () => defineRemoteConfig({ name: 'auth', exposes: { './LoginPag': './a.tsx', './SignupPage': './b.tsx' } }),
      // @ts-expect-error a declared module left out
      () => defineRemoteConfig({ name: 'auth', exposes: { './LoginPage': './a.tsx' } }),
      // @ts-expect-error another remote's module
      () => defineRemoteConfig({ name: 'auth', exposes: { './LoginPage': './a.tsx', './SignupPage': './b.tsx', './HomePage': './c.tsx' } }),
    ];
    expect(typeof config).toBe('function');
    expect(wrong).toHaveLength(3);
  });
});
