import { z } from 'zod';
import { SCORE_EXPORT_KINDS } from '../../../contracts/list-sorts';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The scores screen's URL: what is shown (`view`: the pairs, the averages computed now, the stored averages; none
 * before the organiser asks), « from » and « to » (a group and/or a participant), and the list state (P5).
 */
export const scoresSearch = listSearchSchema(['score'] as const).extend({
  view: z.enum(SCORE_EXPORT_KINDS).optional().catch(undefined),
  fromGroup: z.uuid().optional().catch(undefined),
  fromParticipant: z.uuid().optional().catch(undefined),
  toGroup: z.uuid().optional().catch(undefined),
  toParticipant: z.uuid().optional().catch(undefined),
});
export type ScoresSearch = z.infer<typeof scoresSearch>;

/** Excel's rows per sheet, the header's included (the server refuses more). */
export const EXCEL_MAX_ROWS = 1_048_576;
