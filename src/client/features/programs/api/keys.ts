import { queryRoots } from '../../../lib/query-keys';

// Programs' query keys (decision 106): the student's classes on one root, the instructor's classes on another.

export const classKeys = {
  all: [queryRoots.classes] as const,
  mine: () => [...classKeys.all, 'mine'] as const,
  preview: () => [...classKeys.all, 'preview'] as const,
};

export const instructorKeys = {
  all: [queryRoots.instructor] as const,
  classes: () => [...instructorKeys.all, 'classes'] as const,
  detail: (id: string) => [...instructorKeys.all, 'class', id] as const,
  assignments: (id: string) => [...instructorKeys.all, 'class', id, 'assignments'] as const,
  outcomes: (id: string) => [...instructorKeys.all, 'class', id, 'outcomes'] as const,
};
