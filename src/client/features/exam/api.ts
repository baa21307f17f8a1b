import type { ContentLevel } from '@shared/constants';
import type { CurrentExamResponse, ExamAnswerBody, ExamReviewResponse, ExamView } from '@shared/contracts/exam';
import { api } from '../../lib/api';

export const examApi = {
  current: () => api<CurrentExamResponse>('/api/exam/current').then((r) => r.exam),
  start: (level: ContentLevel) => api<ExamView>('/api/exam', { json: { level } }),
  exam: (id: string) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}`),
  answer: (id: string, body: ExamAnswerBody) => api<ExamView>(`/api/exam/${encodeURIComponent(id)}/answers`, { json: body }),
  review: (id: string) => api<ExamReviewResponse>(`/api/exam/${encodeURIComponent(id)}/review`),
};
