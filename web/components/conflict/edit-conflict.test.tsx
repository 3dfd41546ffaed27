import { Button } from '@mantine/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { ApiError } from '../../lib/api';
import { conflictTime, editConflictOf, useEditConflict } from './edit-conflict';

const SAVED_AT = '2026-11-29T19:32:00.000Z';
const conflictError = (name: string | null) =>
  new ApiError({
    status: 409,
    code: 'conflict',
    title: '…',
    savedBy: { name },
    savedAt: SAVED_AT,
  } as ConstructorParameters<typeof ApiError>[0]);

/** A form's save that fails with the conflict it is given, the dialog below it. */
function Form({ error, reload }: { error: unknown; reload: () => void }) {
  const conflict = useEditConflict({ reload, timeZone: 'America/Toronto' });
  return (
    <>
      <Button onClick={() => conflict.onError(error) || undefined}>Enregistrer</Button>
      {conflict.dialog}
    </>
  );
}

const TEXTS = {
  fr: {
    title: 'Enregistré par quelqu’un d’autre',
    saved: /^Modifié par Marie Tremblay à (le )?.*14 h 32 pendant votre édition\.$/,
    someoneElse: /^Modifié par un autre utilisateur à /,
    hint: /abandonne vos modifications/,
    reload: 'Recharger',
    cancel: 'Annuler',
  },
  en: {
    title: 'Saved by someone else',
    saved: /^Edited by Marie Tremblay at .*2:32 p\.m\. while you were editing\.$/,
    someoneElse: /^Edited by another user at /,
    hint: /discards your changes/,
    reload: 'Reload',
    cancel: 'Cancel',
  },
} as const;

describe('editConflictOf', () => {
  it('reads who saved and when from an edit conflict, and nothing from any other failure', () => {
    expect(editConflictOf(conflictError('Marie Tremblay'))).toEqual({
      savedBy: { name: 'Marie Tremblay' },
      savedAt: SAVED_AT,
    });
    // A duplicate e-mail's 409 names no author.
    expect(editConflictOf(new ApiError({ status: 409, code: 'conflict' }))).toBeNull();
    expect(editConflictOf(new Error('réseau'))).toBeNull();
  });

  it('shows the time alone on the same day, with the date otherwise', () => {
    const zone = 'America/Toronto';
    expect(conflictTime(SAVED_AT, 'fr', zone, new Date('2026-11-29T20:00:00Z'))).toBe('14 h 32');
    expect(conflictTime(SAVED_AT, 'fr', zone, new Date('2026-12-01T20:00:00Z'))).toMatch(
      /29 nov\. 2026.*14 h 32/,
    );
  });
});

describe.each(['fr', 'en'] as const)('the conflict dialog (%s)', (language) => {
  const l = TEXTS[language];

  it('names who saved and when, in the form’s zone; « Annuler » keeps the form, « Recharger » reloads', async () => {
    const user = userEvent.setup();
    const reload = vi.fn();
    renderWithProviders(<Form error={conflictError('Marie Tremblay')} reload={reload} />, { language });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: l.title });
    expect(within(dialog).getByText(l.saved)).toBeTruthy();
    expect(within(dialog).getByText(l.hint)).toBeTruthy();
    // The focus opens on the button that loses nothing, and the keyboard reaches the other.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: l.cancel })),
    );
    const results = await axe.run(dialog, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations.map((v) => v.id)).toEqual([]);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: l.title })).toBeNull());
    expect(reload).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await user.click(await screen.findByRole('button', { name: l.reload }));
    expect(reload).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: l.title })).toBeNull());
  });

  it('says « un autre utilisateur » when the author was deleted', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Form error={conflictError(null)} reload={() => undefined} />, { language });
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const dialog = await screen.findByRole('dialog', { name: l.title });
    expect(within(dialog).getByText(l.someoneElse)).toBeTruthy();
  });
});
