import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * PGlite lets one process at a time use a data directory, but nothing stops a second one from opening
 * it: both then write and writes are lost. Every process that opens the embedded database holds a
 * lock file beside it first (`DATA_DIR/pglite.lock`: the pid, its start time and what it is).
 *
 * Node has no flock, so: the lock file appears atomically, complete, through link() of a written
 * temporary file (EEXIST when it is held). A lock whose process is gone (kill -9, a crash) is stale and
 * is taken over under a second lock file, so two processes that find it stale at once cannot both win.
 */
export class DatabaseLockedError extends Error {}

interface LockInfo {
  pid: number;
  /** the process's start time (Linux /proc), so a pid reused after a restart is not taken for the holder */
  started: string | null;
  label: string;
}

/** Lock files this process holds. */
const held = new Set<string>();

export function lockFileFor(pgliteDir: string): string {
  return `${pgliteDir.replace(/[\\/]+$/, '')}.lock`;
}

function startTime(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // fields after "(comm)": state is field 3, starttime field 22
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
  } catch {
    return null;
  }
}

/** The lock's content, null when it is not a lock we can read (taken as stale), undefined when it is gone. */
function readLock(file: string): { info: LockInfo | null; raw: string } | undefined {
  let raw: string;
  try {
    raw = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  try {
    const info = JSON.parse(raw) as LockInfo;
    return { info: Number.isInteger(info.pid) && info.pid > 0 ? info : null, raw };
  } catch {
    return { info: null, raw };
  }
}

function isAlive(info: LockInfo, file: string): boolean {
  // our own pid in a lock we do not hold: left by an earlier process that had this pid (a container's pid 1)
  if (info.pid === process.pid) return held.has(file);
  try {
    process.kill(info.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ESRCH') return false;
  }
  const started = startTime(info.pid);
  return !(info.started && started && started !== info.started);
}

/** Creates `file` holding `content`, atomically and only if it does not exist. */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, content, { mode: 0o600 });
  try {
    linkSync(tmp, file);
    return true;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw e;
  } finally {
    unlinkSync(tmp);
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

function lockedMessage(info: LockInfo, dir: string, file: string): string {
  return (
    `Another ${info.label} (pid ${info.pid}) is using the embedded database in ${dir}; ` +
    'stop it or use DATABASE_URL (a PostgreSQL server) to run several processes. ' +
    `If no such process is running, delete ${file}.`
  );
}

/** Replaces the stale lock whose content is `stale` by ours; false when someone else changed it first. */
function takeOver(file: string, stale: string, content: string): boolean {
  const guard = `${file}.takeover`;
  if (!createExclusive(guard, content)) {
    const other = readLock(guard);
    // a taker that died in the middle leaves its guard: remove it and try again
    if (other && (!other.info || !isAlive(other.info, guard))) removeIfPresent(guard);
    else pause(50);
    return false;
  }
  try {
    if (readLock(file)?.raw !== stale) return false;
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, content, { mode: 0o600 });
    renameSync(tmp, file);
    return true;
  } finally {
    unlinkSync(guard);
  }
}

/**
 * Takes the lock of the embedded database in `dir` or throws DatabaseLockedError naming the holder.
 * `label` says what this process is, for the message another one shows ("MedicPrep server").
 * Returns the release function (also run when the process exits).
 */
export function acquireDatabaseLock(dir: string, label: string): () => void {
  const file = lockFileFor(dir);
  if (held.has(file))
    throw new DatabaseLockedError(
      lockedMessage({ pid: process.pid, started: null, label: 'MedicPrep database client in this process' }, dir, file),
    );
  const content = JSON.stringify({ pid: process.pid, started: startTime(process.pid), label } satisfies LockInfo);
  mkdirSync(path.dirname(file), { recursive: true });
  for (let attempt = 0; attempt < 50; attempt++) {
    let acquired = createExclusive(file, content);
    if (!acquired) {
      const current = readLock(file);
      if (current === undefined) continue; // released meanwhile
      if (current.info && isAlive(current.info, file)) throw new DatabaseLockedError(lockedMessage(current.info, dir, file));
      acquired = takeOver(file, current.raw, content);
    }
    if (acquired) {
      held.add(file);
      return () => releaseDatabaseLock(file);
    }
  }
  throw new DatabaseLockedError(`Could not take the lock ${file} of the embedded database in ${dir}: other processes keep changing it.`);
}

function releaseDatabaseLock(file: string): void {
  if (!held.delete(file)) return;
  try {
    if (readLock(file)?.info?.pid === process.pid) unlinkSync(file);
  } catch {
    /* already gone */
  }
}

process.once('exit', () => {
  for (const file of [...held]) releaseDatabaseLock(file);
});
