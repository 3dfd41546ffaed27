import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Activity } from '../../../contracts/activities';
import { json } from '../../../tests/support/fake-api';

/** What the activity form tests share: a project, an activity of it, and a fake server for the form's calls. */

export const PROJECT = '00000000-0000-4000-8000-000000000001';
export const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';

export { json };

/** An activity of a Toronto project that starts on the night clocks change. */
export function activity(overrides: Partial<Activity> = {}): Activity {
  return {
    id: ACTIVITY,
    title: { fr: 'Atelier de nuit', en: 'Night workshop' },
    type: 'session',
    category: null,
    section: null,
    noDate: false,
    startsAt: '2026-11-01T05:30:00.000Z',
    startsAtLocal: '2026-11-01T01:30',
    startsAtOffset: null,
    startsAtUtcOffset: '-04:00',
    durationMinutes: 60,
    endsAt: '2026-11-01T06:30:00.000Z',
    endsAtLocal: '2026-11-01T01:30',
    maxMembers: null,
    hybridType: 'inPerson',
    location: null,
    parentId: null,
    backgroundColor: null,
    timeZone: 'America/Toronto',
    description: { fr: '', en: '' },
    childCount: 0,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    version: 1,
    ...overrides,
  };
}

/** The labels of the form's date fields, in both languages. */
export const LABELS = {
  fr: {
    titleFr: 'Titre en français',
    titleEn: 'Titre en anglais',
    noDate: 'Sans date',
    start: 'Début',
    duration: 'Durée (minutes)',
    later: 'La seconde (heure normale, après le recul)',
  },
  en: {
    titleFr: 'Title in French',
    titleEn: 'Title in English',
    noDate: 'No date',
    start: 'Start',
    duration: 'Duration (minutes)',
    later: 'The second (standard time, after clocks go back)',
  },
} as const;

export type SentCall = { method: string; url: string; body: Record<string, unknown> };

/**
 * The server the form talks to, for each test: the sections and categories (none), the activity, the project (in
 * Toronto); the calls that change something answer `answers` in order, else `saved()`, and are kept in `sent`.
 */
export function fakeActivityServer(saved: () => unknown = () => activity()) {
  const answers: Response[] = [];
  const sent: SentCall[] = [];
  beforeEach(() => {
    answers.length = 0;
    sent.length = 0;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        const url = String(input);
        const method = init.method ?? 'GET';
        if (method === 'GET') {
          if (url.includes('/activity-sections') || url.includes('/activity-categories'))
            return json(200, { items: [] });
          if (url.includes(`/activities/${ACTIVITY}`)) return json(200, activity());
          return json(200, { id: PROJECT, timeZone: 'America/Toronto' });
        }
        sent.push({ method, url, body: JSON.parse(String(init.body)) });
        return answers.shift() ?? json(200, saved());
      }),
    );
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });
  return { answers, sent };
}
