import type { ContentLevel } from '@shared/constants';
import type { CurrentExamResponse, ExamAnswerBody, ExamAvailabilityResponse, ExamReviewResponse, ExamView } from '@shared/contracts/exam';
import { api } from '../../lib/api';

export const examApi = {
  current: () => api<CurrentExamResponse>('/api/exam/current').then((r) => r.exam),
  availability: (level: ContentLevel) => api<ExamAvailabilityResponse>(`/api/exam/availability?level=${encodeURIComponent(level)}`),
  start: (level: ContentLevel) => api<ExamView>('/api/exam', { json: { level } }),
  exam: (id: string) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}`),
  answer: (id: string, body: ExamAnswerBody) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}/answers`, { json: body }),
  review: (id: string) => api<ExamReviewResponse>(`/api/exam/${encodeURIComponent(id)}/review`),
};
