import { TextInput } from '@mantine/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ProjectInput } from '../../../contracts/projects';
import { projectInput } from '../../../contracts/projects';
import { renderWithProviders } from '../../../tests/support/render';
import { ApiError } from '../../lib/api';
import { ErrorDialog } from '../feedback/error-dialog';
import { DOUBLE_CLICK_GUARD_MS, SubmitButton } from './submit-button';
import { useAppForm } from './use-app-form';

const initialValues: ProjectInput = {
  nameFr: '',
  nameEn: 'Business summit',
  startsOn: '2026-05-01',
  endsOn: '2026-05-02',
  timeZone: 'America/Toronto',
  defaultLanguage: 'fr',
  externalDashboardUrl: '',
};

/** A small project form, built as the app's forms are. */
function ProjectForm({ submit }: { submit: (values: unknown) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: projectInput,
    initialValues,
    submit,
    successMessage: t('projects.notifications.saved'),
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <TextInput label={t('projects.fields.nameFr')} {...field('nameFr')} />
      <TextInput label={t('projects.fields.nameEn')} {...field('nameEn')} />
      <TextInput type="date" label={t('projects.fields.endsOn')} {...field('endsOn')} />
      <output data-testid="dirty">{dirty ? 'dirty' : 'clean'}</output>
      <SubmitButton loading={submitting}>{t('common.save')}</SubmitButton>
    </form>
  );
}

function setup(submit: (values: unknown) => Promise<unknown>, language: 'fr' | 'en' = 'fr') {
  const user = userEvent.setup();
  renderWithProviders(
    <>
      <ProjectForm submit={submit} />
      <ErrorDialog />
    </>,
    { language },
  );
  return user;
}

/** The message written under a field: the element its input is described by. */
function errorUnder(label: string) {
  const input = screen.getByLabelText(label);
  expect(input.getAttribute('aria-invalid')).toBe('true');
  const ids = (input.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

afterEach(async () => {
  // The error popup keeps its error in a module store: close it so it does not open in the next test.
  const ok = screen.queryByRole('button', { name: 'OK' });
  if (ok) await userEvent.click(ok);
});

describe('useAppForm (P8)', () => {
  it('shows the required message under an empty field, with the notice, and sends nothing', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const user = setup(submit);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(errorUnder('Nom en français')).toContain('Ce champ est obligatoire (au moins 2 caractères).');
    expect(await screen.findByText('Un champ obligatoire est vide')).toBeTruthy();
    expect(screen.getByText('Remplissez les champs indiqués en rouge, puis réessayez.')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Nom en anglais').getAttribute('aria-invalid')).toBeNull();
  });

  it('translates the client messages in English', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const user = setup(submit, 'en');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(errorUnder('Name in French')).toContain('This field is required');
    expect(await screen.findByText('A required field is empty')).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it('checks the same rules as the server: the end cannot come before the start', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const user = setup(submit);
    await user.type(screen.getByLabelText('Nom en français'), 'Sommet des affaires');
    const endsOn = screen.getByLabelText('Date de fin');
    await user.clear(endsOn);
    await user.type(endsOn, '2026-04-30');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    expect(errorUnder('Date de fin')).toContain(
      'La date de fin doit être le même jour ou après la date de début.',
    );
    expect(submit).not.toHaveBeenCalled();
  });

  it('sends the parsed values and, once saved, is no longer dirty', async () => {
    const submit = vi.fn().mockResolvedValue({ id: 'p1' });
    const user = setup(submit);
    expect(screen.getByTestId('dirty').textContent).toBe('clean');

    await user.type(screen.getByLabelText('Nom en français'), '  Sommet des affaires ');
    expect(screen.getByTestId('dirty').textContent).toBe('dirty');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(submit).toHaveBeenCalledWith({
      ...initialValues,
      nameFr: 'Sommet des affaires',
      externalDashboardUrl: null,
    });
    await waitFor(() => expect(screen.getByTestId('dirty').textContent).toBe('clean'));
    expect(await screen.findByText('Le projet a été enregistré.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('writes each server field error under its field, without the error popup', async () => {
    const submit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'validation',
        title: 'Certains champs sont invalides.',
        requestId: 'req-7',
        fields: [
          {
            field: 'nameFr',
            code: 'validation.tooLong',
            message: 'Ce nom est déjà pris : choisissez-en un autre.',
          },
          { field: 'nameEn', code: 'validation.invalid', message: 'Valeur invalide.' },
        ],
      }),
    );
    const user = setup(submit);
    await user.type(screen.getByLabelText('Nom en français'), 'Sommet des affaires');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await waitFor(() =>
      expect(errorUnder('Nom en français')).toContain('Ce nom est déjà pris : choisissez-en un autre.'),
    );
    expect(errorUnder('Nom en anglais')).toContain('Valeur invalide.');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('dirty').textContent).toBe('dirty');
  });

  it('opens the error popup, with the request number, for any other failure', async () => {
    const submit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 409,
        code: 'companies.cannotArchiveOwn',
        title: 'Vous ne pouvez pas archiver votre propre entreprise.',
        requestId: 'req-42',
      }),
    );
    const user = setup(submit);
    await user.type(screen.getByLabelText('Nom en français'), 'Sommet des affaires');

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));

    const popup = await screen.findByRole('dialog', { name: 'Une erreur est survenue' });
    expect(popup.textContent).toContain('Vous ne pouvez pas archiver votre propre entreprise.');
    expect(popup.textContent).toContain('Numéro de la requête : req-42');
    expect(screen.getByLabelText('Nom en français').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByTestId('dirty').textContent).toBe('dirty');

    await user.click(screen.getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says the server does not answer when the network fails', async () => {
    const submit = vi.fn().mockRejectedValue(new ApiError({ status: 0, code: 'network' }));
    const user = setup(submit, 'en');
    await user.type(screen.getByLabelText('Name in French'), 'Sommet des affaires');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    const popup = await screen.findByRole('dialog', { name: 'Something went wrong' });
    expect(popup.textContent).toContain('The server does not answer. Check your connection and try again.');
  });

  it('sends once when Enter is pressed twice in a row', async () => {
    let finish: (value: unknown) => void = () => {};
    const submit = vi.fn().mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    const user = setup(submit);
    const name = screen.getByLabelText('Nom en français');
    await user.type(name, 'Sommet des affaires');

    await user.type(name, '{Enter}{Enter}');
    finish({});
    await user.type(name, '{Enter}');

    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
  });

  it('takes a second click on the save button once the button itself is clickable again, whatever the clock says', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    try {
      const submit = vi.fn().mockResolvedValue({});
      setup(submit);
      const button = screen.getByRole('button', { name: 'Enregistrer' });
      fireEvent.change(screen.getByLabelText('Nom en français'), {
        target: { value: 'Sommet des affaires' },
      });
      await act(async () => {
        fireEvent.click(button);
      });
      expect(submit).toHaveBeenCalledTimes(1);
      act(() => vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS));
      expect(button.hasAttribute('data-guarded')).toBe(false);
      // The wall clock lags the timer by a few milliseconds, as it can on a busy machine.
      vi.setSystemTime(Date.now() - 5);
      await act(async () => {
        fireEvent.click(button);
      });
      expect(submit).toHaveBeenCalledTimes(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('sends once for Enter followed by a click within a second', async () => {
    const submit = vi.fn().mockResolvedValue({});
    const user = setup(submit);
    const name = screen.getByLabelText('Nom en français');
    await user.type(name, 'Sommet des affaires{Enter}');
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(submit).toHaveBeenCalledTimes(1);
  });

  it('shows the field messages of a refused call in the error popup when no field holds them', async () => {
    const submit = vi.fn().mockRejectedValue(
      new ApiError({
        status: 400,
        code: 'validation',
        title: 'Certains champs sont invalides.',
        fields: [{ field: 'projectId', code: 'validation.id', message: 'Identifiant invalide.' }],
      }),
    );
    const user = setup(submit);
    await user.type(screen.getByLabelText('Nom en français'), 'Sommet des affaires');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    const popup = await screen.findByRole('dialog', { name: 'Une erreur est survenue' });
    expect(popup.textContent).toContain('Certains champs sont invalides.');
    expect(popup.textContent).toContain('Identifiant invalide.');
  });
});
