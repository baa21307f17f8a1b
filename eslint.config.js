// ESLint: typescript-eslint (type-aware), react-hooks, and the layers of docs/decisions/028-lint-enforced-layers.md held by
// import-x/no-restricted-paths and import-x/no-cycle. eslint-config-prettier comes last: Prettier owns layout.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const root = import.meta.dirname;
const projects = ['tsconfig.client.json', 'tsconfig.server.json', 'tsconfig.node.json'].map((p) => path.join(root, p));
const featuresOf = (dir) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);

/** One zone per feature: it may import itself, never another feature (read from disk, so new features are covered). */
const featureZones = (dir, extraFrom = [], message) =>
  featuresOf(dir)
    .map((name) => ({
      target: `./${dir}/${name}`,
      from: `./${dir}`,
      except: [`./${name}`],
      message,
    }))
    .concat(extraFrom.length ? [{ target: `./${dir}`, from: extraFrom, message }] : []);

export const layerZones = [
  {
    target: './src/shared',
    from: ['./src/client', './src/server'],
    message: 'src/shared is pure: it imports nothing of the client or the server.',
  },
  { target: './src/server', from: './src/client', message: 'The server imports nothing of the client.' },
  {
    target: ['./src/server/domain', './src/server/lib'],
    from: './src/server/features',
    message: 'domain/ and lib/ are shared by every server feature: they import no feature.',
  },
  {
    target: ['./src/client/lib', './src/client/components'],
    from: ['./src/client/features', './src/client/app'],
    message: 'lib/ and components/ are shared by every feature: they import no feature and not app/.',
  },
  ...featureZones(
    'src/client/features',
    ['./src/client/app'],
    'A client feature imports no other feature and not app/: move what both need to lib/, components/ or src/shared.',
  ),
  ...featureZones(
    'src/server/features',
    [],
    "A server feature imports no other feature's internals: move what both need to src/server/lib (or auth/, db/).",
  ),
];

// The client imports nothing of the server, not even types: a type import loads the server's module graph into the client
// program and with it Node's types, so `node:*` imports in client code would compile (docs/decisions/035-api-contracts-in-shared.md).
// The API's types come from src/shared/contracts.
const clientImportsNoServer = {
  regex: '^(@server/|(\\.\\./)+server(/|$)|.*/src/server(/|$))',
  allowTypeImports: false,
  message: 'The client imports nothing of the server; API types come from src/shared/contracts (decision 035).',
};

/** Where the query client may be used: an API operation's module, the shared lib, and tests. */
export const queryClientAllowed = ['src/client/features/*/api/**', 'src/client/lib/**', 'src/client/test/**', '**/*.test.{ts,tsx}'];

const HOOKS_ONLY =
  "Components call their feature's API hooks (src/client/features/<feature>/api/<operation>.ts), which own the query and its cache updates (decision 083).";
/** The TanStack Query calls that belong in an API operation's module, not in a component. */
export const componentsUseHooks = {
  importRule: {
    name: '@tanstack/react-query',
    importNames: ['useQuery', 'useQueries', 'useSuspenseQuery', 'useSuspenseQueries', 'useInfiniteQuery', 'useMutation', 'useQueryClient'],
    message: HOOKS_ONLY,
  },
  syntaxRules: [
    {
      selector:
        'MemberExpression[property.name=/^(invalidateQueries|setQueryData|setQueriesData|getQueryData|refetchQueries|removeQueries|resetQueries|cancelQueries|fetchQuery|prefetchQuery|ensureQueryData)$/]',
      message: HOOKS_ONLY,
    },
  ],
};

/** Reading the wall clock directly: `new Date()` with no argument and `Date.now()` (decision 087). */
export const wallClockReads = (message) => [
  { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message },
  { selector: "CallExpression[callee.object.name='Date'][callee.property.name='now']", message },
];
const CLIENT_CLOCK = 'Read the time through nowMs() or nowDate() of src/client/lib/clock.ts (or useNow): decision 087.';
/** The client's clock module and its test double read the wall clock; tests may. */
const clientClockAllowed = ['src/client/lib/clock.ts', 'src/client/lib/testing/**', 'src/client/test/**', '**/*.test.{ts,tsx}'];

export default tseslint.config(
  { ignores: ['dist/', 'data/', '.tmp/', 'node_modules/', 'test-results/', 'playwright-report/', 'public/', 'media/', 'content/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { project: projects, tsconfigRootDir: root },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(root, 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: layerZones, basePath: root }],
      // An async handler is fine where a void callback is expected in JSX (onClick={async () => …}).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs['recommended-latest'].rules,
      '@typescript-eslint/no-restricted-imports': ['error', { patterns: [clientImportsNoServer] }],
    },
  },
  {
    // The client reads the wall clock in one place too (src/client/lib/clock.ts, through src/shared/clock.ts): decision 087.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: clientClockAllowed,
    rules: { 'no-restricted-syntax': ['error', ...wallClockReads(CLIENT_CLOCK)] },
  },
  {
    // One module per API operation (docs/decisions/083-one-module-per-api-operation.md): the query client is touched only in
    // src/client/features/*/api/ (an operation's fetcher, query options and hook) and src/client/lib/; components and other
    // hooks call those hooks. Tests build their own QueryClient and read it.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: queryClientAllowed,
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', { paths: [componentsUseHooks.importRule], patterns: [clientImportsNoServer] }],
      // this block replaces the one above for components, so it repeats the clock rule
      'no-restricted-syntax': ['error', ...componentsUseHooks.syntaxRules, ...wallClockReads(CLIENT_CLOCK)],
    },
  },
  {
    // The product reads the wall clock in one place (src/server/lib/clock.ts; src/shared/clock.ts for the rules the client calls
    // without a time): services read `deps.now()`, shared rules take "now" as a parameter, so a test moves time instead of
    // sleeping (docs/decisions/087-services-take-deps-and-one-clock.md). Durations for logs and cache ages use performance.now().
    files: ['src/server/**/*.ts', 'src/shared/**/*.ts'],
    ignores: ['src/server/lib/clock.ts', 'src/shared/clock.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...wallClockReads('Read the time through deps.now() (a shared rule takes "now" as a parameter): decision 087.'),
      ],
    },
  },
  {
    // Tests read response bodies and fixtures as untyped JSON on purpose and assert on them; the
    // no-unsafe-* family would only ask for casts that the assertions already make. Fakes implement
    // async interfaces with plain values (async () => x), which require-await would flag.
    files: ['tests/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  prettier,
);
