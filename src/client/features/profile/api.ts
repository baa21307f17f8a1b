import type { ChangeEmailBody, ChangeEmailResponse, CourseLevelBody, ProfileNamesBody, ProfileResponse } from '@shared/contracts/profile';
import { api } from '../../lib/api';

export const profileApi = {
  get: () => api<ProfileResponse>('/api/profile').then((r) => r.profile),
  saveNames: (body: ProfileNamesBody) => api<ProfileResponse>('/api/profile', { method: 'PATCH', json: body }).then((r) => r.profile),
  /** Which exam the student prepares for: Paramedic, EMT or Both. */
  setCourseLevel: (body: CourseLevelBody) =>
    api<ProfileResponse>('/api/profile/course-level', { method: 'PATCH', json: body }).then((r) => r.profile),
  /** Starts a change of address: links go to the new and to the current address. */
  changeEmail: (body: ChangeEmailBody) => api<ChangeEmailResponse>('/api/account/change-email', { json: body }),
};
