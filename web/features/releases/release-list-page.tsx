import { ActionIcon, Button, Group, Loader, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReleaseSummary } from '../../../contracts/releases';
import { ConfirmModal } from '../../components/modal/app-modal';
import { ActionIconTo } from '../../components/router-links';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import { releaseListQuery, useDeleteRelease, useSetReleaseActive } from './api';
import { ReleaseCreateModal } from './release-form';

/** A5: every release, newest version first: its date, whether it shows on "What's new", create and delete. */
export function ReleaseListPage() {
  const { t } = useTranslation();
  usePageTitle(t('releases.title'));
  const { date, number } = useFormat();
  const list = useQuery(releaseListQuery);
  const setActive = useSetReleaseActive();
  const remove = useDeleteRelease();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  // The new release's page opens once the form is gone (its unsaved-changes guard would hold the way).
  useEffect(() => {
    if (created) void navigate({ to: '/admin/releases/$releaseId', params: { releaseId: created } });
  }, [created, navigate]);
  const [deleting, setDeleting] = useState<ReleaseSummary | null>(null);

  const rows = (list.data ?? []).map((release) => (
    <Table.Tr key={release.id} data-release={release.version}>
      <Table.Td>
        <Link to="/admin/releases/$releaseId" params={{ releaseId: release.id }}>
          {t('releases.versionLabel', { version: release.version })}
        </Link>
      </Table.Td>
      <Table.Td>{release.releasedOn ? date(release.releasedOn, 'long') : '—'}</Table.Td>
      <Table.Td ta="right">{number(release.itemCount)}</Table.Td>
      <Table.Td>
        <Switch
          aria-label={t('releases.activeFor', { version: release.version })}
          checked={release.isActive}
          onChange={(event) => {
            const isActive = event.currentTarget.checked;
            setActive.mutate(
              { releaseId: release.id, isActive },
              {
                onSuccess: () =>
                  notifications.show({
                    color: 'teal',
                    message: t(
                      isActive ? 'releases.notifications.activated' : 'releases.notifications.deactivated',
                      {
                        version: release.version,
                      },
                    ),
                  }),
              },
            );
          }}
          data-testid="active-switch"
        />
      </Table.Td>
      <Table.Td>
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <ActionIconTo
            to="/admin/releases/$releaseId"
            params={{ releaseId: release.id }}
            variant="subtle"
            aria-label={t('releases.editVersion', { version: release.version })}
          >
            <IconPencil size={16} />
          </ActionIconTo>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={t('releases.deleteVersion', { version: release.version })}
            onClick={() => setDeleting(release)}
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      </Table.Td>
    </Table.Tr>
  ));

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('releases.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t('releases.create')}
        </Button>
      </Group>
      <Paper withBorder>
        <Table verticalSpacing="sm" highlightOnHover aria-label={t('releases.title')}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('releases.fields.version')}</Table.Th>
              <Table.Th>{t('releases.fields.releasedOn')}</Table.Th>
              <Table.Th ta="right">{t('releases.fields.itemCount')}</Table.Th>
              <Table.Th>{t('releases.fields.active')}</Table.Th>
              <Table.Th ta="right">{t('common.actions')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={5} ta="center">
                  <Loader size="sm" role="progressbar" aria-label={t('common.loading')} />
                </Table.Td>
              </Table.Tr>
            ) : rows.length > 0 ? (
              rows
            ) : (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed" size="sm" ta="center">
                    {t('releases.empty')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )}
          </Table.Tbody>
        </Table>
      </Paper>
      {creating && (
        <ReleaseCreateModal
          onClose={() => setCreating(false)}
          onCreated={(release) => {
            setCreating(false);
            setCreated(release.id);
          }}
        />
      )}
      {deleting && (
        <ConfirmModal
          opened
          danger
          title={t('releases.deleteTitle')}
          confirmLabel={t('common.delete')}
          loading={remove.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => {
                notifications.show({
                  color: 'teal',
                  message: t('releases.notifications.deleted', { version: deleting.version }),
                });
                setDeleting(null);
              },
            })
          }
        >
          {t('releases.deleteBody', { version: deleting.version })}
        </ConfirmModal>
      )}
    </>
  );
}
