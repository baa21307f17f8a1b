import { queryRoots } from '../../../lib/query-keys';

// The panelist's query keys (decision 109): the studies they are on, and each study's items with their ratings.
export const standardSettingKeys = {
  all: [queryRoots.standardSetting] as const,
  mine: () => [...standardSettingKeys.all, 'mine'] as const,
  study: (id: string) => [...standardSettingKeys.all, 'study', id] as const,
};

export const panelStudyPath = (id: string) => `/api/standard-setting/studies/${encodeURIComponent(id)}`;
