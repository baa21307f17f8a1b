/** The admin API's addresses, shared by its operations' modules. */
export const userPath = (id: string) => `/api/admin/users/${encodeURIComponent(id)}`;
export const codePath = (id: string) => `/api/admin/codes/${encodeURIComponent(id)}`;
export const searchParams = (params: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)]));
