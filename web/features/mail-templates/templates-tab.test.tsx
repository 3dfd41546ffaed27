import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { buildTemplate, fakeTemplateApi, PROJECT, SLOW, templatesUrl } from './fixtures';
import { MailTemplatesTab } from './templates-tab';

// What ProseMirror measures and jsdom does not have (the bodies' editors).
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) };
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect as DOMRect;
  document.elementFromPoint = () => null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REMINDER = buildTemplate(1, 'Rappel de la veille');
const THANKS = buildTemplate(2, 'Merci de votre participation');

function render(language: 'fr' | 'en') {
  renderWithProviders(<MailTemplatesTab projectId={PROJECT} />, { language });
  return screen.findByRole('table', { name: i18n.t('mailTemplates.title') });
}

describe.each(['fr', 'en'] as const)('the templates tab (%s)', (language) => {
  it(
    'shows the loading state, then a first step when the project has no template',
    async () => {
      let release = () => {};
      const api = fakeTemplateApi([]);
      api.hold = new Promise((resolve) => {
        release = resolve;
      });
      await render(language);
      const overlay = () => document.querySelector('.mantine-LoadingOverlay-root');
      await waitFor(() => expect(overlay()).not.toBeNull());
      expect(screen.queryByTestId('templates-empty')).toBeNull();
      release();
      const empty = await screen.findByTestId('templates-empty');
      await waitFor(() => expect(overlay()).toBeNull());
      expect(within(empty).getByText(i18n.t('mailTemplates.emptyProject'))).toBeTruthy();
      expect(within(empty).getByRole('button', { name: i18n.t('mailTemplates.add') })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'lists the templates by name with their subject in the reader’s language',
    async () => {
      fakeTemplateApi([REMINDER, THANKS]);
      const table = await render(language);
      await within(table).findByText(THANKS.name);
      const rows = within(table).getAllByRole('row').slice(1);
      expect(rows.map((row) => within(row).getAllByRole('cell')[0].textContent)).toEqual([
        THANKS.name,
        REMINDER.name,
      ]);
      expect(within(rows[1]).getByText(REMINDER.subject[language])).toBeTruthy();
    },
    SLOW,
  );

  it(
    'adds a template: a name of 3 characters is refused under its red-bordered field, 4 are saved',
    async () => {
      const api = fakeTemplateApi([]);
      const user = userEvent.setup();
      await render(language);
      await user.click(await screen.findByRole('button', { name: i18n.t('mailTemplates.add') }));
      const dialog = await screen.findByRole('dialog', { name: i18n.t('mailTemplates.addTitle') });
      const name = within(dialog).getByRole('textbox', {
        name: new RegExp(i18n.t('mailTemplates.fields.name')),
      });
      await user.type(name, 'abc');
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      const wrapper = name.closest('.mantine-InputWrapper-root') as HTMLElement;
      expect(await within(wrapper).findByText(i18n.t('validation.mailTemplates.name'))).toBeTruthy();
      // Mantine draws the red border of an input in error (data-error), which is also announced as invalid.
      expect(name.getAttribute('aria-invalid')).toBe('true');
      expect(name.hasAttribute('data-error')).toBe(true);
      expect(api.sent.filter((call) => call.method === 'POST')).toEqual([]);

      await user.type(name, 'd');
      await user.type(
        within(dialog).getByRole('textbox', { name: i18n.t('mailTemplates.fields.subjectFr') }),
        'Demain',
      );
      // A second submit within a second of the first is ignored (P8's double-click guard), as a user pausing waits.
      await new Promise((resolve) => setTimeout(resolve, 1_050));
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.create') }));
      expect(await screen.findByText(i18n.t('mailTemplates.notifications.created'))).toBeTruthy();
      expect(api.sent.find((call) => call.method === 'POST')).toEqual({
        method: 'POST',
        path: templatesUrl,
        body: { name: 'abcd', subject: { fr: 'Demain', en: '' }, body: { fr: '', en: '' } },
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(await screen.findByRole('cell', { name: 'abcd' })).toBeTruthy();
    },
    SLOW,
  );

  it(
    'edits a template read with its bodies',
    async () => {
      const api = fakeTemplateApi([REMINDER]);
      const user = userEvent.setup();
      await render(language);
      await user.click(
        await screen.findByRole('button', {
          name: i18n.t('mailTemplates.editNamed', { name: REMINDER.name }),
        }),
      );
      const dialog = await screen.findByRole('dialog', {
        name: i18n.t('mailTemplates.editTitle', { name: REMINDER.name }),
      });
      const name = await within(dialog).findByRole('textbox', {
        name: new RegExp(i18n.t('mailTemplates.fields.name')),
      });
      expect((name as HTMLInputElement).value).toBe(REMINDER.name);
      await user.clear(name);
      await user.type(name, 'Rappel du jour J');
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.save') }));
      expect(await screen.findByText(i18n.t('mailTemplates.notifications.saved'))).toBeTruthy();
      // The bodies went through the editor and back, their merge-tag chip with them.
      expect(api.sent.find((call) => call.method === 'PUT')).toEqual({
        method: 'PUT',
        path: `${templatesUrl}/${REMINDER.id}`,
        body: {
          name: 'Rappel du jour J',
          subject: REMINDER.subject,
          body: {
            fr: expect.stringContaining('data-merge-tag="firstName"'),
            en: expect.stringContaining('data-merge-tag="firstName"'),
          },
        },
      });
    },
    SLOW,
  );

  it(
    'deletes a template after a confirmation that names it',
    async () => {
      const api = fakeTemplateApi([REMINDER, THANKS]);
      const user = userEvent.setup();
      await render(language);
      await user.click(
        await screen.findByRole('button', {
          name: i18n.t('mailTemplates.deleteNamed', { name: THANKS.name }),
        }),
      );
      const dialog = await screen.findByRole('dialog', { name: i18n.t('mailTemplates.deleteTitle') });
      expect(
        within(dialog).getByText(i18n.t('mailTemplates.deleteBody', { name: THANKS.name })),
      ).toBeTruthy();
      expect(api.sent.some((call) => call.method === 'DELETE')).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: i18n.t('common.delete') }));
      expect(await screen.findByText(i18n.t('mailTemplates.notifications.deleted'))).toBeTruthy();
      expect(api.sent.filter((call) => call.method === 'DELETE').map((call) => call.path)).toEqual([
        `${templatesUrl}/${THANKS.id}`,
      ]);
      await waitFor(() => expect(screen.queryByRole('cell', { name: THANKS.name })).toBeNull());
      expect(screen.getByRole('cell', { name: REMINDER.name })).toBeTruthy();
    },
    SLOW,
  );
});
