import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const alias = {
  '@shared': path.resolve('src/shared'),
  '@client': path.resolve('src/client'),
  '@server': path.resolve('src/server'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    // Vitest's default on two cores is one worker (cores − 1); the API files spend much of their time
    // waiting on PostgreSQL, child processes and sockets, so two side by side finish sooner.
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/content/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          environment: 'node',
          // one prepared database per run, copied by every test server (tests/helpers/db-template.ts)
          globalSetup: ['tests/helpers/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
