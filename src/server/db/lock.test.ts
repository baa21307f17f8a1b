import { spawn, spawnSync } from 'node:child_process';
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
    for (const stale of [
      JSON.stringify({ pid: deadPid(), started: null, label: 'MedicPrep server' }),
      '',
      '{"pid":',
      JSON.stringify({ pid: process.pid, started: null, label: 'x' }),
    ]) {
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

describe('embedded database lock across processes', () => {
  // Racers start, say 'ready', and at one agreed moment each tries to take every lock of a list of
  // directories with stale locks (many rounds, so the attempts really overlap); they report what they won.
  const RACER = `
    import { acquireDatabaseLock, DatabaseLockedError } from './src/server/db/lock.ts';
    const dirs = JSON.parse(process.argv[1]);
    console.log('ready');
    process.stdin.once('data', (d) => {
      const at = Number(d.toString());
      while (Date.now() < at) {}
      const won = [];
      for (const dir of dirs) {
        try {
          acquireDatabaseLock(dir, 'racer');
          won.push(dir);
        } catch (e) {
          if (!(e instanceof DatabaseLockedError)) throw e;
        }
      }
      console.log(JSON.stringify(won));
      process.stdin.on('end', () => process.exit(0));
    });`;

  it('lets exactly one of several processes that find a stale lock at once take it over', async () => {
    const dirs = Array.from({ length: 40 }, () => newDir());
    const stale = JSON.stringify({ pid: deadPid(), started: null, label: 'MedicPrep server' });
    for (const dir of dirs) writeFileSync(`${dir}.lock`, stale);
    const racers = Array.from({ length: 4 }, () => {
      const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', RACER, JSON.stringify(dirs)], {
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const lines: string[] = [];
      const waiters: (() => void)[] = [];
      child.stdout.on('data', (d: Buffer) => {
        lines.push(...d.toString().split('\n').filter(Boolean));
        waiters.splice(0).forEach((w) => w());
      });
      const line = (n: number) =>
        new Promise<string>((resolve) => {
          const check = () => (lines.length > n ? resolve(lines[n]!) : waiters.push(check));
          check();
        });
      return { child, line };
    });
    await Promise.all(racers.map((r) => r.line(0)));
    const at = String(Date.now() + 300);
    for (const r of racers) r.child.stdin.write(at);
    const won = (await Promise.all(racers.map((r) => r.line(1)))).map((l) => JSON.parse(l) as string[]);
    for (const r of racers) r.child.stdin.end();
    await Promise.all(
      racers.map((r) => new Promise((resolve) => (r.child.exitCode !== null ? resolve(null) : r.child.once('exit', resolve)))),
    );
    for (const dir of dirs)
      expect(
        won.filter((w) => w.includes(dir)),
        dir,
      ).toHaveLength(1);
    for (const dir of dirs) expect(existsSync(lockFileFor(dir))).toBe(false); // the winners released them on exit
  }, 60_000);
});
