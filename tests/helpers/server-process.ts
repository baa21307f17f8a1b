import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

/**
 * A real server process (the TypeScript server through tsx: the Vitest stage runs before the build),
 * for what only separate processes show: start-up refusals, the embedded database's lock, load shedding.
 */
export const STARTUP_MS = 90_000;

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  base: string;
  /** everything the process printed so far, stdout and stderr */
  output: () => string;
  /** resolves with the exit code once the process has exited */
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** Runs `node --import tsx <script>` with only the given environment (and PATH). */
export function spawnTs(script: string, env: Record<string, string>, args: string[] = []) {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const chunks: string[] = [];
  child.stdout.on('data', (d: Buffer) => chunks.push(d.toString()));
  child.stderr.on('data', (d: Buffer) => chunks.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => chunks.join(''), exited };
}

/** Starts the server on a free port of 127.0.0.1; does not wait for it. */
export async function spawnServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const p = spawnTs('src/server/index.ts', { ...env, PORT: String(port), HOST: '127.0.0.1' });
  return { ...p, port, base: `http://127.0.0.1:${port}` };
}

/** Waits until GET /api/health answers 200, or throws with the output if the process exits or never answers. */
export async function waitHealthy(p: ServerProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (p.child.exitCode !== null) throw new Error(`server exited with ${p.child.exitCode}:\n${p.output()}`);
    if (
      await fetch(`${p.base}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server on ${p.base} did not answer within ${STARTUP_MS / 1000} s:\n${p.output()}`);
}

/** A new empty directory under .tmp/ for a server's DATA_DIR. */
export function tempDataDir(prefix: string): string {
  mkdirSync('.tmp', { recursive: true });
  return mkdtempSync(path.resolve('.tmp', prefix));
}

/** Starts a server and waits until it answers (on another port if the free one was taken meanwhile). */
export async function startServer(env: Record<string, string>, attempts = 3): Promise<ServerProcess> {
  const p = await spawnServer(env);
  try {
    await waitHealthy(p);
    return p;
  } catch (e) {
    if (attempts > 1 && p.output().includes('EADDRINUSE')) return startServer(env, attempts - 1);
    throw e;
  }
}

/** Whichever comes first: the process exits (its code) or it answers its health check ('serving'). */
export async function exitOrServe(p: ServerProcess): Promise<number | null | 'serving'> {
  const serving = waitHealthy(p).then(
    () => 'serving' as const,
    () => new Promise<never>(() => {}),
  );
  return Promise.race([p.exited, serving]);
}

/** SIGTERM (the server's clean shutdown), SIGKILL after 10 s; resolves once it has exited. */
export async function stopServer(p: ServerProcess | undefined): Promise<void> {
  if (!p || p.child.exitCode !== null || p.child.signalCode !== null) return;
  const force = setTimeout(() => p.child.kill('SIGKILL'), 10_000);
  p.child.kill('SIGTERM');
  await p.exited;
  clearTimeout(force);
}

/** Waits until the process has printed `text` (output arrives through a pipe, after the fact). */
export async function waitForOutput(p: Pick<ServerProcess, 'output' | 'child'>, text: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!p.output().includes(text)) {
    if (Date.now() > deadline || p.child.exitCode !== null)
      throw new Error(`expected the output to contain ${JSON.stringify(text)}:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
