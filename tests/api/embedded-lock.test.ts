import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acquireDatabaseLock, lockFileFor } from '../../src/server/db/lock';
import {
  exitOrServe,
  spawnServer,
  spawnTs,
  startServer,
  STARTUP_MS,
  stopServer,
  tempDataDir,
  type ServerProcess,
} from '../helpers/server-process';
import { copyPreparedDatabase } from '../helpers/test-server';

// Decision 025: two processes on one embedded database both accepted writes and lost some.
// Real server processes on one DATA_DIR: the second one must refuse, the first keep serving.
describe('one process at a time on the embedded database', () => {
  const dataDir = tempDataDir('embedded-lock-');
  const pgliteDir = path.join(dataDir, 'pglite');
  const serverFile = path.join(dataDir, 'server.json');
  // its own registry of running servers, so that a server outside the test (npm start, the browser
  // tests' server beside this suite) is not taken for one of its own
  const env = { NODE_ENV: 'test', DATA_DIR: dataDir, AUTH_SECRET: 'l'.repeat(40), MEDICPREP_RUN_DIR: path.join(dataDir, 'run') };
  const servers: ServerProcess[] = [];
  let first: ServerProcess;

  beforeAll(async () => {
    // a copy of the run's prepared database: this is about the lock, not about creating a database
    await copyPreparedDatabase(dataDir);
    first = await startServer(env);
    servers.push(first);
  }, STARTUP_MS);
  afterAll(async () => {
    for (const s of servers) await stopServer(s);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const serverJson = () => JSON.parse(readFileSync(serverFile, 'utf8')) as { pid: number; port: number };

  it(
    'refuses a second server on the same DATA_DIR, naming the first, while the first keeps serving',
    async () => {
      const second = await spawnServer(env);
      servers.push(second);
      const outcome = await exitOrServe(second);
      expect(outcome, second.output()).not.toBe('serving');
      expect(outcome).not.toBe(0);
      expect(second.output()).toContain(
        `Another MedicPrep server (pid ${first.child.pid}) is using the embedded database in ${pgliteDir}; stop it or use DATABASE_URL`,
      );
      expect((await fetch(`${first.base}/api/health`)).status).toBe(200);
      expect(serverJson()).toMatchObject({ pid: first.child.pid, port: first.port });
    },
    STARTUP_MS,
  );

  it(
    'lets npm run user:create go through the running server, as before',
    async () => {
      const cli = spawnTs('scripts/user-create.ts', env, [
        '--email',
        'lock-admin@example.com',
        '--password',
        'a-good-password',
        '--role',
        'admin',
      ]);
      expect(await cli.exited, cli.output()).toBe(0);
      expect(cli.output()).toContain('Created admin lock-admin@example.com');
    },
    STARTUP_MS,
  );

  it(
    'takes over the lock of a server killed with SIGKILL, and leaves a server.json naming another process alone',
    async () => {
      first.child.kill('SIGKILL');
      await first.exited;
      expect(existsSync(lockFileFor(pgliteDir))).toBe(true); // nothing ran to remove it
      const next = await startServer(env);
      servers.push(next);
      expect(JSON.parse(readFileSync(lockFileFor(pgliteDir), 'utf8')).pid).toBe(next.child.pid);
      expect(serverJson().pid).toBe(next.child.pid);
      // the user created through the killed server is there: the same database, not a fresh one
      const signIn = await fetch(`${next.base}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: `http://localhost:${next.port}` },
        body: JSON.stringify({ email: 'lock-admin@example.com', password: 'a-good-password' }),
      });
      expect(signIn.status).toBe(200);

      const someoneElse = JSON.stringify({ port: 1, pid: process.pid, token: 'not-ours' });
      writeFileSync(serverFile, someoneElse);
      await stopServer(next);
      expect(next.child.exitCode).toBe(0);
      expect(readFileSync(serverFile, 'utf8')).toBe(someoneElse);
      expect(existsSync(lockFileFor(pgliteDir))).toBe(false);
    },
    2 * STARTUP_MS,
  );

  it(
    'refuses npm run user:create when another process holds the files and no server answers for them',
    async () => {
      rmSync(serverFile, { force: true });
      const release = acquireDatabaseLock(pgliteDir, 'MedicPrep command (npm run content:import)');
      try {
        const cli = spawnTs('scripts/user-create.ts', env, ['--email', 'late@example.com', '--password', 'a-good-password']);
        expect(await cli.exited).not.toBe(0);
        expect(cli.output()).toContain(
          `Another MedicPrep command (npm run content:import) (pid ${process.pid}) is using the embedded database in ${pgliteDir}`,
        );
      } finally {
        release();
      }
    },
    STARTUP_MS,
  );
});
