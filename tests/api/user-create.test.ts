import { existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyPreparedDatabase } from '../helpers/test-server';
import { spawnTs, startServer, STARTUP_MS, stopServer, tempDataDir, type ServerProcess } from '../helpers/server-process';

// Decision 008: npm run user:create started with another DATA_DIR than the running server's
// wrote a user into ./data, where no server reads; it must refuse and name the DATA_DIR to pass.
describe('npm run user:create finds the running server’s database or refuses', () => {
  const serverDir = tempDataDir('user-create-server-');
  const otherDir = tempDataDir('user-create-other-');
  const runDir = tempDataDir('user-create-run-');
  const common = { NODE_ENV: 'test', AUTH_SECRET: 'u'.repeat(40), MEDICPREP_RUN_DIR: runDir };
  let server: ServerProcess;

  beforeAll(async () => {
    // the server's database is a copy of the run's prepared one: this is about finding it, not creating it
    await copyPreparedDatabase(serverDir);
    server = await startServer({ ...common, DATA_DIR: serverDir });
  }, STARTUP_MS);
  afterAll(async () => {
    await stopServer(server);
    for (const d of [serverDir, otherDir, runDir]) rmSync(d, { recursive: true, force: true });
  });

  const create = (dataDir: string, email: string, extra: string[] = []) =>
    spawnTs('scripts/user-create.ts', { ...common, DATA_DIR: dataDir }, ['--email', email, '--password', 'a-good-password', ...extra]);

  it(
    'refuses with another DATA_DIR, names the server’s, and writes nothing there',
    async () => {
      const cli = create(otherDir, 'lost@example.com');
      expect(await cli.exited, cli.output()).toBe(1);
      expect(cli.output()).toContain(`No MedicPrep server is running with DATA_DIR=${otherDir}`);
      expect(cli.output()).toContain(`DATA_DIR=${serverDir} (port ${server.port}, pid ${server.child.pid})`);
      expect(cli.output()).toContain(`DATA_DIR=${serverDir} npm run user:create -- --email lost@example.com`);
      expect(existsSync(path.join(otherDir, 'pglite'))).toBe(false);
    },
    STARTUP_MS,
  );

  it(
    'creates an EMT student through the server when given its DATA_DIR; the student signs in',
    async () => {
      const cli = create(serverDir, 'emt-student@example.com', ['--course-level', 'EMT', '--active-days', '30']);
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain('Created user emt-student@example.com (course level EMT');
      const signIn = await fetch(`${server.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${server.port}` },
        body: JSON.stringify({ email: 'emt-student@example.com', password: 'a-good-password' }),
      });
      expect(signIn.status).toBe(200);
    },
    STARTUP_MS,
  );

  it(
    'refuses when no server runs and its DATA_DIR holds no database',
    async () => {
      await stopServer(server);
      const empty = tempDataDir('user-create-empty-');
      try {
        const cli = create(empty, 'nobody@example.com');
        expect(await cli.exited, cli.output()).toBe(1);
        expect(cli.output()).toContain(`There is no MedicPrep database in DATA_DIR=${empty} and no server running.`);
        expect(existsSync(path.join(empty, 'pglite'))).toBe(false);
        // with the server stopped, its own DATA_DIR still works directly (the database is there)
        const direct = create(serverDir, 'offline-admin@example.com', ['--role', 'admin']);
        expect(await direct.exited, direct.output()).toBe(0);
        expect(direct.output()).toContain('Created admin offline-admin@example.com');
      } finally {
        rmSync(empty, { recursive: true, force: true });
      }
    },
    2 * STARTUP_MS,
  );
});
