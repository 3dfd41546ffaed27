import { ActionIcon, Badge, Button, Group, Loader, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccessEntry, AccessKind } from '../../../../contracts/activity-access';
import { ConfirmModal } from '../../../components/modal/app-modal';
import { useGroupOptions } from '../../groups/api';
import { roleListQuery } from '../../roles/api';
import { useLocalizedName } from '../localized-name';
import { type AccessOwner, accessQuery, useAddAccess, useRemoveAccess } from './api';

/**
 * V2 / V4: the groups and roles that may see a section, a category or an activity. « Visible par tous » while there
 * is none, « Restreint » once one is added (spec 002 §4); removing one asks first.
 */
export function AccessEditor({ projectId, owner }: { projectId: string; owner: AccessOwner }) {
  const { t } = useTranslation();
  const nameOf = useLocalizedName();
  const list = useQuery(accessQuery(projectId, owner));
  const remove = useRemoveAccess(projectId, owner);
  const [removing, setRemoving] = useState<AccessEntry | null>(null);

  return (
    <Stack gap="xs" data-testid="access-editor">
      <Group gap="sm">
        <Title order={3} size="h4">
          {t('activities.access.title')}
        </Title>
        {list.data && (
          <Badge color={list.data.restricted ? 'orange' : 'teal'} variant="light" data-testid="access-state">
            {t(list.data.restricted ? 'activities.access.restricted' : 'activities.access.visibleToAll')}
          </Badge>
        )}
      </Group>
      {!list.data ? (
        <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            {t(
              list.data.restricted
                ? 'activities.access.restrictedHint'
                : 'activities.access.visibleToAllHint',
            )}
          </Text>
          {list.data.items.length > 0 && (
            <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
              {list.data.items.map((entry) => (
                <Group
                  key={entry.id}
                  component="li"
                  justify="space-between"
                  wrap="nowrap"
                  data-testid="access-row"
                >
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t(`activities.access.${entry.kind}`)}
                    </Text>{' '}
                    {nameOf(entry.name)}
                  </Text>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('activities.access.removeNamed', { name: nameOf(entry.name) })}
                    onClick={() => setRemoving(entry)}
                  >
                    <IconTrash size={16} />
                  </ActionIcon>
                </Group>
              ))}
            </Stack>
          )}
          <AddAccess projectId={projectId} owner={owner} taken={list.data.items} />
        </>
      )}
      <ConfirmModal
        opened={removing !== null}
        danger
        title={t('activities.access.removeTitle')}
        confirmLabel={t('common.delete')}
        loading={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: t('activities.access.removed') });
              setRemoving(null);
            },
            onError: () => setRemoving(null),
          })
        }
      >
        {removing ? t('activities.access.removeBody', { name: nameOf(removing.name) }) : ''}
      </ConfirmModal>
    </Stack>
  );
}

/** Two selects, one for a group and one for a role, each with its add button. */
function AddAccess({
  projectId,
  owner,
  taken,
}: {
  projectId: string;
  owner: AccessOwner;
  taken: AccessEntry[];
}) {
  const nameOf = useLocalizedName();
  const groupOptions = useGroupOptions(projectId);
  const roles = useQuery(roleListQuery(projectId));
  const used = new Set(taken.map((e) => e.targetId));
  const groups = groupOptions
    .map((g) => ({ ...g, items: g.items.filter((i) => !used.has(i.value)) }))
    .filter((g) => g.items.length > 0);
  const roleOptions = (roles.data?.items ?? [])
    .filter((r) => !used.has(r.id))
    .map((r) => ({ value: r.id, label: nameOf(r.name) }));
  return (
    <Group align="flex-end" grow>
      <AddOne projectId={projectId} owner={owner} kind="group" data={groups} />
      <AddOne projectId={projectId} owner={owner} kind="role" data={roleOptions} />
    </Group>
  );
}

function AddOne({
  projectId,
  owner,
  kind,
  data,
}: {
  projectId: string;
  owner: AccessOwner;
  kind: AccessKind;
  data: ComponentProps<typeof Select>['data'];
}) {
  const { t } = useTranslation();
  const add = useAddAccess(projectId, owner);
  const [chosen, setChosen] = useState<string | null>(null);
  const label = kind === 'group' ? 'addGroup' : 'addRole';
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <Select
        label={t(`activities.access.${kind}`)}
        placeholder={t(kind === 'group' ? 'activities.access.chooseGroup' : 'activities.access.chooseRole')}
        data={data}
        value={chosen}
        onChange={(value) => setChosen(value === null ? null : String(value))}
        searchable
        style={{ flex: 1 }}
        data-testid={`access-${kind}`}
      />
      <Button
        variant="light"
        disabled={!chosen}
        loading={add.isPending}
        onClick={() =>
          chosen &&
          add.mutate(
            { kind, targetId: chosen },
            {
              onSuccess: () => {
                notifications.show({ color: 'teal', message: t('activities.access.added') });
                setChosen(null);
              },
            },
          )
        }
      >
        {t(`activities.access.${label}`)}
      </Button>
    </Group>
  );
}
