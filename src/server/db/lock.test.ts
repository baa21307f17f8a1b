import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDatabaseLock, DatabaseLockedError, lockFileFor } from './lock';

mkdirSync('.tmp', { recursive: true });
const root = mkdtempSync(path.resolve('.tmp/lock-test-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));
let n = 0;
const newDir = () => {
  const dataDir = path.join(root, `d${++n}`);
  mkdirSync(dataDir);
  return path.join(dataDir, 'pglite');
};

/** The pid of a process that has exited (so nothing answers to it until the pid is reused). */
function deadPid(): number {
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
  return Number(r.stdout.toString());
}

describe('embedded database lock', () => {
  it('is held once: a second taker is refused with the holder named, until it is released', () => {
    const dir = newDir();
    const release = acquireDatabaseLock(dir, 'MedicPrep server');
    expect(JSON.parse(readFileSync(lockFileFor(dir), 'utf8'))).toMatchObject({ pid: process.pid, label: 'MedicPrep server' });
    expect(() => acquireDatabaseLock(dir, 'MedicPrep command (npm run user:create)')).toThrow(DatabaseLockedError);
    release();
    expect(existsSync(lockFileFor(dir))).toBe(false);
    acquireDatabaseLock(dir, 'MedicPrep server')();
  });

  it('refuses a lock held by another live process, saying who, where, and what to do', () => {
    const dir = newDir();
    writeFileSync(lockFileFor(dir), JSON.stringify({ pid: process.ppid, started: null, label: 'MedicPrep server' }), { flag: 'wx' });
    try {
      acquireDatabaseLock(dir, 'MedicPrep server');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(DatabaseLockedError);
      expect((e as Error).message).toBe(
        `Another MedicPrep server (pid ${process.ppid}) is using the embedded database in ${dir}; stop it or use DATABASE_URL (a PostgreSQL server) to run several processes. If no such process is running, delete ${lockFileFor(dir)}.`,
      );
    }
  });

  it('takes over a lock left by a process that is gone, an unreadable one, and one with our own pid from an earlier life', () => {
    for (const stale of [JSON.stringify({ pid: deadPid(), started: null, label: 'MedicPrep server' }), '', '{"pid":', JSON.stringify({ pid: process.pid, started: null, label: 'x' })]) {
      const dir = newDir();
      writeFileSync(`${dir}.lock`, stale, { flag: 'wx' });
      const release = acquireDatabaseLock(dir, 'MedicPrep server');
      expect(JSON.parse(readFileSync(lockFileFor(dir), 'utf8')).pid).toBe(process.pid);
      expect(existsSync(`${lockFileFor(dir)}.takeover`)).toBe(false);
      release();
    }
  });

  it('takes over a lock whose pid now belongs to a different process (start time differs)', () => {
    const dir = newDir();
    writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, started: '1', label: 'MedicPrep server' }), { flag: 'wx' });
    const release = acquireDatabaseLock(dir, 'MedicPrep server');
    release();
  });
});
