import { z } from 'zod';
import { defineEndpoint, timestamp, uuidParam } from './http';

/**
 * A participant's agenda in their panel: the dated activities they are a member of or host (what their iCalendar
 * feed holds), by start — generated pairing meetings included (docs/matching/pairing-meetings.md).
 */
export const agendaActivity = z.object({
  id: z.uuid(),
  title: z.object({ fr: z.string(), en: z.string() }),
  startsAt: timestamp,
  startsAtLocal: z.string(),
  endsAtLocal: z.string(),
  location: z.string().nullable(),
});
export type AgendaActivity = z.input<typeof agendaActivity>;

export const listParticipantAgenda = defineEndpoint({
  method: 'GET',
  path: '/api/projects/:projectId/participants/:participantId/agenda',
  access: 'user',
  tag: 'calendar',
  summary: 'A participant’s dated activities (member or host), by start: their agenda',
  params: z.object({ projectId: uuidParam, participantId: uuidParam }),
  response: z.object({ timeZone: z.string(), items: z.array(agendaActivity) }),
});
