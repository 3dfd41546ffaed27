import { ActionIcon, Badge, Button, Group, Menu, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconDots,
  IconKey,
  IconMailForward,
  IconPencil,
  IconPlus,
  IconTrash,
  IconX,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { USER_ROLES, type UserItem } from '../../../contracts/users';
import { type Column, DataTable } from '../../components/data-table/data-table';
import { ListFilter } from '../../components/data-table/list-filter';
import { bindListTable, listQueryOf } from '../../components/data-table/list-search';
import { ConfirmModal } from '../../components/modal/app-modal';
import { useFormat } from '../../lib/format';
import { usePageTitle } from '../../lib/page-title';
import {
  useCancelInvitation,
  useDeleteUser,
  useGeneratePin,
  useResendInvitation,
  userListQuery,
} from './api';
import { PinModal, UserFormModal } from './user-modals';

type Dialog =
  | { kind: 'edit'; user: UserItem | 'new' }
  | { kind: 'delete' | 'cancel' | 'pin'; user: UserItem }
  | { kind: 'pinShown'; user: UserItem; pin: string; expiresAt: string }
  | null;

const STATUS_COLOR = { active: 'teal', invited: 'blue', invitationExpired: 'orange' } as const;

/** A1: Administration › Utilisateurs — the company's users by role, invitations, PINs. */
export function UserListPage() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const { date, dateTime } = useFormat();
  const search = useSearch({ from: '/app/admin/users' });
  const navigate = useNavigate({ from: '/admin/users' });
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery(userListQuery({ ...listQueryOf(search), role: search.role }));
  const remove = useDeleteUser();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const pin = useGeneratePin();
  const name = (u: UserItem) => `${u.firstName} ${u.lastName}`;
  const done = (message: string) => {
    notifications.show({ color: 'teal', message });
    setDialog(null);
  };

  const columns: Column<UserItem>[] = [
    {
      key: 'name',
      header: t('users.fields.name'),
      sortKey: 'name',
      render: (u) => (
        <Text size="sm" fw={500}>
          {name(u)}{' '}
          {u.isSelf && (
            <Text span size="xs" c="dimmed">
              ({t('users.you')})
            </Text>
          )}
        </Text>
      ),
    },
    { key: 'email', header: t('users.fields.email'), sortKey: 'email', render: (u) => u.email },
    {
      key: 'role',
      header: t('users.fields.role'),
      sortKey: 'role',
      render: (u) => t(`users.roles.${u.role}`),
    },
    {
      key: 'lastSignInAt',
      header: t('users.fields.lastSignInAt'),
      sortKey: 'lastSignInAt',
      render: (u) => (u.lastSignInAt ? dateTime(u.lastSignInAt) : t('users.never')),
    },
    {
      key: 'status',
      header: t('users.fields.status'),
      render: (u) => (
        <Badge size="sm" variant="light" color={STATUS_COLOR[u.status]}>
          {t(`users.status.${u.status}`, { date: u.invitationExpiresAt ? date(u.invitationExpiresAt) : '' })}
        </Badge>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      align: 'right',
      render: (u) => (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <ActionIcon
              variant="subtle"
              aria-label={`${t('common.actions')} — ${name(u)}`}
              onClick={(e) => e.stopPropagation()}
            >
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown onClick={(e) => e.stopPropagation()}>
            <Menu.Item
              leftSection={<IconPencil size={14} />}
              onClick={() => setDialog({ kind: 'edit', user: u })}
            >
              {t('common.edit')}
            </Menu.Item>
            {u.status === 'active' ? (
              <Menu.Item
                leftSection={<IconKey size={14} />}
                onClick={() => setDialog({ kind: 'pin', user: u })}
              >
                {t('users.pin')}
              </Menu.Item>
            ) : (
              <>
                <Menu.Item
                  leftSection={<IconMailForward size={14} />}
                  onClick={() =>
                    resend.mutate(u.id, {
                      onSuccess: () => done(t('users.notifications.resent', { address: u.email })),
                    })
                  }
                >
                  {t('users.resend')}
                </Menu.Item>
                <Menu.Item
                  leftSection={<IconX size={14} />}
                  onClick={() => setDialog({ kind: 'cancel', user: u })}
                >
                  {t('users.cancelInvitation')}
                </Menu.Item>
              </>
            )}
            {!u.isSelf && u.status === 'active' && (
              <Menu.Item
                color="red"
                c="var(--mantine-color-red-light-color)"
                leftSection={<IconTrash size={14} />}
                onClick={() => setDialog({ kind: 'delete', user: u })}
              >
                {t('common.delete')}
              </Menu.Item>
            )}
          </Menu.Dropdown>
        </Menu>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" mb="md">
        <Title order={1} size="h2">
          {t('users.title')}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', user: 'new' })}>
          {t('users.invite')}
        </Button>
      </Group>
      <DataTable
        label={t('users.title')}
        columns={columns}
        {...bindListTable(list, search, navigate as never)}
        getRowId={(u) => u.id}
        onRowClick={(u) => setDialog({ kind: 'edit', user: u })}
        emptyText={t('users.empty')}
        filters={
          <ListFilter
            label={t('users.roleFilter')}
            options={[
              { value: 'all' as const, label: t('users.allRoles') },
              ...USER_ROLES.map((r) => ({ value: r, label: t(`users.roles.${r}`) })),
            ]}
            value={search.role}
            onChange={(role) =>
              void navigate({
                search: (prev) => ({ ...prev, role: role === 'all' ? undefined : role, page: undefined }),
              })
            }
            testId="role-filter"
          />
        }
      />
      {dialog?.kind === 'edit' && <UserFormModal user={dialog.user} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'pinShown' && (
        <PinModal
          name={name(dialog.user)}
          pin={dialog.pin}
          expiresAt={dialog.expiresAt}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'pin' && (
        <ConfirmModal
          opened
          title={t('users.pinConfirmTitle')}
          confirmLabel={t('users.pin')}
          onCancel={() => setDialog(null)}
          loading={pin.isPending}
          onConfirm={() =>
            pin.mutate(dialog.user.id, {
              onSuccess: (made) => setDialog({ kind: 'pinShown', user: dialog.user, ...made }),
            })
          }
        >
          {t('users.pinConfirmBody', { name: name(dialog.user) })}
        </ConfirmModal>
      )}
      {dialog?.kind === 'cancel' && (
        <ConfirmModal
          opened
          danger
          title={t('users.cancelTitle')}
          confirmLabel={t('users.cancelInvitation')}
          onCancel={() => setDialog(null)}
          loading={cancel.isPending}
          onConfirm={() =>
            cancel.mutate(dialog.user.id, { onSuccess: () => done(t('users.notifications.cancelled')) })
          }
        >
          {t('users.cancelBody', { name: name(dialog.user), address: dialog.user.email })}
        </ConfirmModal>
      )}
      {dialog?.kind === 'delete' && (
        <ConfirmModal
          opened
          danger
          title={t('users.deleteTitle')}
          confirmLabel={t('common.delete')}
          onCancel={() => setDialog(null)}
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(dialog.user.id, { onSuccess: () => done(t('users.notifications.deleted')) })
          }
        >
          {t('users.deleteBody', { name: name(dialog.user) })}
        </ConfirmModal>
      )}
    </>
  );
}
