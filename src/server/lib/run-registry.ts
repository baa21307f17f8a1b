import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';

/**
 * Running servers on the embedded database leave a note here (one file per process: port, pid,
 * DATA_DIR), so `npm run user:create` started with another DATA_DIR can say which one to pass instead
 * of writing to a database no server reads (decision 008). MEDICPREP_RUN_DIR moves it (tests).
 */
export interface RunningServer {
  pid: number;
  port: number;
  dataDir: string;
}

export function runRegistryDir(env: NodeJS.ProcessEnv = process.env): string {
  const user = (() => {
    try {
      return userInfo().username;
    } catch {
      return 'user';
    }
  })();
  return env.MEDICPREP_RUN_DIR ?? path.join(tmpdir(), `medicprep-run-${user}`);
}

export function registerServer(server: RunningServer, dir = runRegistryDir()): () => void {
  const file = path.join(dir, `${server.pid}.json`);
  try {
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(server), { mode: 0o600 });
  } catch {
    /* a note that cannot be written only makes the CLI less helpful */
  }
  return () => rmSync(file, { force: true });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The servers whose process is still there; notes left by a killed server are removed. */
export function runningServers(dir = runRegistryDir()): RunningServer[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
  const found: RunningServer[] = [];
  for (const name of names) {
    try {
      const s = JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as RunningServer;
      if (Number.isInteger(s.pid) && typeof s.dataDir === 'string' && alive(s.pid)) found.push(s);
      else rmSync(path.join(dir, name), { force: true });
    } catch {
      /* half-written or unreadable: skip */
    }
  }
  return found;
}
