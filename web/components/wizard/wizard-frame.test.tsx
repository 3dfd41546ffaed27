import { TextInput } from '@mantine/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WizardNav, WizardType } from '../../../contracts/wizards';
import { renderRoute } from '../../../tests/support/render';
import { ApiError } from '../../lib/api';
import { ErrorDialog } from '../feedback/error-dialog';
import { WizardFrame, type WizardFrameProps, type WizardPageProps, wizardWindow } from './wizard-frame';

/** How many times each page was mounted: a reload mounts the page again. */
let mounts: Record<string, number> = {};

function Page({ id, props }: { id: string; props: WizardPageProps }) {
  useEffect(() => {
    mounts[id] = (mounts[id] ?? 0) + 1;
  }, [id]);
  return (
    <div>
      <p data-testid="page">{id}</p>
      <p data-testid="page-props">{`${props.type}|${props.refId ?? '-'}|${props.settings.language}|${props.settings.timeZone}`}</p>
      <TextInput label={`field ${id}`} />
    </div>
  );
}

const steps = ['one', 'two', 'three'].map((id) => ({
  id,
  label: `Title ${id}`,
  render: (props: WizardPageProps) => <Page id={id} props={props} />,
}));

interface Options {
  type?: WizardType;
  refId?: string;
  dirty?: boolean;
  onNavigate?: WizardFrameProps['onNavigate'];
  onFinish?: WizardFrameProps['onFinish'];
  endRedirect?: string;
}

function Harness(options: Options) {
  const [settings, setSettings] = useState({ timeZone: 'America/Toronto', language: 'fr' as const });
  return (
    <>
      <WizardFrame
        type={options.type ?? 1}
        refId={options.refId}
        title="Wizard"
        steps={steps}
        settings={settings as WizardPageProps['settings']}
        onSettingsChange={(next) => setSettings(next as typeof settings)}
        timeZones={['America/Toronto', 'Europe/Paris', 'UTC']}
        onNavigate={options.onNavigate}
        onFinish={options.onFinish ?? (async () => undefined)}
        finishLabel="Create it"
        redirect="/elsewhere?from=close"
        endRedirect={options.endRedirect ?? '/elsewhere?from=end'}
        dirty={options.dirty ?? false}
      />
      <ErrorDialog />
    </>
  );
}

async function setup(options: Options = {}) {
  mounts = {};
  const user = userEvent.setup();
  const assign = vi.spyOn(wizardWindow, 'assign').mockImplementation(() => {});
  const rendered = await renderRoute(() => <Harness {...options} />, { path: '/wizard' });
  return { user, assign, ...rendered };
}

const currentPage = () => screen.getByTestId('page').textContent;
const progress = () => screen.getByTestId('wizard-progress').textContent;
const next = () => screen.getByRole('button', { name: 'Suivant' });
const previous = () => screen.getByRole('button', { name: 'Précédent' });

afterEach(async () => {
  vi.restoreAllMocks();
  const ok = screen.queryByRole('button', { name: 'OK' });
  if (ok) await userEvent.click(ok);
});

describe('WizardFrame (P10)', () => {
  it('goes next (1), previous (-1) and reloads (0), with the progress of step n of m', async () => {
    const calls: [WizardNav, string][] = [];
    const { user } = await setup({
      onNavigate: async (nav, step) => {
        calls.push([nav, step]);
        return undefined;
      },
    });
    expect(currentPage()).toBe('one');
    expect(progress()).toBe('Étape 1 sur 3');
    expect(screen.getByRole('heading', { name: 'Title one' })).toBeTruthy();
    expect((previous() as HTMLButtonElement).disabled).toBe(true);

    await user.click(next());
    await waitFor(() => expect(currentPage()).toBe('two'));
    expect(progress()).toBe('Étape 2 sur 3');
    // The new page's title takes the focus.
    expect(document.activeElement?.textContent).toBe('Title two');

    await user.click(previous());
    await waitFor(() => expect(currentPage()).toBe('one'));

    expect(mounts.one).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Recharger la page' }));
    await waitFor(() => expect(mounts.one).toBe(3));
    expect(currentPage()).toBe('one');
    expect(calls).toEqual([
      [1, 'one'],
      [-1, 'two'],
      [0, 'one'],
    ]);
  });

  it('moves on when Enter is pressed in a field of the page', async () => {
    const { user } = await setup();
    await user.type(screen.getByLabelText('field one'), 'x{Enter}');
    await waitFor(() => expect(currentPage()).toBe('two'));
  });

  it('stays and alerts when the next step fails; stays silently when the page answers false', async () => {
    let failure: 'throw' | 'false' = 'throw';
    const { user } = await setup({
      onNavigate: async (nav) => {
        if (nav !== 1) return undefined;
        if (failure === 'throw')
          throw new ApiError({ status: 500, code: 'unexpected', title: 'Boom', requestId: 'r-1' });
        return false;
      },
    });
    await user.click(next());
    expect(await screen.findByText('Boom')).toBeTruthy();
    expect(screen.getByText('Une erreur est survenue')).toBeTruthy();
    expect(currentPage()).toBe('one');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    failure = 'false';
    await user.click(next());
    await waitFor(() => expect((next() as HTMLButtonElement).disabled).toBe(false));
    expect(currentPage()).toBe('one');
    expect(screen.queryByText('Une erreur est survenue')).toBeNull();
  });

  it('type 1: close sends the whole window to the redirect address, the end button to the end address', async () => {
    const onFinish = vi.fn(async () => undefined);
    const { user, assign, router } = await setup({ type: 1, onFinish });
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/elsewhere?from=close'));
    expect(router.state.location.pathname).toBe('/wizard');
  });

  it('type 1: the close-at-end button runs the action, then the whole window goes to the address it gives', async () => {
    const onFinish = vi.fn(async () => '/projects/abc');
    const { user, assign } = await setup({ type: 1, onFinish });
    await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Suivant' }));
    await waitFor(() => expect(currentPage()).toBe('three'));
    expect(screen.queryByRole('button', { name: 'Suivant' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Create it' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/projects/abc'));
    expect(onFinish).toHaveBeenCalledTimes(1);
  });

  it('other types stay in the app: close and end navigate inside it, and the pages receive the refId', async () => {
    const closing = await setup({ type: 3, refId: 'ref-42' });
    expect(screen.getByTestId('page-props').textContent).toBe('3|ref-42|fr|America/Toronto');
    await closing.user.click(screen.getByRole('button', { name: 'Fermer' }));
    await waitFor(() => expect(closing.router.state.location.pathname).toBe('/elsewhere'));
    expect(closing.router.state.location.search).toEqual({ from: 'close' });
    expect(closing.assign).not.toHaveBeenCalled();
    closing.unmount();

    const ending = await setup({ type: 9, refId: 'ref-9' });
    for (let i = 0; i < 2; i++) await ending.user.click(next());
    await ending.user.click(await screen.findByRole('button', { name: 'Create it' }));
    await waitFor(() => expect(ending.router.state.location.search).toEqual({ from: 'end' }));
    expect(ending.assign).not.toHaveBeenCalled();
  });

  it('a failed action at the end alerts and stays', async () => {
    const { user, assign } = await setup({
      onFinish: async () => {
        throw new ApiError({ status: 409, code: 'conflict', title: 'Already there' });
      },
    });
    for (let i = 0; i < 2; i++) await user.click(next());
    await user.click(await screen.findByRole('button', { name: 'Create it' }));
    expect(await screen.findByText('Already there')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    expect(currentPage()).toBe('three');
  });

  it('refuses to open a wizard of a type that needs a refId without one', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(async () => {
      await setup({ type: 2 });
      screen.getByTestId('wizard');
    }).rejects.toThrow();
  });

  it('closing with something entered asks first: stay keeps the wizard, quit leaves', async () => {
    const { user, assign } = await setup({ type: 1, dirty: true });
    expect(screen.getByTestId('unsaved-banner')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    const stay = await screen.findByRole('button', { name: 'Rester sur la page' });
    await user.click(stay);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Rester sur la page' })).toBeNull());
    expect(assign).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    await user.click(await screen.findByRole('button', { name: 'Quitter sans enregistrer' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/elsewhere?from=close'));
  });

  it('speaks English to an English reader', async () => {
    mounts = {};
    const user = userEvent.setup();
    await renderRoute(() => <Harness />, { path: '/wizard', language: 'en' });
    expect(progress()).toBe('Step 1 of 3');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(progress()).toBe('Step 2 of 3'));
    expect(screen.getByRole('button', { name: 'Previous' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Close' })).toBeTruthy();
  });

  it('holds the wizard’s time zone and the language being edited, which every page receives', async () => {
    const { user } = await setup({ type: 2, refId: 'r' });
    await user.click(screen.getByRole('radio', { name: 'English' }));
    expect(screen.getByTestId('page-props').textContent).toBe('2|r|en|America/Toronto');
    await user.click(screen.getByRole('combobox', { name: 'Fuseau horaire de saisie' }));
    await user.click(await screen.findByRole('option', { name: 'Europe/Paris' }));
    expect(screen.getByTestId('page-props').textContent).toBe('2|r|en|Europe/Paris');
  });
});
