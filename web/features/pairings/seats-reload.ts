import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { Generation } from '../../../contracts/pairings';
import { pairingKeys } from './api';

/**
 * The seats are read again when a generation of the pairing ends. What counts is the latest generation once it is
 * over (its id and status), compared with the one seen before, not the change from running to over: the pairing is
 * polled every second, so a short generation can be queued and done between two reads, and a read of the seats
 * started when the generation was asked for may answer before it wrote them.
 *
 * `generation`: the pairing's latest generation; undefined while the pairing loads, null when never generated.
 */
export function useSeatsReload(
  projectId: string,
  pairingId: string,
  generation: Generation | null | undefined,
) {
  const queryClient = useQueryClient();
  const over =
    generation && generation.status !== 'queued' && generation.status !== 'running'
      ? `${generation.id}:${generation.status}`
      : null;
  const loaded = generation !== undefined;
  // The last generation seen over (null: none yet); undefined until the pairing is first read.
  const seen = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!loaded) return;
    if (seen.current === undefined) {
      seen.current = over;
      return;
    }
    if (over === null || over === seen.current) return;
    seen.current = over;
    void queryClient.invalidateQueries({ queryKey: pairingKeys.seats(projectId, pairingId) });
  }, [loaded, over, projectId, pairingId, queryClient]);
}
