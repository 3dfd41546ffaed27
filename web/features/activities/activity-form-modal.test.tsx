import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../../contracts/activities';
import type { Language } from '../../../contracts/http';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { ActivityFormModal } from './activity-form-modal';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** An activity of a Toronto project that starts on the night clocks change. */
function activity(overrides: Partial<Activity> = {}): Activity {
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
    ...overrides,
  };
}

/** The server's answers to a save, in order; every body sent is kept. */
let answers: Response[];
let sent: { method: string; url: string; body: Record<string, unknown> }[];
beforeEach(() => {
  answers = [];
  sent = [];
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
      return answers.shift() ?? json(200, activity());
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const LABELS = {
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

function render(language: Language) {
  return renderRoute(() => <ActivityFormModal projectId={PROJECT} onClose={() => {}} />, {
    language,
    path: '/projects/$projectId/activities',
    params: { projectId: PROJECT },
  });
}

/** The add modal once its form shows. */
const modal = (key: 'addTitle') => screen.findByRole('dialog', { name: i18n.t(`activities.${key}`) });

describe.each(['fr', 'en'] as const)('activity add modal (%s)', (language) => {
  const L = LABELS[language];

  it('hides the start and the duration while "no date" is on, and sends the activity without them required', async () => {
    await render(language);
    const dialog = await modal('addTitle');
    expect(within(dialog).getByText(L.start)).toBeTruthy();
    expect(within(dialog).getByLabelText(L.duration)).toBeTruthy();

    await userEvent.click(within(dialog).getByRole('switch', { name: L.noDate }));
    expect(within(dialog).queryByText(L.start)).toBeNull();
    expect(within(dialog).queryByLabelText(L.duration)).toBeNull();

    await userEvent.type(
      within(dialog).getByRole('textbox', { name: new RegExp(`^${L.titleFr}`) }),
      'Kiosque',
    );
    await userEvent.type(within(dialog).getByRole('textbox', { name: new RegExp(`^${L.titleEn}`) }), 'Kiosk');
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      method: 'POST',
      body: { title: { fr: 'Kiosque', en: 'Kiosk' }, noDate: true, startsAt: null },
    });
    await screen.findByText(i18n.t('activities.notifications.created'));
  });
});
