import { Loader, Paper, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AnchorTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { projectQuery } from '../projects/api';
import { participantMeetingsQuery } from './api';

/** « Rencontres »: a participant's B2B meetings in their panel, by start, with whom and at which table. */
export function ParticipantMeetings({
  projectId,
  participantId,
}: {
  projectId: string;
  participantId: string;
}) {
  const { t } = useTranslation();
  const { dateTime } = useFormat();
  const meetings = useQuery(participantMeetingsQuery(projectId, participantId));
  const project = useQuery(projectQuery(projectId));
  const items = meetings.data?.items ?? [];
  return (
    <Paper withBorder p="md" data-testid="participant-meetings">
      <Title order={2} size="h4" mb="sm">
        {t('b2b.agenda.title')}
      </Title>
      {!meetings.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('b2b.agenda.none')}
        </Text>
      ) : (
        <Table aria-label={t('b2b.agenda.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('b2b.agenda.when')}</Table.Th>
              <Table.Th>{t('b2b.schedule.with')}</Table.Th>
              <Table.Th>{t('b2b.schedule.table')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>{dateTime(m.startsAt, project.data?.timeZone)}</Table.Td>
                <Table.Td>
                  {m.other.organisation
                    ? t('b2b.agenda.withCompany', {
                        name: `${m.other.firstName} ${m.other.lastName}`,
                        company: m.other.organisation,
                      })
                    : `${m.other.firstName} ${m.other.lastName}`}
                </Table.Td>
                <Table.Td>
                  {m.sessionId ? (
                    <AnchorTo
                      to="/projects/$projectId/b2b/$sessionId"
                      params={{ projectId, sessionId: m.sessionId }}
                      search={{ tab: 'schedule', view: 'person', person: participantId }}
                      size="sm"
                    >
                      {m.table}
                    </AnchorTo>
                  ) : (
                    m.table
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Paper>
  );
}
