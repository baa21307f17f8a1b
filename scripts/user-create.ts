// npm run user:create -- --email E --password P [--first-name F] [--last-name L] [--role admin]
//                        [--course-level Paramedic|EMT|Both] [--active-days N]
// Creates a verified user. Against PostgreSQL it connects directly; against the embedded database it
// goes through the running server when one holds the files, and opens them itself when none does.
// It refuses (and names the DATA_DIR to pass) when a server runs on another DATA_DIR, or when there is
// no database in its DATA_DIR at all: a user written where no server reads could never sign in.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { createVerifiedUser, createUserInputSchema } from '../src/server/auth/create-user';
import { bootstrap } from '../src/server/bootstrap';
import { loadConfig } from '../src/server/config';
import { INTERNAL_TOKEN_HEADER } from '../src/server/features/internal/routes';
import { createLogger } from '../src/server/lib/logger';
import { runningServers } from '../src/server/lib/run-registry';

const USAGE =
  'Usage: npm run user:create -- --email E --password P [--first-name F] [--last-name L] [--role user|admin] [--course-level Paramedic|EMT|Both] [--active-days N]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        role: { type: 'string' },
        'course-level': { type: 'string' },
        'active-days': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    });
  } catch (e) {
    return fail(`${(e as Error).message}\n${USAGE}`);
  }
})();
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values.email || !values.password) fail(`--email and --password are required.\n${USAGE}`);
if (values['active-days'] !== undefined && !/^\d+$/.test(values['active-days'])) fail('--active-days must be a whole number of days.');

const parsed = createUserInputSchema.safeParse({
  email: values.email,
  password: values.password,
  firstName: values['first-name'],
  lastName: values['last-name'],
  role: values.role,
  courseLevel: values['course-level'],
  activeDays: values['active-days'] === undefined ? undefined : Number(values['active-days']),
});
if (!parsed.success)
  fail(parsed.error.issues.map((i) => `--${String(i.path[0]).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}: ${i.message}`).join('\n'));
const input = parsed.data;

type Created = { email: string; role: string; courseLevel: string; expirationDate: string | Date | null };

async function viaRunningServer(dataDir: string): Promise<Created | null> {
  const file = path.join(dataDir, 'server.json');
  if (!existsSync(file)) return null;
  const { port, pid, token } = JSON.parse(readFileSync(file, 'utf8')) as { port: number; pid: number; token: string };
  try {
    process.kill(pid, 0);
  } catch {
    return null; // stale file: the server is gone
  }
  const base = `http://127.0.0.1:${port}`;
  const res = await fetch(`${base}/api/internal/users`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: loadConfig().publicUrl, [INTERNAL_TOKEN_HEADER]: token },
    body: JSON.stringify(input),
  }).catch(() => null);
  if (!res) return null;
  const body = (await res.json().catch(() => ({}))) as { user?: Created; error?: { message: string } };
  if (!res.ok) fail(body.error?.message ?? `The running server refused the request (${res.status}).`);
  return body.user!;
}

async function directly(): Promise<Created> {
  const config = loadConfig();
  const { deps } = await bootstrap(config, createLogger('warn'), { owner: 'MedicPrep command (npm run user:create)' }).catch((e: unknown) =>
    fail(`Could not create the user: ${(e as Error).message}`),
  );
  try {
    return await createVerifiedUser(deps, input, { actor: null, ip: null, via: 'cli' });
  } catch (e) {
    fail((e as Error).message);
  } finally {
    await deps.database.close();
  }
}

/** Before opening the embedded database itself: is it the one the server uses, and is there one at all? */
function checkEmbeddedTarget(dataDir: string, pgliteDir: string) {
  const command = process.argv.slice(2).join(' ');
  const elsewhere = runningServers().filter((s) => path.resolve(s.dataDir) !== dataDir);
  if (elsewhere.length)
    fail(
      [
        `No MedicPrep server is running with DATA_DIR=${dataDir}, but ${elsewhere.length === 1 ? 'one is' : 'some are'}:`,
        ...elsewhere.map((s) => `  DATA_DIR=${s.dataDir} (port ${s.port}, pid ${s.pid})`),
        `The user would be written where that server cannot see it. Pass the server's DATA_DIR:`,
        `  DATA_DIR=${elsewhere[0]!.dataDir} npm run user:create -- ${command}`,
      ].join('\n'),
    );
  if (!existsSync(pgliteDir))
    fail(
      [
        `There is no MedicPrep database in DATA_DIR=${dataDir} and no server running.`,
        `Start the server (npm start) and run this again with the DATA_DIR it uses, for example:`,
        `  DATA_DIR=/path/to/data npm run user:create -- ${command}`,
      ].join('\n'),
    );
}

const config = loadConfig();
let user: Created | null = null;
if (config.database.kind === 'pglite') {
  user = await viaRunningServer(config.dataDir);
  if (!user) checkEmbeddedTarget(config.dataDir, config.database.dir);
}
user ??= await directly();
const until = user.expirationDate ? `, subscription active until ${new Date(user.expirationDate).toISOString().slice(0, 10)}` : '';
console.log(
  `Created ${user.role} ${user.email} (course level ${user.courseLevel}${until}). The e-mail address is verified; they can log in now.`,
);
process.exit(0);
