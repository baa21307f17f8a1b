import type { Analytics } from '@shared/analytics';
import type { CouponInput } from '@shared/coupons';
import type { AuditLogPage } from '@shared/audit-log';
import { api } from '../../lib/api';

export interface AdminUser {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  role: 'user' | 'admin';
  courseLevel: string;
  subscriptionStatus: string;
  expirationDate: string | null;
  currentStreak: number;
  lastLogin: string | null;
  deviceType: string | null;
  createdAt: string;
  /** a card subscription is on file: deleting the user cancels it at the provider first */
  paidSubscription?: boolean;
}
export interface UserList {
  users: AdminUser[];
  total: number;
  page: number;
  pageSize: number;
}
export interface Coupon {
  id: string;
  name: string;
  code: string;
  duration: number;
  duration_type: 'days' | 'months';
  is_active: boolean;
  usage_limit: number | null;
  times_used: number;
  created_at: string;
}

export const adminApi = {
  users: (q: string, role: string, page: number) => api<UserList>(`/api/admin/users?q=${encodeURIComponent(q)}&role=${role}&page=${page}`),
  createUser: (body: { firstName: string; lastName: string; email: string; password: string; role: string; courseLevel: string }) =>
    api<{ user: AdminUser }>('/api/admin/users', { json: body }),
  analytics: (id: string) => api<Analytics>(`/api/admin/users/${id}/analytics`),
  setRole: (id: string, role: 'user' | 'admin') =>
    api<{ user: { role: string } }>(`/api/admin/users/${id}/role`, { method: 'PATCH', json: { role } }),
  sendReset: (id: string) => api<{ sent: true }>(`/api/admin/users/${id}/reset-password`, { json: {} }),
  deleteUser: (id: string) => api<void>(`/api/admin/users/${id}`, { method: 'DELETE' }),
  audit: (action: string, q: string, page: number) =>
    api<AuditLogPage>(`/api/admin/audit?action=${encodeURIComponent(action)}&q=${encodeURIComponent(q)}&page=${page}`),
  coupons: () => api<{ codes: Coupon[]; stats: { total: number; active: number; totalUses: number } }>('/api/admin/codes'),
  createCoupon: (body: CouponInput) => api<{ code: Coupon }>('/api/admin/codes', { json: body }),
  updateCoupon: (id: string, body: CouponInput) => api<{ code: Coupon }>(`/api/admin/codes/${id}`, { method: 'PUT', json: body }),
  setCouponActive: (id: string, active: boolean) =>
    api<{ code: Coupon }>(`/api/admin/codes/${id}/active`, { method: 'PATCH', json: { is_active: active } }),
  deleteCoupon: (id: string) => api<void>(`/api/admin/codes/${id}`, { method: 'DELETE' }),
};

export const fullName = (u: Pick<AdminUser, 'firstName' | 'lastName' | 'email'>) =>
  [u.firstName, u.lastName].filter(Boolean).join(' ') || u.email;
export const shortDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' }) : '—';
