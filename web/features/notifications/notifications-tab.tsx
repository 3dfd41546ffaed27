import { ActionIcon, Button, Group, Stack, Switch, Text } from '@mantine/core';
import { notifications as notices } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NotificationSummary, notificationSortable } from '../../../contracts/notifications';
import { inLanguage } from '../../../contracts/texts';
import { type Column, DataTable, fromQuery } from '../../components/data-table/data-table';
import { type ListState, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { notificationListQuery, useDeleteNotification, useSetNotificationActive } from './api';
import { NotificationModal } from './notification-modal';

type Sortable = (typeof notificationSortable)[number];

/**
 * J5: the project's automatic notifications — what fires each one (a participant added to or removed from an
 * activity or a group), its subject and an on/off switch saved at once; create and edit in a modal, delete after a
 * confirmation. Mounted as a tab of the e-mail page.
 */
export function NotificationsTab({ projectId }: { projectId: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language === 'en' ? 'en' : 'fr';
  const [state, setState] = useState<ListState>({});
  // `null`: the creation modal; a string: the edition of that notification; undefined: no modal.
  const [editing, setEditing] = useState<string | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<NotificationSummary | null>(null);
  const list = useQuery(
    notificationListQuery(projectId, { ...listQueryOf(state), sort: state.sort as Sortable | undefined }),
  );
  const setActive = useSetNotificationActive(projectId);
  const remove = useDeleteNotification(projectId);
  const subjectOf = (n: NotificationSummary) => inLanguage(n.subject, language);

  function handleActive(n: NotificationSummary, active: boolean) {
    setActive.mutate(
      { notificationId: n.id, active },
      {
        onSuccess: () =>
          notices.show({
            color: 'teal',
            message: t(active ? 'notifications.activated' : 'notifications.deactivated'),
          }),
      },
    );
  }

  function handleDelete() {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        setDeleting(null);
        notices.show({ color: 'teal', message: t('notifications.deleted') });
      },
    });
  }

  const columns: Column<NotificationSummary>[] = [
    {
      key: 'trigger',
      header: t('notifications.columns.trigger'),
      sortKey: 'trigger',
      render: (n) => t(`notifications.triggers.${n.trigger}`),
    },
    {
      key: 'target',
      header: t('notifications.columns.target'),
      sortKey: 'target',
      render: (n) => inLanguage(n.targetName, language),
    },
    {
      key: 'direction',
      header: t('notifications.columns.direction'),
      sortKey: 'direction',
      render: (n) => t(`notifications.directions.${n.direction}`),
    },
    { key: 'subject', header: t('notifications.columns.subject'), sortKey: 'subject', render: subjectOf },
    {
      key: 'active',
      header: t('notifications.columns.active'),
      sortKey: 'active',
      render: (n) => (
        <Switch
          checked={n.active}
          onChange={(event) => handleActive(n, event.currentTarget.checked)}
          aria-label={t('notifications.activeOf', { subject: subjectOf(n) })}
        />
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (n) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIcon
            variant="subtle"
            onClick={() => setEditing(n.id)}
            aria-label={t('notifications.editOf', { subject: subjectOf(n) })}
          >
            <IconPencil size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon
            variant="subtle"
            color="red"
            onClick={() => setDeleting(n)}
            aria-label={t('notifications.deleteOf', { subject: subjectOf(n) })}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Group>
      ),
    },
  ];

  return (
    <Stack>
      <Group justify="space-between" align="flex-start">
        <Text c="dimmed" maw={720}>
          {t('notifications.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing(null)}>
          {t('notifications.create')}
        </Button>
      </Group>
      <DataTable<NotificationSummary>
        label={t('notifications.title')}
        columns={columns}
        {...fromQuery(list)}
        state={state}
        onStateChange={setState}
        getRowId={(n) => n.id}
        onRowClick={(n) => setEditing(n.id)}
        emptyText={t('notifications.emptySearch')}
        emptyState={<Text c="dimmed">{t('notifications.empty')}</Text>}
      />
      {editing !== undefined && (
        <NotificationModal
          projectId={projectId}
          notificationId={editing}
          onClose={() => setEditing(undefined)}
        />
      )}
      <ConfirmModal
        opened={deleting !== null}
        title={t('notifications.deleteTitle')}
        confirmLabel={t('common.delete')}
        danger
        loading={remove.isPending}
        onConfirm={handleDelete}
        onCancel={() => setDeleting(null)}
      >
        {t('notifications.deleteBody', { subject: deleting ? subjectOf(deleting) : '' })}
      </ConfirmModal>
    </Stack>
  );
}
