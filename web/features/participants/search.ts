import { z } from 'zod';
import { participantSortable, participantStatus } from '../../../contracts/participant-list';
import { listSearchSchema } from '../../components/data-table/list-search';

/**
 * The participants page's state in the URL (P5): search, sort, page, the role, group and status filters, and the
 * participant whose edition panel is open. Anything unreadable falls back to the default. The router validates the
 * URL with it (kept apart from the page so that the page stays lazily loaded).
 */
export const participantSearch = listSearchSchema(participantSortable).extend({
  roleId: z.uuid().optional().catch(undefined),
  groupId: z.uuid().optional().catch(undefined),
  status: participantStatus.optional().catch(undefined),
  participant: z.uuid().optional().catch(undefined),
});
export type ParticipantSearch = z.infer<typeof participantSearch>;
