import type { UseMutationOptions } from '@tanstack/react-query';

/**
 * The rails of the client's server state (docs/architecture.md §3, "Client: one module per API operation";
 * docs/decisions/083-one-module-per-api-operation.md). Each API operation lives in `features/<feature>/api/<operation>.ts`
 * with its fetcher, its `queryOptions` (built from the feature's key factory, `api/keys.ts`) or its mutation, and the hook
 * components call; the hook owns what the operation does to the cache. Components never touch the query client: the lint
 * refuses `useQuery`, `useMutation`, `useQueryClient` and `invalidateQueries` outside `features/*\/api/` and `lib/`.
 */

/** What a mutation's variables are: none (`mutate()`) for a fetcher without arguments, else its one argument. */
type VariablesOf<Fn extends (...args: never[]) => Promise<unknown>> = Parameters<Fn> extends [] ? void : Parameters<Fn>[0];

/**
 * The callbacks a component hands a mutation hook (what the screen does: a message, closing a dialog, moving on). The hook runs
 * its own cache work and calls these in the order the operation's module documents.
 */
export type MutationConfig<Fn extends (...args: never[]) => Promise<unknown>, TOnMutateResult = unknown> = Omit<
  UseMutationOptions<Awaited<ReturnType<Fn>>, Error, VariablesOf<Fn>, TOnMutateResult>,
  'mutationFn'
>;
