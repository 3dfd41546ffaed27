import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActivityOptions } from '../../../../contracts/activity-edition';
import { renderRoute } from '../../../../tests/support/render';
import { i18n } from '../../../lib/i18n';
import { OptionsTab } from './options-tab';

const PROJECT = '00000000-0000-4000-8000-000000000001';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The options the server holds; a PATCH changes them as the server does. */
let options: ActivityOptions;
let sent: Record<string, unknown>[];
beforeEach(() => {
  options = { displayDate: true, registrationOpen: true, onLanding: false, maxMembers: 30 };
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_input: RequestInfo | URL, init: RequestInit = {}) => {
      if ((init.method ?? 'GET') === 'PATCH') {
        const body = JSON.parse(String(init.body));
        sent.push(body);
        options = { ...options, ...body };
      }
      return json(200, options);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const render = (language: 'fr' | 'en') =>
  renderRoute(() => <OptionsTab projectId={PROJECT} activityId={ACTIVITY} />, {
    language,
    path: '/projects/$projectId/activities/$activityId',
    params: { projectId: PROJECT, activityId: ACTIVITY },
  });

describe.each(['fr', 'en'] as const)('options tab (%s)', (language) => {
  it('"no limit" hides the number and saves null; a limit shows it and saves the number on Enter', async () => {
    await render(language);
    const maximum = await screen.findByLabelText(i18n.t('activities.edition.options.maximum'));
    expect((maximum as HTMLInputElement).value).toBe('30');

    await userEvent.click(
      screen.getByRole('radio', { name: i18n.t('activities.edition.options.unlimited') }),
    );
    await waitFor(() => expect(sent).toEqual([{ maxMembers: null }]));
    expect(screen.queryByLabelText(i18n.t('activities.edition.options.maximum'))).toBeNull();
    expect(screen.getByText(i18n.t('activities.edition.options.unlimitedHelp'))).toBeTruthy();

    await userEvent.click(screen.getByRole('radio', { name: i18n.t('activities.edition.options.limited') }));
    const again = await screen.findByLabelText(i18n.t('activities.edition.options.maximum'));
    await userEvent.clear(again);
    await userEvent.type(again, '12{Enter}');
    await waitFor(() => expect(sent.at(-1)).toEqual({ maxMembers: 12 }));
  });

  it('saves a switch as it changes, alone', async () => {
    await render(language);
    const registration = await screen.findByRole('switch', {
      name: new RegExp(`^${i18n.t('activities.edition.options.fields.registrationOpen')}`),
    });
    await userEvent.click(registration);
    await waitFor(() => expect(sent).toEqual([{ registrationOpen: false }]));
    await screen.findByText(i18n.t('activities.edition.options.saved'));
    await waitFor(() => expect((registration as HTMLInputElement).checked).toBe(false));
  });
});
