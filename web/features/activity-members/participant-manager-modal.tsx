import { Alert, Box, Button, Divider, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  candidateSortable,
  MemberCandidate,
  MemberRemoveSelection,
} from '../../../contracts/activity-members';
import { DataTable, type ListData } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { ApiError } from '../../lib/api';
import { activityQuery } from '../activities/api';
import { useLocalizedName } from '../activities/localized-name';
import { candidateListQuery, memberListQuery, useAddMembers, useRemoveMembers } from './api';
import { CapacityText } from './capacity-text';
import { MemberImport } from './member-import';

type Sortable = (typeof candidateSortable)[number];
const fullName = (m: MemberCandidate) => `${m.firstName} ${m.lastName}`.trim();

/** What a failed move shows in the modal: the server's sentence (the seats left), else a generic one. */
export function errorText(error: unknown, fallback: string) {
  return error instanceof ApiError && error.title ? error.title : fallback;
}

/**
 * V7: the participant manager. The project's participants not in the activity (out) and its members (in), side by
 * side, each searched and paged with check boxes; buttons move the checked rows, or every row the search finds,
 * from one list to the other; an Excel or CSV file of e-mails adds those participants. Errors (over the maximum)
 * are shown here.
 */
export function ParticipantManagerModal({
  projectId,
  activityId,
  onClose,
}: {
  projectId: string;
  activityId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const activity = useQuery(activityQuery(projectId, activityId));
  const [outState, setOutState] = useState<ListState>({});
  const [inState, setInState] = useState<ListState>({});
  const [outChecked, setOutChecked] = useState<string[]>([]);
  const [inChecked, setInChecked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<{ selection: MemberRemoveSelection; count: number } | null>(null);
  const outQuery = { ...listQueryOf(outState), sort: outState.sort as Sortable | undefined };
  const inQuery = {
    ...listQueryOf(inState),
    sort: inState.sort as Sortable | undefined,
    status: 'all' as const,
  };
  const out = useQuery(candidateListQuery(projectId, activityId, outQuery));
  const members = useQuery(memberListQuery(projectId, activityId, inQuery));
  const add = useAddMembers(projectId, activityId);
  const remove = useRemoveMembers(projectId, activityId);
  const failed = (e: unknown) => setError(errorText(e, t('errors.unexpected')));

  function handleAdd(selection: Parameters<typeof add.mutate>[0]) {
    setError(null);
    add.mutate(selection, {
      onSuccess: (result) => {
        setOutChecked([]);
        notifications.show({
          color: 'teal',
          message: t('activities.members.notifications.added', { count: result.added }),
        });
      },
      onError: failed,
    });
  }

  function handleRemove(selection: MemberRemoveSelection) {
    setError(null);
    remove.mutate(selection, {
      onSuccess: (result) => {
        setInChecked([]);
        setConfirm(null);
        notifications.show({
          color: 'teal',
          message: t('activities.members.notifications.removed', { count: result.removed }),
        });
      },
      onError: (e) => {
        setConfirm(null);
        failed(e);
      },
    });
  }

  const title = activity.data ? nameOf(activity.data.title) : '';
  const outTotal = out.data?.total ?? 0;
  const inTotal = members.data?.total ?? 0;

  return (
    <AppModal opened onClose={onClose} size="xl" title={t('activities.members.managerTitle', { title })}>
      <Stack>
        <CapacityText capacity={members.data?.capacity} />
        {error && (
          <Alert
            color="red"
            role="alert"
            data-testid="manager-error"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <MemberListSide
            testId="members-out"
            title={t('activities.members.out.title')}
            label={t('activities.members.out.label')}
            empty={t('activities.members.out.empty')}
            data={out.data}
            query={out}
            state={outState}
            onStateChange={setOutState}
            checked={outChecked}
            onChecked={setOutChecked}
          >
            <Button
              rightSection={<IconArrowRight size={16} aria-hidden />}
              disabled={outChecked.length === 0}
              loading={add.isPending}
              onClick={() => handleAdd({ mode: 'ids', participantIds: outChecked })}
            >
              {t('activities.members.addSelected', { count: outChecked.length })}
            </Button>
            <Button
              variant="light"
              disabled={outTotal === 0}
              loading={add.isPending}
              onClick={() => handleAdd({ mode: 'matching', q: outState.q })}
            >
              {t('activities.members.addAll', { count: outTotal })}
            </Button>
          </MemberListSide>
          <MemberListSide
            testId="members-in"
            title={t('activities.members.in.title')}
            label={t('activities.members.in.label')}
            empty={t('activities.members.in.empty')}
            data={members.data}
            query={members}
            state={inState}
            onStateChange={setInState}
            checked={inChecked}
            onChecked={setInChecked}
          >
            <Button
              color="red"
              variant="outline"
              leftSection={<IconArrowLeft size={16} aria-hidden />}
              disabled={inChecked.length === 0}
              onClick={() =>
                setConfirm({
                  selection: { mode: 'ids', participantIds: inChecked },
                  count: inChecked.length,
                })
              }
            >
              {t('activities.members.removeSelected', { count: inChecked.length })}
            </Button>
            <Button
              color="red"
              variant="subtle"
              disabled={inTotal === 0}
              onClick={() =>
                setConfirm({ selection: { mode: 'matching', q: inState.q, status: 'all' }, count: inTotal })
              }
            >
              {t('activities.members.removeAll', { count: inTotal })}
            </Button>
          </MemberListSide>
        </SimpleGrid>
        <Divider />
        <MemberImport projectId={projectId} activityId={activityId} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
      {confirm && (
        <ConfirmModal
          opened
          danger
          title={t('activities.members.removeTitle')}
          confirmLabel={t('activities.members.removeConfirm')}
          loading={remove.isPending}
          onCancel={() => setConfirm(null)}
          onConfirm={() => handleRemove(confirm.selection)}
        >
          {t('activities.members.removeBody', { count: confirm.count })}
        </ConfirmModal>
      )}
    </AppModal>
  );
}

/**
 * One of the two lists: its title, its table with check boxes, and the buttons that move its rows (also the match
 * groups' member manager, web/features/pairings).
 */
export function MemberListSide(props: {
  testId: string;
  title: string;
  label: string;
  empty: string;
  data: ListData<MemberCandidate> | undefined;
  query: { isFetching: boolean; error: unknown; refetch: () => unknown };
  state: ListState;
  onStateChange: (state: ListState) => void;
  checked: string[];
  onChecked: (ids: string[]) => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box data-testid={props.testId}>
      <Title order={3} size="h4" mb="xs">
        {props.title}
      </Title>
      <DataTable<MemberCandidate>
        label={props.label}
        columns={[
          { key: 'name', header: t('activities.members.name'), sortKey: 'name', render: fullName },
          { key: 'email', header: t('activities.members.email'), sortKey: 'email', render: (m) => m.email },
        ]}
        data={props.data}
        isLoading={props.query.isFetching}
        error={props.query.error}
        onRetry={() => void props.query.refetch()}
        state={props.state}
        onStateChange={props.onStateChange}
        getRowId={(m) => m.participantId}
        selection={{ selected: props.checked, onChange: props.onChecked }}
        emptyText={props.empty}
      />
      <Group gap="xs" mt="sm">
        {props.children}
      </Group>
    </Box>
  );
}
