// The layer rules of eslint.config.js (docs/decisions/028-lint-enforced-layers.md) on files that exist only in memory: each
// forbidden import is reported, each allowed one is not. Type information is switched off for these
// files, which are in no tsconfig; the boundary rules only resolve paths.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';

describe('lint-enforced layers', () => {
  it('refuses a client feature importing another feature', async () => {
    expect(await ruleIds('src/client/features/billing/x.ts', "export { paymentsApi } from '../subscription/api';\n")).toContain(BOUNDARY);
  });

  it('lets a feature import its own files, lib/, components/ and src/shared', async () => {
    const code = [
      "export { billingApi } from './api';",
      "export { useAuth } from '../../lib/auth/auth-context';",
      "export { Button } from '../../components/ui/button';",
      "export { MESSAGES } from '@shared/errors';",
      '',
    ].join('\n');
    expect(await ruleIds('src/client/features/billing/x.ts', code)).toEqual([]);
  });

  it('refuses a client feature importing app/', async () => {
    expect(await ruleIds('src/client/features/home/x.ts', "export { Gate } from '../../app/gate';\n")).toContain(BOUNDARY);
  });

  it('refuses lib/ and components/ importing a feature', async () => {
    expect(await ruleIds('src/client/lib/x.ts', "export { billingApi } from '../features/billing/api';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/client/components/ui/x.tsx', "export { paymentsApi } from '../../features/subscription/api';\n")).toContain(
      BOUNDARY,
    );
  });

  it('refuses src/shared importing the client or the server', async () => {
    expect(await ruleIds('src/shared/x.ts', "export { cn } from '../client/lib/cn';\n")).toContain(BOUNDARY);
    expect(await ruleIds('src/shared/x.ts', "export { clientIp } from '../server/lib/net';\n")).toContain(BOUNDARY);
  });

  it("refuses a server feature importing another feature's internals", async () => {
    expect(await ruleIds('src/server/features/profile/x.ts', "export { isResetTokenValid } from '../account/service';\n")).toContain(
      BOUNDARY,
    );
    expect(await ruleIds('src/server/features/profile/x.ts', "export { getProfile } from '../../lib/profile';\n")).toEqual([]);
  });

  it('refuses the client importing the server, its types included (decision 035)', async () => {
    expect(await ruleIds('src/client/features/home/x.ts', "export { clientIp } from '../../../server/lib/net';\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds('src/client/features/home/x.ts', "export type { AppEnv } from '../../../server/deps';\n")).toContain(
      '@typescript-eslint/no-restricted-imports',
    );
    expect(await ruleIds('src/client/features/home/x.ts', "export type { ProfileResponse } from '@shared/contracts/profile';\n")).toEqual(
      [],
    );
  });

  it('refuses a wall-clock read in product code outside the one clock module (decision 087)', async () => {
    const CLOCK = 'no-restricted-syntax';
    expect(await ruleIds('src/server/features/questions/x.ts', 'export const t = Date.now();\n')).toContain(CLOCK);
    expect(await ruleIds('src/server/domain/items/x.ts', 'export const t = new Date();\n')).toContain(CLOCK);
    expect(await ruleIds('src/shared/x.ts', 'export const at = (): number => Date.now();\n')).toContain(CLOCK);
    // a date from a value, durations on the monotonic timer, the clock module itself and tests are fine
    expect(
      await ruleIds('src/server/lib/x.ts', 'export const d = (s: string) => new Date(s);\nexport const t = performance.now();\n'),
    ).toEqual([]);
    expect(await ruleIds('src/server/lib/clock.ts', 'export const systemClock = () => new Date();\n')).toEqual([]);
    expect(await ruleIds('src/server/lib/redact.test.ts', 'export const t = Date.now();\n')).toEqual([]);
  });
});
