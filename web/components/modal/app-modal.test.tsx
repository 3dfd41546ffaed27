import { Button, TextInput } from '@mantine/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { AppModal } from './app-modal';

/** A page with a first-level modal holding a field, which opens a second-level modal. */
function Stack({ dirty = false, onCloseFirst }: { dirty?: boolean; onCloseFirst?: () => void }) {
  const [first, setFirst] = useState(false);
  const [second, setSecond] = useState(false);
  return (
    <>
      <Button onClick={() => setFirst(true)}>Ouvrir le premier</Button>
      <AppModal
        opened={first}
        onClose={() => {
          onCloseFirst?.();
          setFirst(false);
        }}
        title="Premier"
        dirty={dirty}
      >
        <TextInput label="Nom" />
        <Button onClick={() => setSecond(true)}>Ouvrir le second</Button>
        <AppModal opened={second} onClose={() => setSecond(false)} title="Second">
          <p>Contenu du second</p>
        </AppModal>
      </AppModal>
    </>
  );
}

const dialog = (name: string) => screen.getByRole('dialog', { name });
const queryDialog = (name: string) => screen.queryByRole('dialog', { name });
/** The stacking order of a dialog: its modal root's z-index. */
const zIndexOf = (name: string) =>
  Number((dialog(name).closest('.mantine-Modal-root') as HTMLElement).style.getPropertyValue('--mb-z-index'));

async function openFirst() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Ouvrir le premier' }));
  expect(dialog('Premier')).toBeTruthy();
  return user;
}

describe('AppModal stacking (P6)', () => {
  it('keeps a first-level modal open on Escape', async () => {
    const onCloseFirst = vi.fn();
    renderWithProviders(<Stack onCloseFirst={onCloseFirst} />);
    const user = await openFirst();

    await user.keyboard('{Escape}');
    expect(dialog('Premier')).toBeTruthy();
    expect(onCloseFirst).not.toHaveBeenCalled();
  });

  it('closes a second-level modal on Escape, leaving the first open', async () => {
    renderWithProviders(<Stack />);
    const user = await openFirst();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le second' }));
    expect(dialog('Second')).toBeTruthy();

    await user.keyboard('{Escape}');
    expect(queryDialog('Second')).toBeNull();
    expect(dialog('Premier')).toBeTruthy();
  });

  it('puts the second level above the first', async () => {
    renderWithProviders(<Stack />);
    const user = await openFirst();
    await user.click(screen.getByRole('button', { name: 'Ouvrir le second' }));

    expect(zIndexOf('Second')).toBeGreaterThan(zIndexOf('Premier'));
  });

  it('closes with its close button', async () => {
    renderWithProviders(<Stack />);
    const user = await openFirst();
    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Fermer' })[0]);
    expect(queryDialog('Premier')).toBeNull();
  });

  it('unmounts its content on close, so a reopened modal starts clean', async () => {
    renderWithProviders(<Stack />);
    const user = await openFirst();
    await user.type(screen.getByRole('textbox', { name: 'Nom' }), 'Salon 2026');
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveProperty('value', 'Salon 2026');

    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Fermer' })[0]);
    expect(queryDialog('Premier')).toBeNull();
    expect(screen.queryByRole('textbox', { name: 'Nom' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Ouvrir le premier' }));
    expect(screen.getByRole('textbox', { name: 'Nom' })).toHaveProperty('value', '');
  });
});

describe('AppModal with unsaved changes (P7)', () => {
  it('asks to quit or stay; staying keeps it open', async () => {
    const onCloseFirst = vi.fn();
    renderWithProviders(<Stack dirty onCloseFirst={onCloseFirst} />);
    const user = await openFirst();

    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Fermer' })[0]);
    const ask = dialog('Modifications non enregistrées');
    expect(
      within(ask).getByText('Si vous quittez maintenant, vos modifications seront perdues.'),
    ).toBeTruthy();
    expect(zIndexOf('Modifications non enregistrées')).toBeGreaterThan(zIndexOf('Premier'));

    await user.click(within(ask).getByRole('button', { name: 'Rester sur la page' }));
    expect(queryDialog('Modifications non enregistrées')).toBeNull();
    expect(dialog('Premier')).toBeTruthy();
    expect(onCloseFirst).not.toHaveBeenCalled();
  });

  it('closes when the user chooses to quit', async () => {
    const onCloseFirst = vi.fn();
    renderWithProviders(<Stack dirty onCloseFirst={onCloseFirst} />);
    const user = await openFirst();

    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Fermer' })[0]);
    await user.click(screen.getByRole('button', { name: 'Quitter sans enregistrer' }));
    expect(onCloseFirst).toHaveBeenCalledTimes(1);
    expect(queryDialog('Premier')).toBeNull();
    expect(queryDialog('Modifications non enregistrées')).toBeNull();
  });

  it('asks in English', async () => {
    renderWithProviders(<Stack dirty />, { language: 'en' });
    const user = await openFirst();
    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Close' })[0]);
    expect(dialog('Unsaved changes')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Stay on the page' })).toBeTruthy();
  });

  it('does not ask when nothing changed', async () => {
    renderWithProviders(<Stack />);
    const user = await openFirst();
    await user.click(within(dialog('Premier')).getAllByRole('button', { name: 'Fermer' })[0]);
    expect(queryDialog('Modifications non enregistrées')).toBeNull();
    expect(queryDialog('Premier')).toBeNull();
  });
});
