import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../contracts/http';
import { renderRoute } from '../../../tests/support/render';
import { i18n } from '../../lib/i18n';
import { ActivityFormModal } from './activity-form-modal';
import { fakeActivityServer, LABELS, PROJECT } from './test-server';

const { sent } = fakeActivityServer();

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
