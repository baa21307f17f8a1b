import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditPageResponse } from '@shared/contracts/audit';
import { api } from '../../../lib/api';
import { adminAuditKeys } from './keys';
import { searchParams } from './paths';

export const getAudit = (action: string, q: string, page: number) =>
  api<AuditPageResponse>(`/api/admin/audit?${searchParams({ action, q, page })}`);

/** A page of the audit trail, newest first; the previous page stays on screen while the next one loads. */
export const auditQueryOptions = (action: string, q: string, page: number) =>
  queryOptions({
    queryKey: adminAuditKeys.list(action, q, page),
    queryFn: () => getAudit(action, q, page),
    placeholderData: keepPreviousData,
    retry: 1,
  });

export const useAudit = (action: string, q: string, page: number, { enabled }: { enabled: boolean }) =>
  useQuery({ ...auditQueryOptions(action, q, page), enabled });
