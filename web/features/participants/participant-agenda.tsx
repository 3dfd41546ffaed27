import { Loader, Paper, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { listParticipantAgenda } from '../../../contracts/participant-agenda';
import { AnchorTo } from '../../components/router-links';
import { call } from '../../lib/api';
import { useFormat } from '../../lib/format';
import { useLocalizedName } from '../activities/localized-name';

/** Under the activities' key: a change of the programme (or generated meetings) refreshes it. */
export const participantAgendaQuery = (projectId: string, participantId: string) =>
  queryOptions({
    queryKey: ['activities', projectId, 'agenda', participantId] as const,
    queryFn: ({ signal }) => call(listParticipantAgenda, { params: { projectId, participantId }, signal }),
  });

/** « Agenda »: the dated activities the participant is a member of or hosts, by start (what their feed holds). */
export function ParticipantAgenda({
  projectId,
  participantId,
}: {
  projectId: string;
  participantId: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const nameOf = useLocalizedName();
  const agenda = useQuery(participantAgendaQuery(projectId, participantId));
  const items = agenda.data?.items ?? [];
  return (
    <Paper withBorder p="md" data-testid="participant-agenda">
      <Title order={2} size="h4" mb="sm">
        {t('participantAgenda.title')}
      </Title>
      {!agenda.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('participantAgenda.none')}
        </Text>
      ) : (
        <Table aria-label={t('participantAgenda.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('participantAgenda.when')}</Table.Th>
              <Table.Th>{t('participantAgenda.activity')}</Table.Th>
              <Table.Th>{t('participantAgenda.location')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((a) => (
              <Table.Tr key={a.id}>
                <Table.Td>{dateTime(String(a.startsAt), agenda.data.timeZone)}</Table.Td>
                <Table.Td>
                  <AnchorTo
                    to="/projects/$projectId/activities/$activityId"
                    params={{ projectId, activityId: a.id }}
                    size="sm"
                  >
                    {nameOf(a.title)}
                  </AnchorTo>
                </Table.Td>
                <Table.Td>{a.location ?? ''}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
