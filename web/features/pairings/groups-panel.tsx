import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCalendarPlus, IconPlus, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MATCH_GROUP_NAME_MAX, type MatchGroup, matchGroupInput } from '../../../contracts/match-groups';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SubmitButton } from '../../components/forms/submit-button';
import { useAppForm } from '../../components/forms/use-app-form';
import { AppModal, ConfirmModal } from '../../components/modal/app-modal';
import { useLocalizedName } from '../activities/localized-name';
import {
  groupsQuery,
  pairingOptionsQuery,
  useDeleteGroup,
  useGroupsFromActivities,
  useSaveGroup,
} from './api';
import { GroupMembersModal } from './group-members-modal';

type Dialog =
  | { kind: 'edit'; group: MatchGroup | null }
  | { kind: 'members' | 'delete'; group: MatchGroup }
  | { kind: 'activities' }
  | null;

/** M2: the pairing's match groups: add, rename (VIP flag), members, delete (confirmed), create from activities. */
export function GroupsPanel({ projectId, pairingId }: { projectId: string; pairingId: string }) {
  const { t } = useTranslation();
  const groups = useQuery(groupsQuery(projectId, pairingId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const remove = useDeleteGroup(projectId, pairingId);
  const items = groups.data?.items ?? [];

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="groups-title">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h3" id="groups-title">
          {t('pairings.groups.title')}
        </Title>
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            leftSection={<IconCalendarPlus size={14} />}
            onClick={() => setDialog({ kind: 'activities' })}
          >
            {t('pairings.groups.fromActivities')}
          </Button>
          <Button
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => setDialog({ kind: 'edit', group: null })}
          >
            {t('pairings.groups.add')}
          </Button>
        </Group>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('pairings.groups.intro')}
      </Text>
      {groups.data && items.length === 0 ? (
        <Text size="sm">{t('pairings.groups.empty')}</Text>
      ) : (
        <Table striped aria-label={t('pairings.groups.title')} data-testid="match-groups">
          <Table.Tbody>
            {items.map((g) => (
              <Table.Tr key={g.id} data-testid="match-group">
                <Table.Td>
                  <Group gap={6}>
                    <Text size="sm" fw={500}>
                      {g.name}
                    </Text>
                    {g.vip && (
                      <Badge size="xs" color="grape" variant="light">
                        {t('pairings.groups.vipBadge')}
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td ta="right">{t('pairings.groups.members', { count: g.members })}</Table.Td>
                <Table.Td ta="right">
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={`${t('pairings.groups.manage')} — ${g.name}`}
                      onClick={() => setDialog({ kind: 'members', group: g })}
                    >
                      <IconUsers size={16} />
                    </ActionIcon>
                    <EditDeleteActions
                      editLabel={t('pairings.groups.edit', { name: g.name })}
                      deleteLabel={t('pairings.groups.delete', { name: g.name })}
                      onEdit={() => setDialog({ kind: 'edit', group: g })}
                      onDelete={() => setDialog({ kind: 'delete', group: g })}
                    />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {dialog?.kind === 'edit' && (
        <GroupFormModal
          projectId={projectId}
          pairingId={pairingId}
          group={dialog.group}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'members' && (
        <GroupMembersModal
          projectId={projectId}
          pairingId={pairingId}
          group={dialog.group}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'activities' && (
        <FromActivitiesModal projectId={projectId} pairingId={pairingId} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('pairings.groups.deleteTitle')}
          confirmLabel={t('pairings.groups.deleteConfirm')}
          loading={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(dialog.group.id, {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('pairings.groups.deleted') });
                setDialog(null);
              },
            })
          }
        >
          {t('pairings.groups.deleteBody', { name: dialog.group.name })}
        </ConfirmModal>
      )}
    </Paper>
  );
}

function GroupFormModal({
  projectId,
  pairingId,
  group,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  group: MatchGroup | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveGroup(projectId, pairingId);
  const { field, onSubmit, submitting, dirty } = useAppForm({
    schema: matchGroupInput,
    initialValues: { name: group?.name ?? '', vip: group?.vip ?? false },
    submit: (body) => save.mutateAsync({ groupId: group?.id ?? null, body }),
    successMessage: t('pairings.groups.saved'),
    onSaved: onClose,
  });
  return (
    <AppModal
      opened
      onClose={onClose}
      dirty={dirty}
      title={group ? t('pairings.groups.editTitle') : t('pairings.groups.addTitle')}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack>
          <TextInput
            label={t('pairings.groups.name')}
            required
            maxLength={MATCH_GROUP_NAME_MAX}
            data-autofocus
            {...field('name')}
          />
          <Switch label={t('pairings.groups.vip')} {...field('vip', { type: 'checkbox' })} />
        </Stack>
        <Group justify="flex-end" mt="lg">
          <SubmitButton loading={submitting}>{group ? t('common.save') : t('common.create')}</SubmitButton>
        </Group>
      </form>
    </AppModal>
  );
}

/** « Créer les groupes depuis une activité »: each ticked activity's members become a group. */
function FromActivitiesModal({
  projectId,
  pairingId,
  onClose,
}: {
  projectId: string;
  pairingId: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const options = useQuery(pairingOptionsQuery(projectId));
  const create = useGroupsFromActivities(projectId, pairingId);
  const [chosen, setChosen] = useState<string[]>([]);
  const activities = options.data?.activities ?? [];
  return (
    <AppModal opened onClose={onClose} size="lg" title={t('pairings.groups.fromActivities')}>
      <Stack>
        <Text size="sm">{t('pairings.groups.fromActivitiesHelp')}</Text>
        {options.data && activities.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('pairings.groups.noActivities')}
          </Text>
        ) : (
          <Checkbox.Group label={t('pairings.groups.activities')} value={chosen} onChange={setChosen}>
            <Stack gap={6} mt={6} mah={360} style={{ overflowY: 'auto' }}>
              {activities.map((a) => (
                <Checkbox
                  key={a.id}
                  value={a.id}
                  label={t('pairings.groups.activityMembers', { title: nameOf(a.title), count: a.members })}
                />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            disabled={chosen.length === 0}
            loading={create.isPending}
            onClick={() =>
              create.mutate(
                { activityIds: chosen },
                {
                  onSuccess: (result) => {
                    notifications.show({ color: 'teal', message: result.message });
                    onClose();
                  },
                },
              )
            }
          >
            {t('pairings.groups.create')}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
