import { Button } from '@mantine/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { InfoWindowProvider, useInfoWindow } from './info-window';
import { ParticipantInfoButton } from './participant-info-window';

/** The open window, as the page shows it: its name and a close button. */
function OpenWindow() {
  const { openId, close } = useInfoWindow();
  if (!openId) return null;
  return (
    <div role="dialog" aria-label={openId}>
      <Button onClick={close}>Fermer</Button>
    </div>
  );
}

function Page() {
  return (
    <InfoWindowProvider>
      <ParticipantInfoButton id="alex" name="Alex Tremblay" />
      <ParticipantInfoButton id="sam" name="Sam Roy" />
      <OpenWindow />
    </InfoWindowProvider>
  );
}

describe('only one participant info window at a time (§5 CantOpenMoreEditionModal)', () => {
  it('refuses a second window with the translated message and keeps the first one open', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Fiche : Alex Tremblay' }));
    expect(screen.getByRole('dialog', { name: 'alex' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Fiche : Sam Roy' }));
    expect(
      await screen.findByText('Une fiche est déjà ouverte : fermez-la avant d’en ouvrir une autre.'),
    ).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'alex' })).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: 'sam' })).toBeNull();

    // Once closed, another one opens.
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await user.click(screen.getByRole('button', { name: 'Fiche : Sam Roy' }));
    expect(screen.getByRole('dialog', { name: 'sam' })).toBeTruthy();
  });

  it('speaks English to an English reader', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />, { language: 'en' });
    await user.click(screen.getByRole('button', { name: 'Record of Alex Tremblay' }));
    await user.click(screen.getByRole('button', { name: 'Record of Sam Roy' }));
    expect(
      await screen.findByText('A record is already open: close it before opening another one.'),
    ).toBeTruthy();
  });
});
