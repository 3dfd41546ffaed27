import { Button, Group, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type ActivityMember,
  MEMBER_STATUSES,
  type MemberStatus,
  type MemberStatusFilter,
  type memberSortable,
} from '../../../../contracts/activity-members';
import { DataTable } from '../../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../../components/data-table/list-search';
import { SelectButtons } from '../../../components/select-buttons';
import { memberListQuery, useUpdateMemberStatus } from '../../activity-members/api';
import { CapacityText } from '../../activity-members/capacity-text';
import { ParticipantManagerModal } from '../../activity-members/participant-manager-modal';
import { useLocalizedName } from '../localized-name';
import type { EditionTabProps } from './tabs';

type Sortable = (typeof memberSortable)[number];

const fullName = (m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`.trim();

/**
 * V4 participation: the activity's members with a status button group per row (a click saves the status), a status
 * filter, the capacity, and the participant manager (V7) to move participants in and out.
 */
export function ParticipationTab({ projectId, activityId }: EditionTabProps) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const [state, setState] = useState<ListState>({});
  const [status, setStatus] = useState<MemberStatusFilter>('all');
  const [managing, setManaging] = useState(false);
  const query = { ...listQueryOf(state), sort: state.sort as Sortable | undefined, status };
  const members = useQuery(memberListQuery(projectId, activityId, query));
  const update = useUpdateMemberStatus(projectId, activityId);
  const statusLabel = (s: MemberStatus) => t(`activities.members.statuses.${s}`);

  function handleStatus(member: ActivityMember, next: MemberStatus) {
    if (next === member.status) return;
    update.mutate(
      { participantId: member.participantId, status: next },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: t('activities.members.notifications.statusSaved') }),
      },
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <CapacityText capacity={members.data?.capacity} />
        <Button leftSection={<IconUsers size={16} aria-hidden />} onClick={() => setManaging(true)}>
          {t('activities.members.manage')}
        </Button>
      </Group>
      <DataTable<ActivityMember>
        label={t('activities.members.label')}
        columns={[
          { key: 'name', header: t('activities.members.name'), sortKey: 'name', render: fullName },
          { key: 'email', header: t('activities.members.email'), sortKey: 'email', render: (m) => m.email },
          {
            key: 'organisation',
            header: t('activities.members.organisation'),
            sortKey: 'organisation',
            render: (m) => m.organisation ?? '',
          },
          {
            key: 'role',
            header: t('activities.members.role'),
            sortKey: 'role',
            render: (m) => nameOf(m.role),
          },
          {
            key: 'status',
            header: t('activities.members.status'),
            sortKey: 'status',
            render: (m) => (
              <SelectButtons<MemberStatus>
                label={t('activities.members.statusOf', { name: fullName(m) })}
                value={m.status}
                options={MEMBER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) }))}
                onChange={(next) => handleStatus(m, next)}
              />
            ),
          },
        ]}
        filters={
          <SelectButtons<MemberStatusFilter>
            label={t('activities.members.statusFilter')}
            value={status}
            options={[
              { value: 'all', label: t('activities.members.all') },
              ...MEMBER_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
            ]}
            onChange={(next) => {
              setStatus(next);
              setState((s) => ({ ...s, page: undefined }));
            }}
          />
        }
        data={members.data}
        isLoading={members.isFetching}
        error={members.error}
        onRetry={() => void members.refetch()}
        state={state}
        onStateChange={setState}
        getRowId={(m) => m.participantId}
        emptyText={status === 'all' ? t('activities.members.empty') : t('activities.members.emptySearch')}
      />
      {managing && (
        <ParticipantManagerModal
          projectId={projectId}
          activityId={activityId}
          onClose={() => setManaging(false)}
        />
      )}
    </Stack>
  );
}
