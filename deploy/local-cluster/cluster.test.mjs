// @vitest-environment node
/**
 * The local cluster's script, without starting a cluster: that its instances lay no demo accounts
 * unless asked. The cluster itself runs in `npm run test:cluster`.
 */
import { describe, expect, it } from 'vitest';
import { DEFAULT_PORTS, instanceEnv } from './cluster.mjs';

describe('the API instances', () => {
  const cluster = { dir: '/c', ports: DEFAULT_PORTS, password: 'b2', jwtSecret: 'd4', corsOrigins: ['http://localhost:4173'] };

  it('lay the demo accounts (published passwords) only when asked', () => {
    expect(instanceEnv(cluster, 1).SEED_DEMO).not.toBe('1');
    expect(instanceEnv({ ...cluster, extraEnv: { SEED_DEMO: '1' } }, 1).SEED_DEMO).toBe('1');
  });
});
