import { Alert, Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { candidateSortable, MemberAddSelection } from '../../../contracts/activity-members';
import type { GroupRemoveSelection, MatchGroup } from '../../../contracts/match-groups';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { AppModal } from '../../components/modal/app-modal';
import { errorText, MemberListSide } from '../activity-members/participant-manager-modal';
import { groupSideQuery, useAddGroupMembers, useRemoveGroupMembers } from './api';

type Sortable = (typeof candidateSortable)[number];

/**
 * M2: a match group's members, with the activity members' in / out manager: the project's participants outside the
 * group and its members side by side, searched and paged, moved by check box or every row a search finds.
 */
export function GroupMembersModal({
  projectId,
  pairingId,
  group,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  group: MatchGroup;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [outState, setOutState] = useState<ListState>({});
  const [inState, setInState] = useState<ListState>({});
  const [outChecked, setOutChecked] = useState<string[]>([]);
  const [inChecked, setInChecked] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const query = (state: ListState) => ({ ...listQueryOf(state), sort: state.sort as Sortable | undefined });
  const out = useQuery(groupSideQuery(projectId, pairingId, group.id, 'out', query(outState)));
  const members = useQuery(groupSideQuery(projectId, pairingId, group.id, 'in', query(inState)));
  const add = useAddGroupMembers(projectId, pairingId, group.id);
  const remove = useRemoveGroupMembers(projectId, pairingId, group.id);
  const failed = (e: unknown) => setError(errorText(e, t('errors.unexpected')));

  function handleAdd(selection: MemberAddSelection) {
    setError(null);
    add.mutate(selection, {
      onSuccess: (result) => {
        setOutChecked([]);
        notifications.show({ color: 'teal', message: t('pairings.groups.added', { count: result.added }) });
      },
      onError: failed,
    });
  }

  function handleRemove(selection: GroupRemoveSelection) {
    setError(null);
    remove.mutate(selection, {
      onSuccess: (result) => {
        setInChecked([]);
        notifications.show({
          color: 'teal',
          message: t('pairings.groups.removed', { count: result.removed }),
        });
      },
      onError: failed,
    });
  }

  const outTotal = out.data?.total ?? 0;
  const inTotal = members.data?.total ?? 0;
  return (
    <AppModal
      opened
      onClose={onClose}
      size="xl"
      title={t('pairings.groups.managerTitle', { name: group.name })}
    >
      <Stack>
        {error && (
          <Alert
            color="red"
            role="alert"
            withCloseButton
            closeButtonLabel={t('common.close')}
            onClose={() => setError(null)}
          >
            {error}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <MemberListSide
            testId="group-out"
            title={t('pairings.groups.out.title')}
            label={t('pairings.groups.out.label')}
            empty={t('pairings.groups.out.empty')}
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
              {t('pairings.groups.addSelected', { count: outChecked.length })}
            </Button>
            <Button
              variant="light"
              disabled={outTotal === 0}
              loading={add.isPending}
              onClick={() => handleAdd({ mode: 'matching', q: outState.q })}
            >
              {t('pairings.groups.addAll', { count: outTotal })}
            </Button>
          </MemberListSide>
          <MemberListSide
            testId="group-in"
            title={t('pairings.groups.in.title')}
            label={t('pairings.groups.in.label')}
            empty={t('pairings.groups.in.empty')}
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
              loading={remove.isPending}
              onClick={() => handleRemove({ mode: 'ids', participantIds: inChecked })}
            >
              {t('pairings.groups.removeSelected', { count: inChecked.length })}
            </Button>
            <Button
              color="red"
              variant="subtle"
              disabled={inTotal === 0}
              loading={remove.isPending}
              onClick={() => handleRemove({ mode: 'matching', q: inState.q })}
            >
              {t('pairings.groups.removeAll', { count: inTotal })}
            </Button>
          </MemberListSide>
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.close')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
