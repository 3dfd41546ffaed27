import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../tests/support/render';
import { WriteAccess } from '../access/write-access';
import { DOUBLE_CLICK_GUARD_MS, SubmitButton } from './submit-button';

describe('SubmitButton double-click guard (P8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-03-02T14:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const button = () => screen.getByRole('button', { name: 'Enregistrer' });

  it('ignores a second click within one second', () => {
    const onClick = vi.fn();
    renderWithProviders(
      <SubmitButton type="button" onClick={onClick}>
        Enregistrer
      </SubmitButton>,
    );
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(300));
    fireEvent.click(button());
    act(() => vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS - 301));
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('accepts a click once the second has passed', () => {
    const onClick = vi.fn();
    renderWithProviders(
      <SubmitButton type="button" onClick={onClick}>
        Enregistrer
      </SubmitButton>,
    );
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS));
    fireEvent.click(button());
    expect(onClick).toHaveBeenCalledTimes(2);
  });

  it('submits its form once for a double click', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderWithProviders(
      <form onSubmit={onSubmit}>
        <SubmitButton>Enregistrer</SubmitButton>
      </form>,
    );
    fireEvent.click(button());
    fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(1);

    act(() => vi.advanceTimersByTime(DOUBLE_CLICK_GUARD_MS + 1));
    fireEvent.click(button());
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('is disabled for a read-only user, unless the form is one they may send', () => {
    renderWithProviders(
      <WriteAccess.Provider value={false}>
        <SubmitButton>Enregistrer</SubmitButton>
        <SubmitButton readOnlyAllowed>Mes réglages</SubmitButton>
      </WriteAccess.Provider>,
    );
    expect(button().hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('button', { name: 'Mes réglages' }).hasAttribute('disabled')).toBe(false);
  });
});
