import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { PhoneInput } from './phone-input';

function Harness({ initial = '', onChange }: { initial?: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PhoneInput
      label="Téléphone"
      required
      description="Aide"
      error={value === 'bad' ? 'Numéro invalide' : undefined}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    />
  );
}

async function phoneBox() {
  // The field is loaded on demand: wait for intl-tel-input's input.
  return waitFor(() => {
    const input = document.querySelector<HTMLInputElement>('input.iti__tel-input');
    if (!input) throw new Error('phone field not loaded yet');
    return input;
  });
}

function type(input: HTMLInputElement, text: string) {
  act(() => {
    input.value = text;
    fireEvent.input(input, { target: { value: text } });
  });
}

describe('PhoneInput (P9)', () => {
  it('sits in the form like a Mantine field: label for the input, required mark, description', async () => {
    renderWithProviders(<Harness onChange={() => {}} />);
    const input = await phoneBox();
    expect(screen.getByLabelText(/Téléphone/)).toBe(input);
    expect(screen.getByText('Aide')).toBeTruthy();
    expect(document.querySelector('.mantine-InputWrapper-required')).toBeTruthy();
    expect(input.getAttribute('type')).toBe('tel');
  });

  it('starts in Canada and gives the number in international format', async () => {
    const onChange = vi.fn();
    renderWithProviders(<Harness onChange={onChange} />);
    const input = await phoneBox();
    expect(document.querySelector('.iti__selected-dial-code')?.textContent).toBe('+1');
    type(input, '514 555 1234');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('+15145551234'));
    type(input, '');
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(''));
  });

  it('shows a stored number with its country', async () => {
    renderWithProviders(<Harness initial="+33142685300" onChange={() => {}} />);
    const input = await phoneBox();
    await waitFor(() => expect(document.querySelector('.iti__selected-dial-code')?.textContent).toBe('+33'));
    expect(input.value.replace(/\D/g, '')).toBe('142685300');
  });

  it('names the countries and its own controls in the user’s language', async () => {
    renderWithProviders(<Harness onChange={() => {}} />, { language: 'en' });
    await phoneBox();
    const button = document.querySelector('button.iti__selected-country') as HTMLButtonElement;
    expect(button.getAttribute('aria-label')).toBe('Change the country of the number, currently Canada +1');
    const names = [...document.querySelectorAll('.iti__country-name')].map((n) => n.textContent);
    expect(names).toContain('Germany (+49)');
  });

  it('lists the countries in French for a French user', async () => {
    renderWithProviders(<Harness onChange={() => {}} />, { language: 'fr' });
    await phoneBox();
    const names = [...document.querySelectorAll('.iti__country-name')].map((n) => n.textContent);
    expect(names).toContain('Allemagne (+49)');
    expect(document.querySelector<HTMLInputElement>('.iti__search-input')?.placeholder).toBe(
      'Rechercher un pays',
    );
  });

  it('shows the error under the field and marks the input invalid', async () => {
    renderWithProviders(<Harness initial="bad" onChange={() => {}} />);
    const input = await phoneBox();
    expect(screen.getByText('Numéro invalide')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('-error');
  });

  it('opens the country list full screen when the window is 500 px wide or less', async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = vi.fn().mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: query === '(max-width: 500px)',
    }));
    try {
      renderWithProviders(<Harness onChange={() => {}} />);
      await phoneBox();
      act(() => (document.querySelector('button.iti__selected-country') as HTMLButtonElement).click());
      await waitFor(() => expect(document.querySelector('.iti--fullscreen-popup')).toBeTruthy());
      expect(document.querySelector('.iti__search-input')).toBeTruthy();
    } finally {
      window.matchMedia = matchMedia;
    }
  });

  it('opens a drop-down list on a wider window', async () => {
    renderWithProviders(<Harness onChange={() => {}} />);
    await phoneBox();
    act(() => (document.querySelector('button.iti__selected-country') as HTMLButtonElement).click());
    await waitFor(() => expect(document.querySelector('.iti__country-list')).toBeTruthy());
    expect(document.querySelector('.iti--fullscreen-popup')).toBeNull();
  });
});
