import { z } from 'zod';

/** The seats screen's URL (`?round=`): the round shown, from 1 as the organiser counts them; the first by default. */
export const seatsSearch = z.object({
  round: z.coerce.number().int().min(1).max(100).optional().catch(undefined),
});
