import type { EventsResponse } from '@shared/contracts/tracking';
import { api } from '../../../lib/api';

/** The student's own question_complete events: their progress (docs/product.md §7), merged with this device's copy. */
export const getSortingCompletions = () => api<EventsResponse>('/api/events?featureType=sorting&actionType=question_complete');
