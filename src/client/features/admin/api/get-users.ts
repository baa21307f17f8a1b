import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminUsersResponse } from '@shared/contracts/admin-users';
import { api } from '../../../lib/api';
import { adminUserKeys } from './keys';
import { searchParams } from './paths';

export const getUsers = (q: string, role: string, page: number) =>
  api<AdminUsersResponse>(`/api/admin/users?${searchParams({ q, role, page })}`);

/** A page of the user list; the previous page stays on screen while the next one loads. */
export const usersQueryOptions = (q: string, role: string, page: number) =>
  queryOptions({ queryKey: adminUserKeys.list(q, role, page), queryFn: () => getUsers(q, role, page), placeholderData: keepPreviousData });

export const useUsers = (q: string, role: string, page: number, { enabled }: { enabled: boolean }) =>
  useQuery({ ...usersQueryOptions(q, role, page), enabled });
