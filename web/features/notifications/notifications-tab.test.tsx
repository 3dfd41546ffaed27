import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NotificationDetail } from '../../../contracts/notifications';
import { renderWithProviders } from '../../../tests/support/render';
import { NotificationsTab } from './notifications-tab';

/** The edition modal loads two rich-text editors (tiptap, a chunk of its own): more than 5 s on a busy machine. */
const SLOW = 30_000;

const PROJECT = '00000000-0000-4000-8000-000000000001';
const WELCOME = '00000000-0000-4000-8000-0000000000c1';
const ACTIVITY = '00000000-0000-4000-8000-0000000000a1';
const GROUP = '00000000-0000-4000-8000-0000000000b1';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const welcome: NotificationDetail = {
  id: WELCOME,
  trigger: 'activity',
  activityId: ACTIVITY,
  groupId: null,
  targetName: { fr: 'Plénière d’ouverture', en: 'Opening plenary' },
  direction: 'in',
  subject: { fr: 'Bienvenue', en: 'Welcome' },
  body: { fr: '<p>Bonjour</p>', en: '<p>Hello</p>' },
  active: true,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
};
const { body: _body, ...welcomeRow } = welcome;

let items: unknown[];
let sent: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  items = [welcomeRow];
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://x');
      const method = init.method ?? 'GET';
      const page = (list: unknown[]) => json(200, { items: list, page: 1, pageSize: 25, total: list.length });
      if (method === 'GET') {
        if (url.pathname.endsWith('/notifications')) return page(items);
        if (url.pathname.endsWith(`/notifications/${WELCOME}`)) return json(200, welcome);
        if (url.pathname.endsWith('/activities')) return page([]);
        if (url.pathname.endsWith('/groups'))
          return json(200, {
            categories: [
              {
                id: 'c1',
                name: { fr: 'Secteurs', en: 'Sectors' },
                groups: [
                  {
                    id: GROUP,
                    categoryId: 'c1',
                    name: { fr: 'Agroalimentaire', en: 'Food' },
                    memberCount: 3,
                  },
                ],
              },
            ],
          });
        return json(404, { status: 404, code: 'notFound', title: 'not found' });
      }
      const body = init.body ? JSON.parse(String(init.body)) : undefined;
      sent.push({ method, url: url.pathname, body });
      if (method === 'DELETE') {
        items = [];
        return json(200, { ok: true });
      }
      if (url.pathname.endsWith('/active')) return json(200, { ...welcomeRow, active: body.active });
      return json(200, { ...welcome, ...body });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('automatic notifications tab (J5)', () => {
  it('lists what fires each notification, switches one off and deletes one after a confirmation', async () => {
    renderWithProviders(<NotificationsTab projectId={PROJECT} />);
    const row = (await screen.findByText('Plénière d’ouverture')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Activité')).toBeTruthy();
    expect(within(row).getByText('Participant ajouté')).toBeTruthy();
    expect(within(row).getByText('Bienvenue')).toBeTruthy();

    await userEvent.click(within(row).getByRole('switch', { name: 'Notification « Bienvenue » active' }));
    await waitFor(() =>
      expect(sent).toEqual([
        {
          method: 'PUT',
          url: `/api/projects/${PROJECT}/notifications/${WELCOME}/active`,
          body: { active: false },
        },
      ]),
    );
    expect(await screen.findByText('Notification désactivée.')).toBeTruthy();

    await userEvent.click(within(row).getByRole('button', { name: 'Supprimer « Bienvenue »' }));
    const dialog = await screen.findByRole('dialog', { name: 'Supprimer la notification' });
    expect(within(dialog).getByText(/La notification « Bienvenue » sera supprimée/)).toBeTruthy();
    expect(sent).toHaveLength(1);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Supprimer' }));
    await waitFor(() => expect(sent[1]).toMatchObject({ method: 'DELETE' }));
    expect(await screen.findByText(/Aucune notification automatique pour ce projet/)).toBeTruthy();
  });

  it(
    'in English, refuses a new notification without its group, subject or message, and saves an edited one',
    async () => {
      renderWithProviders(<NotificationsTab projectId={PROJECT} />, { language: 'en' });
      await screen.findByText('Opening plenary');
      await userEvent.click(screen.getByRole('button', { name: 'New notification' }));
      let dialog = await screen.findByRole('dialog', { name: 'New automatic notification' });
      await userEvent.click(within(dialog).getByRole('radio', { name: 'Group' }));
      expect(await within(dialog).findByPlaceholderText('Choose a group')).toBeTruthy();
      await userEvent.click(within(dialog).getByRole('button', { name: 'Create' }));
      expect(await within(dialog).findByText('Choose the group that triggers this e-mail.')).toBeTruthy();
      // Under the French subject and under the French message (once its editor has loaded).
      await waitFor(
        () =>
          expect(within(dialog).getAllByText('Write it at least in French or in English.')).toHaveLength(2),
        { timeout: 10_000 },
      );
      expect(sent).toEqual([]);
      await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
      await userEvent.click(await screen.findByRole('button', { name: 'Leave without saving' }));

      await userEvent.click(screen.getByRole('button', { name: 'Edit “Welcome”' }));
      dialog = await screen.findByRole('dialog', { name: 'Edit the automatic notification' });
      const subject = await within(dialog).findByLabelText('Subject in English');
      await userEvent.clear(subject);
      await userEvent.type(subject, 'Welcome aboard');
      await userEvent.click(
        within(dialog).getByRole('radio', { name: 'the participant is removed from the activity' }),
      );
      await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
      await waitFor(() =>
        expect(sent).toEqual([
          {
            method: 'PUT',
            url: `/api/projects/${PROJECT}/notifications/${WELCOME}`,
            body: {
              trigger: 'activity',
              activityId: ACTIVITY,
              groupId: null,
              direction: 'out',
              subject: { fr: 'Bienvenue', en: 'Welcome aboard' },
              body: { fr: '<p>Bonjour</p>', en: '<p>Hello</p>' },
              active: true,
            },
          },
        ]),
      );
      expect(await screen.findByText('Notification saved.')).toBeTruthy();
    },
    SLOW,
  );
});
