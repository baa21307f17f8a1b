// The layer rules of eslint.config.js (docs/decisions/028-lint-enforced-layers.md) and its rails for the client's server state
// (docs/decisions/083-one-module-per-api-operation.md) on files that exist only in memory: each forbidden import or call is
// reported, each allowed one is not. Type information is switched off for these
// files, which are in no tsconfig; the boundary rules only resolve paths.
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const eslint = new ESLint({ overrideConfig: [tseslint.configs.disableTypeChecked] });

async function ruleIds(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? `fatal: ${m.message}`);
}

const BOUNDARY = 'import-x/no-restricted-paths';

// The first lint loads eslint.config.js and its plugins: done once here, not inside the first test's time.
beforeAll(() => ruleIds('src/client/lib/x.ts', ''), 60_000);

describe('lint-enforced layers', () => {
  it('refuses a client feature importing another feature', async () => {
    expect(await ruleIds('src/client/features/billing/x.ts', "export { redeemCode } from '../subscription/api/redeem-code';\n")).toContain(
      BOUNDARY,
    );
  });

  it('lets a feature import its own files, lib/, components/ and src/shared', async () => {
    const code = [
      "export { getBilling } from './api/get-billing';",
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
    expect(await ruleIds('src/client/lib/x.ts', "export { getBilling } from '../features/billing/api/get-billing';\n")).toContain(BOUNDARY);
    expect(
      await ruleIds('src/client/components/ui/x.tsx', "export { redeemCode } from '../../features/subscription/api/redeem-code';\n"),
    ).toContain(BOUNDARY);
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
    // the client too: a component, an API module and a lib module read nowMs()/nowDate() of lib/clock.ts
    expect(await ruleIds('src/client/features/home/home-page.tsx', 'export const h = new Date().getHours();\n')).toContain(CLOCK);
    expect(await ruleIds('src/client/features/exam/api/keys.ts', 'export const t = Date.now();\n')).toContain(CLOCK);
    expect(await ruleIds('src/client/lib/cache.ts', 'export const t = Date.now();\n')).toContain(CLOCK);
    expect(await ruleIds('src/client/lib/clock.ts', 'export const nowMs = () => Date.now();\n')).toEqual([]);
  });
});

const IMPORTS = '@typescript-eslint/no-restricted-imports';
// a component that reaches for the query client itself is reported; an API operation's module, lib/ and a test are not
const SYNTAX = 'no-restricted-syntax';

const inlineQuery = [
  "import { useQuery } from '@tanstack/react-query';",
  "import { getBilling } from './api/get-billing';",
  "export const useIt = () => useQuery({ queryKey: ['billing'], queryFn: getBilling });",
  '',
].join('\n');

const inlineMutation = [
  "import { useMutation, useQueryClient } from '@tanstack/react-query';",
  'export function useIt() {',
  '  const client = useQueryClient();',
  "  return useMutation({ mutationFn: async () => 1, onSuccess: () => client.invalidateQueries({ queryKey: ['billing'] }) });",
  '}',
  '',
].join('\n');

describe('components call API hooks only', () => {
  it('refuses useQuery, useSuspenseQuery, useMutation and useQueryClient in a component or a feature hook', async () => {
    expect(await ruleIds('src/client/features/billing/billing-page.tsx', inlineQuery)).toEqual([IMPORTS]);
    expect(await ruleIds('src/client/features/flashcards/use-deck.ts', inlineQuery)).toEqual([IMPORTS]);
    expect(await ruleIds('src/client/components/ui/x.tsx', "export { useSuspenseQuery } from '@tanstack/react-query';\n")).toEqual([
      IMPORTS,
    ]);
    expect(await ruleIds('src/client/app/x.tsx', inlineMutation)).toEqual([IMPORTS, IMPORTS, SYNTAX]);
  });

  it('refuses invalidateQueries and setQueryData on any query client a component gets hold of', async () => {
    const code = "export const refresh = (c: { invalidateQueries(k: unknown): void }) => c.invalidateQueries({ queryKey: ['x'] });\n";
    expect(await ruleIds('src/client/features/exam/exam-page.tsx', code)).toEqual([SYNTAX]);
    const write = "export const put = (c: { setQueryData(k: unknown, v: unknown): void }) => c.setQueryData(['x'], 1);\n";
    expect(await ruleIds('src/client/features/exam/exam-page.tsx', write)).toEqual([SYNTAX]);
  });

  it('lets an API operation module, lib/ and tests use the query client', async () => {
    expect(await ruleIds('src/client/features/billing/api/get-billing.ts', inlineMutation)).toEqual([]);
    expect(await ruleIds('src/client/lib/x.ts', inlineMutation)).toEqual([]);
    expect(await ruleIds('src/client/features/profile/profile-page.test.tsx', inlineMutation)).toEqual([]);
  });

  it('still lets a component import what is not a hook (types, queryOptions, the provider)', async () => {
    const code =
      "import { QueryClient, QueryClientProvider, type UseQueryResult } from '@tanstack/react-query';\nexport { QueryClient, QueryClientProvider, type UseQueryResult };\n";
    expect(await ruleIds('src/client/main.tsx', code)).toEqual([]);
  });

  it('keeps the rule that the client imports nothing of the server alongside it', async () => {
    expect(await ruleIds('src/client/features/home/x.ts', "export type { AppEnv } from '../../../server/deps';\n")).toContain(IMPORTS);
  });
});
