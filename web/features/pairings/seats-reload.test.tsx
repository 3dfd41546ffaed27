import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Generation } from '../../../contracts/pairings';
import { makeTestQueryClient } from '../../../tests/support/render';
import { pairingKeys } from './api';
import { useSeatsReload } from './seats-reload';

const generation = (id: string, status: Generation['status']): Generation => ({
  id,
  status,
  progress: status === 'done' ? 100 : 0,
  best: null,
  error: null,
  createdAt: '2026-11-26T07:00:00.000Z',
  finishedAt: null,
  fromRound: 1,
});

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

function setup(first: Generation | null | undefined) {
  const queryClient = makeTestQueryClient();
  const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  const hook = renderHook(({ g }: { g: Generation | null | undefined }) => useSeatsReload('p', 'q', g), {
    wrapper,
    initialProps: { g: first },
  });
  return { invalidate, rerender: (g: Generation | null | undefined) => hook.rerender({ g }) };
}

const seatsKey = { queryKey: pairingKeys.seats('p', 'q') };

describe('the seats read again when a generation ends', () => {
  it('when the next generation is seen done without ever being seen running (a short resume between two polls)', () => {
    const { invalidate, rerender } = setup(undefined);
    rerender(generation(A, 'done'));
    expect(invalidate).not.toHaveBeenCalled();
    rerender(generation(B, 'done'));
    expect(invalidate).toHaveBeenCalledWith(seatsKey);
  });

  it('when a generation seen queued, then running, ends; not while it runs, nor again for the same one', () => {
    const { invalidate, rerender } = setup(generation(A, 'done'));
    rerender(generation(B, 'queued'));
    rerender(generation(B, 'running'));
    expect(invalidate).not.toHaveBeenCalled();
    rerender(generation(B, 'done'));
    rerender(generation(B, 'done'));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('for the first generation of a pairing, and for a cancelled or failed one', () => {
    const { invalidate, rerender } = setup(null);
    rerender(generation(A, 'running'));
    rerender(generation(A, 'cancelled'));
    expect(invalidate).toHaveBeenCalledTimes(1);
    rerender(generation(B, 'failed'));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
