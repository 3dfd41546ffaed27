import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../contracts/http';
import { renderRoute } from '../../../../tests/support/render';
import { i18n } from '../../../lib/i18n';
import { ACTIVITY, fakeActivityServer, json, LABELS, PROJECT } from '../test-server';
import { ConfigurationTab } from './configuration-tab';

/** The tab loads two rich-text editors (tiptap, a chunk of its own): more than the default 5 s on a busy machine. */
const SLOW = 20_000;

/** The server's 400 with a field error under the start. */
const refusedStart = (code: string, message: string) =>
  json(400, {
    status: 400,
    code: 'validation',
    title: 'invalid',
    fields: [{ field: 'startsAt', code, message }],
  });

const { answers, sent } = fakeActivityServer();

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
