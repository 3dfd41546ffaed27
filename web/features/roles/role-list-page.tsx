import { Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconUserStar } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Role, RoleList } from '../../../contracts/roles';
import { EditDeleteActions } from '../../components/actions/edit-delete-actions';
import { SortableList } from '../../components/sortable/sortable-list';
import { usePageTitle } from '../../lib/page-title';
import { roleKeys, roleListQuery, saveRoleOrder } from './api';
import { RoleDefaultSelects } from './role-default-selects';
import { RoleDeleteModal, RoleFormModal } from './role-modals';

type Dialog = { kind: 'form'; role: Role | null } | { kind: 'delete'; role: Role } | null;

/** J4: the participant roles of a project: create, rename, sort, delete; the default role and persona role. */
export function RoleListPage() {
  const { t } = useTranslation();
  const { projectId } = useParams({ from: '/app/projects/$projectId/roles' });
  usePageTitle(t('roles.title'));
  const query = useQuery(roleListQuery(projectId));

  return (
    <Stack maw={860}>
      <Title order={1} size="h2">
        {t('roles.title')}
      </Title>
      <Text c="dimmed" size="sm">
        {t('roles.intro')}
      </Text>
      {query.data ? (
        <RoleEditor key={projectId} projectId={projectId} list={query.data} />
      ) : query.isError ? (
        <Group>
          <Text>{t('errors.unexpected')}</Text>
          <Button variant="light" onClick={() => void query.refetch()}>
            {t('common.retry')}
          </Button>
        </Group>
      ) : (
        <Loader role="progressbar" aria-label={t('common.loading')} />
      )}
    </Stack>
  );
}

function RoleEditor({ projectId, list }: { projectId: string; list: RoleList }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<Dialog>(null);
  const english = i18n.language === 'en';
  const nameOf = (role: Role) => (english ? role.name.en : role.name.fr);
  const items = useMemo(
    () => list.items.map((role) => ({ ...role, label: english ? role.name.en : role.name.fr })),
    [list.items, english],
  );

  return (
    <>
      {items.length > 0 && (
        <Paper withBorder p="md">
          <RoleDefaultSelects projectId={projectId} list={list} nameOf={nameOf} />
        </Paper>
      )}

      <Group justify="space-between" mt="md">
        <Title order={2} size="h3">
          {t('roles.listTitle')}
        </Title>
        {items.length > 0 && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => setDialog({ kind: 'form', role: null })}
          >
            {t('roles.create')}
          </Button>
        )}
      </Group>

      {items.length === 0 ? (
        <Paper withBorder p="xl" data-testid="roles-empty">
          <Stack align="center" gap="sm">
            <IconUserStar size={32} aria-hidden />
            <Text>{t('roles.empty')}</Text>
            <Button
              leftSection={<IconPlus size={16} />}
              onClick={() => setDialog({ kind: 'form', role: null })}
            >
              {t('roles.create')}
            </Button>
          </Stack>
        </Paper>
      ) : (
        <SortableList
          label={t('roles.listTitle')}
          items={items}
          onSave={(order) => saveRoleOrder(projectId, order.items)}
          onReload={() => queryClient.invalidateQueries({ queryKey: roleKeys.list(projectId) })}
          renderItem={(role) => (
            <Group justify="space-between" wrap="nowrap" data-testid="role-row">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Group gap="xs">
                  <Text fw={600} data-testid="role-name">
                    {role.label}
                  </Text>
                  {role.id === list.defaultRoleId && (
                    <Badge size="sm" variant="light">
                      {t('roles.defaultBadge')}
                    </Badge>
                  )}
                  {role.id === list.defaultPersonaRoleId && (
                    <Badge size="sm" variant="light" color="grape">
                      {t('roles.personaBadge')}
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {english ? role.name.fr : role.name.en} ·{' '}
                  {t('roles.participantCount', { count: role.participantCount })}
                </Text>
              </Stack>
              <Group gap={4} wrap="nowrap">
                <EditDeleteActions
                  editLabel={t('roles.editNamed', { name: role.label })}
                  deleteLabel={t('roles.deleteNamed', { name: role.label })}
                  onEdit={() => setDialog({ kind: 'form', role })}
                  onDelete={() => setDialog({ kind: 'delete', role })}
                />
              </Group>
            </Group>
          )}
        />
      )}

      {dialog?.kind === 'form' && (
        <RoleFormModal projectId={projectId} role={dialog.role} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'delete' && (
        <RoleDeleteModal
          projectId={projectId}
          role={dialog.role}
          others={list.items.filter((r) => r.id !== dialog.role.id)}
          nameOf={nameOf}
          isDefault={[list.defaultRoleId, list.defaultPersonaRoleId].includes(dialog.role.id)}
          onClose={() => setDialog(null)}
        />
      )}
    </>
  );
}

/** The default role and the default persona role: each saved as soon as it is chosen (or cleared). */
