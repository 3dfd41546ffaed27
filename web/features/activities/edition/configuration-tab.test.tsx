import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Activity } from '../../../../contracts/activities';
import type { Language } from '../../../../contracts/http';
import { renderRoute } from '../../../../tests/support/render';
import { i18n } from '../../../lib/i18n';
import { ConfigurationTab } from './configuration-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
/** The tab loads two rich-text editors (tiptap, a chunk of its own): more than the default 5 s on a busy machine. */
const SLOW = 20_000;
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

/** The server's 400 with a field error under the start. */
const refusedStart = (code: string, message: string) =>
  json(400, {
    status: 400,
    code: 'validation',
    title: 'invalid',
    fields: [{ field: 'startsAt', code, message }],
  });

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
  return renderRoute(() => <ConfigurationTab projectId={PROJECT} activityId={ACTIVITY} />, {
    language,
    path: '/projects/$projectId/activities/$activityId',
    params: { projectId: PROJECT, activityId: ACTIVITY },
  });
}

/** The tab's form once the activity is read. */
async function form() {
  await screen.findByDisplayValue('Atelier de nuit');
  return screen.findByTestId('activity-configuration');
}

/** The field's wrapper, where Mantine writes its error. */
const wrapperOf = (node: HTMLElement) => node.closest('.mantine-InputWrapper-root') as HTMLElement;

describe.each(['fr', 'en'] as const)('activity configuration tab (%s)', (language) => {
  const L = LABELS[language];

  it(
    'shows a time that daylight saving skips under the start, as the server words it',
    async () => {
      const message = i18n.t('validation.activities.nonexistentTime', {
        time: '01:30',
        date: '2026-11-01',
        timeZone: 'America/Toronto',
      });
      answers.push(refusedStart('validation.activities.nonexistentTime', message));
      await render(language);
      const dialog = await form();
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));
      const start = await within(dialog).findByText(L.start);
      await waitFor(() => expect(within(wrapperOf(start)).getByText(message)).toBeTruthy());
      expect(within(dialog).queryByRole('radiogroup')).toBeNull();
    },
    SLOW,
  );

  it(
    'asks which of the two instants a time lived twice means, and sends the choice',
    async () => {
      const message = i18n.t('validation.activities.ambiguousTime', {
        time: '01:30',
        date: '2026-11-01',
        timeZone: 'America/Toronto',
        earlier: '01:30 UTC-04:00 (2026-11-01T05:30:00.000Z)',
        later: '01:30 UTC-05:00 (2026-11-01T06:30:00.000Z)',
      });
      answers.push(refusedStart('validation.activities.ambiguousTime', message));
      await render(language);
      const dialog = await form();
      expect(within(dialog).queryByRole('radiogroup')).toBeNull();
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));

      // The server's message names both instants; the choice appears under it.
      await within(dialog).findByText(message);
      await within(dialog).findByRole('radiogroup', { name: i18n.t('activities.dst.which') });
      await userEvent.click(within(dialog).getByRole('radio', { name: L.later }));
      await new Promise((resolve) => setTimeout(resolve, 1_050)); // the double-click guard (P8)
      await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));
      await waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[0].body.startsAtOffset).toBeUndefined();
      expect(sent[1]).toMatchObject({
        method: 'PUT',
        body: { startsAt: '2026-11-01T01:30', startsAtOffset: 'later' },
      });
      await screen.findByText(i18n.t('activities.notifications.saved'));
    },
    SLOW,
  );
});
