import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { MailTemplate } from '../../../contracts/mail-templates';
import { renderWithProviders } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { buildTemplate, fakeTemplateApi, PROJECT, SLOW, TAG, templatesUrl } from './fixtures';
import { type TemplateDraft, TemplateImport } from './template-import';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const REMINDER = buildTemplate(1, 'Rappel de la veille');
const THANKS = buildTemplate(2, 'Merci de votre participation');
const EMPTY: TemplateDraft = { subject: { fr: '', en: '' }, body: { fr: '', en: '' } };

async function render(language: 'fr' | 'en', draft: TemplateDraft) {
  const onImport = vi.fn<(template: MailTemplate) => void>();
  const user = userEvent.setup();
  renderWithProviders(<TemplateImport projectId={PROJECT} draft={draft} onImport={onImport} />, { language });
  const select = screen.getByRole('combobox', { name: i18n.t('mailTemplates.import.label') });
  const button = screen.getByRole('button', { name: i18n.t('mailTemplates.import.button') });
  const choose = async (name: string) => {
    await user.click(select);
    await user.click(await screen.findByRole('option', { name }));
  };
  return { onImport, user, select, button, choose };
}

describe.each(['fr', 'en'] as const)('importing a template (%s)', (language) => {
  it(
    'offers the project’s templates by name; the button waits for a choice',
    async () => {
      fakeTemplateApi([REMINDER, THANKS]);
      const { user, select, button } = await render(language, EMPTY);
      expect(button.hasAttribute('disabled')).toBe(true);
      await user.click(select);
      const options = await screen.findAllByRole('option');
      expect(options.map((option) => option.textContent)).toEqual([THANKS.name, REMINDER.name]);
      await user.click(options[1]);
      await waitFor(() => expect(button.hasAttribute('disabled')).toBe(false));
    },
    SLOW,
  );

  it(
    'fills an empty message with the chosen template, both languages',
    async () => {
      const api = fakeTemplateApi([REMINDER, THANKS]);
      const { onImport, user, button, choose } = await render(language, {
        subject: { fr: '  ', en: '' },
        body: { fr: '<p></p>', en: '<p>&nbsp;</p>' },
      });
      await choose(REMINDER.name);
      await user.click(button);
      await waitFor(() => expect(onImport).toHaveBeenCalledTimes(1));
      expect(onImport.mock.calls[0][0]).toEqual(REMINDER);
      expect(api.sent.at(-1)).toEqual({
        method: 'GET',
        path: `${templatesUrl}/${REMINDER.id}`,
        body: undefined,
      });
      expect(
        await screen.findByText(i18n.t('mailTemplates.notifications.imported', { name: REMINDER.name })),
      ).toBeTruthy();
      expect(screen.queryByText(i18n.t('mailTemplates.import.notEmpty'))).toBeNull();
    },
    SLOW,
  );

  it.each([
    ['a subject', { ...EMPTY, subject: { fr: '', en: 'Tomorrow' } }],
    ['a body', { ...EMPTY, body: { fr: '<p>Bonjour</p>', en: '' } }],
    ['a merge tag alone in a body', { ...EMPTY, body: { fr: '', en: `<p>${TAG}</p>` } }],
  ])(
    'refuses while the message has %s, saying why',
    async (_what, draft) => {
      const api = fakeTemplateApi([REMINDER]);
      const { onImport, user, button, choose } = await render(language, draft);
      await choose(REMINDER.name);
      await user.click(button);
      const alert = await screen.findByRole('alert');
      expect(within(alert).getByText(i18n.t('mailTemplates.import.notEmpty'))).toBeTruthy();
      expect(onImport).not.toHaveBeenCalled();
      expect(api.sent.some((call) => call.path === `${templatesUrl}/${REMINDER.id}`)).toBe(false);
    },
    SLOW,
  );

  it(
    'says when the project has no template',
    async () => {
      fakeTemplateApi([]);
      const { select, button } = await render(language, EMPTY);
      await waitFor(() =>
        expect(select.getAttribute('placeholder')).toBe(i18n.t('mailTemplates.import.none')),
      );
      expect(select.hasAttribute('disabled')).toBe(true);
      expect(button.hasAttribute('disabled')).toBe(true);
    },
    SLOW,
  );
});
