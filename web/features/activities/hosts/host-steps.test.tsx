import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../../../../tests/support/render';
import { i18n } from '../../../lib/i18n';
import { ActivityFormModal } from '../activity-form-modal';
import { ACTIVITY, activity, json, PROJECT } from '../test-server';

/** The activity the form creates: without a date. */
const created = activity({
  title: { fr: 'Table ronde', en: 'Round table' },
  noDate: true,
  startsAt: null,
  startsAtLocal: null,
  startsAtUtcOffset: null,
  endsAt: null,
  endsAtLocal: null,
});

/** The server's answers to the calls that change something, in order; every one sent is kept. */
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
        return json(200, { id: PROJECT, timeZone: 'America/Toronto' });
      }
      sent.push({ method, url, body: JSON.parse(String(init.body)) });
      return answers.shift() ?? json(200, created);
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const field = (scope: HTMLElement, key: string) =>
  within(scope).getByRole('textbox', { name: new RegExp(`^${i18n.t(key)}`) });

describe.each(['fr', 'en'] as const)('the add modal’s host step (%s)', (language) => {
  it('looks the e-mail up, keeps the host; a refusal after the activity shows the server’s message, the e-mail disabled, and a new submit edits the activity and retries the host', async () => {
    await renderRoute(() => <ActivityFormModal projectId={PROJECT} onClose={() => {}} />, {
      language,
      path: '/projects/$projectId/activities',
      params: { projectId: PROJECT },
    });
    const dialog = await screen.findByRole('dialog', { name: i18n.t('activities.addTitle') });
    await userEvent.type(field(dialog, 'activities.fields.titleFr'), 'Table ronde');
    await userEvent.type(field(dialog, 'activities.fields.titleEn'), 'Round table');
    await userEvent.click(within(dialog).getByRole('switch', { name: i18n.t('activities.fields.noDate') }));

    // Step 1: the lookup says the address is invalid.
    const steps = within(dialog).getByTestId('host-steps');
    answers.push(json(200, { valid: false, email: 'nope', firstName: null, lastName: null }));
    await userEvent.type(field(steps, 'activities.hosts.fields.email'), 'nope');
    await userEvent.click(
      within(steps).getByRole('button', { name: i18n.t('activities.hosts.steps.lookup') }),
    );
    await within(steps).findByText(i18n.t('activities.hosts.steps.invalidEmail'));

    // A known person: step 2, names filled in.
    answers.push(json(200, { valid: true, email: 'lea@exemple.test', firstName: 'Léa', lastName: 'Roy' }));
    const email = field(steps, 'activities.hosts.fields.email');
    await userEvent.clear(email);
    await userEvent.type(email, 'Lea@exemple.test{Enter}');
    await within(steps).findByText(i18n.t('activities.hosts.steps.known'));
    expect(sent.at(-1)).toMatchObject({
      url: `/api/projects/${PROJECT}/host-lookup`,
      body: { email: 'Lea@exemple.test' },
    });
    expect(field(steps, 'activities.hosts.fields.firstName')).toHaveProperty('value', 'Léa');
    expect(email).toHaveProperty('disabled', true);
    await userEvent.click(within(steps).getByRole('button', { name: i18n.t('activities.hosts.steps.keep') }));
    await within(steps).findByTestId('host-kept');

    // The activity is created, the host refused.
    const refusal = i18n.t('validation.activityHosts.emailTaken');
    answers.push(json(200, created));
    answers.push(
      json(400, {
        status: 400,
        code: 'validation',
        title: 'invalid',
        fields: [{ field: 'email', code: 'validation.activityHosts.emailTaken', message: refusal }],
      }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
    await waitFor(() => expect(steps.getAttribute('data-step')).toBe('2'));
    expect(sent.slice(-2).map((s) => [s.method, s.url])).toEqual([
      ['POST', `/api/projects/${PROJECT}/activities`],
      ['POST', `/api/projects/${PROJECT}/activities/${ACTIVITY}/hosts`],
    ]);
    expect(within(steps).getByRole('alert').textContent).toContain(refusal);
    expect(field(steps, 'activities.hosts.fields.email')).toHaveProperty('disabled', true);

    // Kept again and submitted: the activity is saved as an edit (not a second one), the host created.
    await userEvent.click(within(steps).getByRole('button', { name: i18n.t('activities.hosts.steps.keep') }));
    await new Promise((resolve) => setTimeout(resolve, 1_050)); // the double-click guard (P8)
    answers.push(json(200, created));
    answers.push(json(200, { id: ACTIVITY, email: 'lea@exemple.test', firstName: 'Léa', lastName: 'Roy' }));
    await userEvent.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
    await screen.findByText(i18n.t('activities.notifications.created'));
    expect(sent.slice(-2).map((s) => [s.method, s.url])).toEqual([
      ['PUT', `/api/projects/${PROJECT}/activities/${ACTIVITY}`],
      ['POST', `/api/projects/${PROJECT}/activities/${ACTIVITY}/hosts`],
    ]);
    expect(sent.at(-1)?.body).toEqual({ email: 'lea@exemple.test', firstName: 'Léa', lastName: 'Roy' });
  }, 60_000);
});
