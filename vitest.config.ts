import path from 'node:path';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';

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
    // Each worker keeps the modules it has loaded from one test file to the next (every file still
    // gets fresh databases, servers and clocks from its own setup): loading the server's module graph
    // once per worker instead of once per file took the Vitest run from 4.4 to 3.4 minutes (decision 075).
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          // the schema's check against the migrations runs drizzle-kit and needs no database
          include: ['src/shared/**/*.test.ts', 'scripts/**/*.test.ts', 'tests/content/**/*.test.ts', 'src/server/db/schema/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          // the slowest of these are pure computation (ESLint over the sources, drizzle-kit over the schema)
          // beside the rest of the suite on two cores: past Vitest's 5 s default when the machine is busy
          testTimeout: 60_000,
        },
      },
      {
        plugins: [react()],
        resolve: { alias },
        test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}'], environment: 'jsdom', isolate: false },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts', 'tests/api/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'src/server/db/schema/**'],
          environment: 'node',
          isolate: false,
          // one prepared database per run, copied by every test server (tests/helpers/db-template.ts)
          globalSetup: ['tests/helpers/db-template.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
