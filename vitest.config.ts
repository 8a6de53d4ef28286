import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    include: ['**/src/**/*.test.{ts,tsx}', '*/build/**/*.test.ts', 'scripts/**/*.test.{ts,mjs}', 'deploy/**/*.test.mjs'],
    exclude: [
      '**/node_modules/**',
      '**/dist/**',
      'e2e/**',
      // Tests that need a real PostgreSQL (two server processes on one database) exist only with DATABASE_URL.
      ...(process.env.DATABASE_URL ? [] : ['server/src/**/*.postgres.test.ts']),
    ],
    environment: 'happy-dom',
    setupFiles: ['./vitest.setup.ts'],
    restoreMocks: true,
    // Vitest runs one file at a time on two cores (cores - 1); most server files wait on processes,
    // sockets and timers, so three at once keep both cores busy. A slower test under that load gets
    // more than the default 5 s.
    maxWorkers: 3,
    testTimeout: 15_000,
  },
});
