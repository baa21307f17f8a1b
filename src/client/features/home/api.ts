import type { HomeBody, HomeResponse } from '@shared/contracts/home';
import type { CourseLevelBody, ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../lib/api';

export function fetchHome(): Promise<HomeResponse> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return api<HomeResponse>('/api/home', { json: { timeZone } satisfies HomeBody });
}

/** The one-tap answer to "Which exam are you preparing for?" (the same call as the profile's setting). */
export const setCourseLevel = (body: CourseLevelBody) =>
  api<ProfileResponse>('/api/profile/course-level', { method: 'PATCH', json: body }).then((r) => r.profile);
