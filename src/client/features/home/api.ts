import { api } from '../../lib/api';

export interface HomeData {
  profile: { email: string; firstName: string | null; lastName: string | null; courseLevel: 'Paramedic' | 'EMT' | 'Both'; role: string };
  streak: {
    days: number;
    rank: string;
    next: { name: string; daysTo: number } | null;
    celebration: { threshold: number; rank: string; next: { name: string; daysTo: number } | null } | null;
    newBadges: { id: number; name: string; imageUrl: string }[];
  };
  stats: { cardsStudied: number; correct: number; wrong: number; flagged: number; accuracy: number };
  resources: { key: string; title: string; description: string; url: string; imageUrl: string; kind: 'course' | 'guide' }[];
  contentVersion: string | null;
}

export function fetchHome(): Promise<HomeData> {
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  return api<HomeData>('/api/home', { json: { timeZone } });
}
