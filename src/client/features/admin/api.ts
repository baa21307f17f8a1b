import type { Coupon, CouponBody, CouponListResponse, CouponResponse } from '@shared/contracts/admin-codes';
import type {
  AdminUser,
  AdminUserResponse,
  AdminUsersResponse,
  CourseLevelBody,
  CreateUserBody,
  GrantAccessBody,
  ResetSentResponse,
  RoleBody,
  UserAnalyticsResponse,
} from '@shared/contracts/admin-users';
import type { AuditPageResponse } from '@shared/contracts/audit';
import { api } from '../../lib/api';

export type { AdminUser, Coupon };

const user = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;
const code = (id: string) => `/api/admin/codes/${encodeURIComponent(id)}`;
const query = (params: Record<string, string | number>) => new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));

export const adminApi = {
  users: (q: string, role: string, page: number) => api<AdminUsersResponse>(`/api/admin/users?${query({ q, role, page })}`),
  createUser: (body: CreateUserBody) => api<AdminUserResponse>('/api/admin/users', { json: body }).then((r) => r.user),
  analytics: (id: string) => api<UserAnalyticsResponse>(`${user(id)}/analytics`),
  setRole: (id: string, body: RoleBody) => api<AdminUserResponse>(`${user(id)}/role`, { method: 'PATCH', json: body }).then((r) => r.user),
  setCourseLevel: (id: string, body: CourseLevelBody) =>
    api<AdminUserResponse>(`${user(id)}/course-level`, { method: 'PATCH', json: body }).then((r) => r.user),
  grantAccess: (id: string, body: GrantAccessBody) => api<AdminUserResponse>(`${user(id)}/access`, { json: body }).then((r) => r.user),
  sendReset: (id: string) => api<ResetSentResponse>(`${user(id)}/reset-password`, { json: {} }),
  deleteUser: (id: string) => api<void>(user(id), { method: 'DELETE' }),
  audit: (action: string, q: string, page: number) => api<AuditPageResponse>(`/api/admin/audit?${query({ action, q, page })}`),
  coupons: () => api<CouponListResponse>('/api/admin/codes'),
  createCoupon: (body: CouponBody) => api<CouponResponse>('/api/admin/codes', { json: body }).then((r) => r.code),
  updateCoupon: (id: string, body: CouponBody) => api<CouponResponse>(code(id), { method: 'PUT', json: body }).then((r) => r.code),
  setCouponActive: (id: string, active: boolean) =>
    api<CouponResponse>(`${code(id)}/active`, { method: 'PATCH', json: { isActive: active } }).then((r) => r.code),
  deleteCoupon: (id: string) => api<void>(code(id), { method: 'DELETE' }),
};

export const fullName = (u: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
export const shortDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
